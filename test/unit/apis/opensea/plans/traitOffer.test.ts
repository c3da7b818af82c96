import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import type { PlanContext } from "../../../../../src/apis/opensea/book/PlanContext.js"
import {
  tokensWithTrait,
  traitCriteria,
  traitOfBid,
  withTraitCriteria,
} from "../../../../../src/apis/opensea/plans/traitOffer.js"

const hat = { type: "Hat", value: "Cap" }

/** A plan context whose NFT list answers page after page from `pages` (the last one repeating). */
const contextListing = (
  pages: ReadonlyArray<{ nfts: ReadonlyArray<{ identifier: string }>; next?: string | null }>,
) => {
  const asked: Array<string> = []
  const client = {
    ask: (schema: Schema.Codec<unknown, unknown>, _method: string, path: string) => {
      asked.push(path)
      return Effect.orDie(Schema.decodeUnknownEffect(schema)(pages[Math.min(asked.length - 1, pages.length - 1)]))
    },
  }
  return { ctx: { client } as unknown as PlanContext, asked }
}

describe("traitOffer", () => {
  it("reads a bid's trait, none when it names none", () => {
    expect(Result.getOrThrow(traitOfBid({ attributeKey: "Hat", attributeValue: "Cap" }))).toEqual(hat)
    expect(Result.getOrThrow(traitOfBid({}))).toBeUndefined()
  })

  it.each([
    [{ attributeKey: "Hat" }],
    [{ attributeValue: "Cap" }],
    [{ attributeKey: "", attributeValue: "Cap" }],
    [{ attributeKey: "Hat", attributeValue: "" }],
  ])("refuses the half trait %o", (param) => {
    const result = traitOfBid(param)
    expect(Result.isFailure(result)).toBe(true)
    if (Result.isFailure(result)) {
      expect(result.failure.reason._tag).toBe("Invalid")
      expect(result.failure.message).toContain("needs both attributeKey and attributeValue")
    }
  })

  it("puts the trait's criteria on an item's post, keeping the rest", () => {
    const item = {
      status: "incomplete",
      data: { post: { endpoint: "/api/v2/offers", body: { protocol_address: "0x1" } } },
    }
    expect(withTraitCriteria(item, "cats", hat)).toEqual({
      status: "incomplete",
      data: {
        post: { endpoint: "/api/v2/offers", body: { protocol_address: "0x1", criteria: traitCriteria("cats", hat) } },
      },
    })
    expect(traitCriteria("cats", hat)).toEqual({ collection: { slug: "cats" }, traits: [hat] })
  })

  it.effect("lists the tokens with a trait over every page, following the cursor", () =>
    Effect.gen(function* () {
      const { ctx, asked } = contextListing([
        { nfts: [{ identifier: "1" }, { identifier: "2" }], next: "page 2" },
        { nfts: [{ identifier: "30" }], next: null },
      ])
      expect(yield* tokensWithTrait(ctx, "cool cats", hat)).toEqual([1n, 2n, 30n])
      expect(asked).toHaveLength(2)
      expect(asked[0]).toContain("/api/v2/collection/cool%20cats/nfts?traits=")
      expect(asked[1]).toContain("&next=page%202")
    }),
  )

  it.effect("refuses a token id that is not a number, and a list that never ends", () =>
    Effect.gen(function* () {
      const bad = yield* Effect.flip(tokensWithTrait(contextListing([{ nfts: [{ identifier: "x" }] }]).ctx, "c", hat))
      expect(bad.reason._tag).toBe("Unreadable")
      const endless = contextListing([{ nfts: [], next: "again" }])
      const error = yield* Effect.flip(tokensWithTrait(endless.ctx, "c", hat))
      expect(error.message).toBe("OpenSea's list of c tokens with Hat Cap does not end")
      expect(endless.asked).toHaveLength(250)
    }),
  )
})
