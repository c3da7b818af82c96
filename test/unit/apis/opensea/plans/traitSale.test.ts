import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { OpenSeaError } from "../../../../../src/apis/opensea/book/OpenSeaError.js"
import type { PlanContext } from "../../../../../src/apis/opensea/book/PlanContext.js"
import {
  checkCriteriaProofs,
  checkTokenTraits,
  traitsOfCriteria,
} from "../../../../../src/apis/opensea/plans/traitSale.js"
import type { SeaportFulfilment } from "../../../../../src/apis/opensea/seaport/decodeSeaportCall.js"

const contract = "0x3333333333333333333333333333333333333333"
const nftPath = `/api/v2/chain/ethereum/contract/${contract}/nfts/7`

/** A plan context whose OpenSea answers the token's traits, counting the questions. */
const contextWithTraits = (traits: ReadonlyArray<{ trait_type: string; value: string | number }> | null) => {
  const asked: Array<string> = []
  const client = {
    ask: (schema: Schema.Codec<unknown, unknown>, _method: string, path: string) => {
      asked.push(path)
      return path === nftPath
        ? Effect.orDie(Schema.decodeUnknownEffect(schema)({ nft: { traits } }))
        : Effect.fail(OpenSeaError.notFound(path))
    },
  }
  return { ctx: { chainName: "ethereum", client } as unknown as PlanContext, asked }
}

/** A fulfilment selling into one criteria offer whose root is `root`, resolved with `identifier`. */
const fulfilment = (root: bigint, identifier: bigint): SeaportFulfilment =>
  ({
    orders: [{ parameters: { consideration: [{ itemType: 4, identifierOrCriteria: root }] } }],
    criteriaResolvers: [{ orderIndex: 0n, side: 1, index: 0n, identifier, criteriaProof: [] }],
  }) as unknown as SeaportFulfilment

describe("traitSale", () => {
  it("reads an offer's traits from the spec's list, else the older single trait", () => {
    const hat = { type: "Hat", value: "Cap" }
    expect(traitsOfCriteria({ traits: [hat], trait: { type: "X", value: "Y" } })).toEqual([hat])
    expect(traitsOfCriteria({ trait: hat })).toEqual([hat])
    expect(traitsOfCriteria({ trait: null })).toEqual([])
    expect(traitsOfCriteria(undefined)).toEqual([])
  })

  it.effect("lets a token that has every trait through, matching numbers as text", () =>
    Effect.gen(function* () {
      const { ctx } = contextWithTraits([
        { trait_type: "Hat", value: "Cap" },
        { trait_type: "Level", value: 3 },
      ])
      yield* checkTokenTraits(
        ctx,
        { contract, tokenId: "7" },
        {
          traits: [
            { type: "Hat", value: "Cap" },
            { type: "Level", value: "3" },
          ],
          numeric: [{ type: "Level", min: 2, max: 3 }],
        },
      )
    }),
  )

  it.effect("asks nothing for a collection offer", () =>
    Effect.gen(function* () {
      const { ctx, asked } = contextWithTraits([])
      yield* checkTokenTraits(ctx, { contract, tokenId: "7" }, { traits: [], numeric: [] })
      expect(asked).toEqual([])
    }),
  )

  it.effect("refuses a token that lacks a trait, naming what it has", () =>
    Effect.gen(function* () {
      const { ctx } = contextWithTraits([{ trait_type: "Hat", value: "Crown" }])
      const error = yield* Effect.flip(
        checkTokenTraits(ctx, { contract, tokenId: "7" }, { traits: [{ type: "Hat", value: "Cap" }], numeric: [] }),
      )
      expect(error.reason._tag).toBe("CheckFailed")
      expect(error.message).toContain("The token does not have the trait the offer is for")
      expect(error.facts).toMatchObject({ Token: `${contract} #7`, Expected: "Hat: Cap", Got: "Hat: Crown" })
    }),
  )

  it.effect("refuses a token whose numeric trait is outside the offer's range, or missing, naming its value", () =>
    Effect.gen(function* () {
      const { ctx } = contextWithTraits([{ trait_type: "Level", value: 9 }])
      const outside = yield* Effect.flip(
        checkTokenTraits(ctx, { contract, tokenId: "7" }, { traits: [], numeric: [{ type: "Level", min: 2, max: 5 }] }),
      )
      expect(outside.message).toContain("outside the range the offer is for")
      expect(outside.facts).toMatchObject({ Expected: "Level 2–5", Got: "Level 9" })
      const missing = yield* Effect.flip(
        checkTokenTraits(ctx, { contract, tokenId: "7" }, { traits: [], numeric: [{ type: "Rank", min: 1 }] }),
      )
      expect(missing.facts).toMatchObject({ Expected: "Rank ≥ 1", Got: "no Rank" })
    }),
  )

  it.effect("refuses a token without any traits", () =>
    Effect.gen(function* () {
      const { ctx } = contextWithTraits(null)
      const error = yield* Effect.flip(
        checkTokenTraits(ctx, { contract, tokenId: "7" }, { traits: [{ type: "Hat", value: "Cap" }], numeric: [] }),
      )
      expect(error.facts).toMatchObject({ Got: "no traits" })
    }),
  )

  it.effect("takes a resolver for the sold token against a root of 0, and refuses one for another token", () =>
    Effect.gen(function* () {
      yield* checkCriteriaProofs(fulfilment(0n, 7n), 7n)
      const error = yield* Effect.flip(checkCriteriaProofs(fulfilment(0n, 8n), 7n))
      expect(error.reason._tag).toBe("CheckFailed")
      expect(error.facts).toMatchObject({ Token: "#7", Got: "#8, proof of 0 hashes" })
    }),
  )

  it.effect("refuses an empty proof against a real root", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(checkCriteriaProofs(fulfilment(123n, 7n), 7n))
      expect(error.message).toContain("does not prove the token sold")
    }),
  )
})
