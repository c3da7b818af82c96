import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { getAddress } from "viem"
import { OpenSeaError } from "../../../../../src/apis/opensea/book/OpenSeaError.js"
import {
  attempt,
  collectionOf,
  feeOf,
  orderByHash,
  type PlanContext,
  read,
} from "../../../../../src/apis/opensea/book/PlanContext.js"

const contract = "0x3333333333333333333333333333333333333333"
const recipient = "0x0000a26b00c1f0df003000390027140000faa719"
const weth = "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2"

/** A plan context whose OpenSea answers `answers[path]` (decoded as the real client would); no other path. */
const contextAnswering = (answers: Record<string, unknown>) => {
  const asked: Array<string> = []
  const client = {
    ask: (schema: Schema.Codec<unknown, unknown>, _method: string, path: string) => {
      asked.push(path)
      return path in answers
        ? Effect.mapError(Schema.decodeUnknownEffect(schema)(answers[path]), (e) => OpenSeaError.unreadable(String(e)))
        : Effect.fail(OpenSeaError.notFound(`no route ${path}`))
    },
  }
  const ctx = { chainName: "ethereum", client, config: { seaport: "0x00" } } as unknown as PlanContext
  return { ctx, asked }
}

describe("PlanContext", () => {
  it.effect("reads a collection's required fees in basis points, its currencies and zone", () =>
    Effect.gen(function* () {
      const { ctx } = contextAnswering({
        [`/api/v2/chain/ethereum/contract/${contract}`]: { collection: "cool cats", contract_standard: "ERC1155" },
        "/api/v2/collections/cool%20cats": {
          fees: [
            { fee: 2.5, recipient, required: true },
            { fee: "1.005", recipient, required: true },
            { fee: 5, recipient, required: false },
          ],
          pricing_currencies: { offer_currency: { address: weth }, listing_currency: null },
          required_zone: "",
        },
      })
      const collection = yield* collectionOf(ctx, contract)
      expect(collection).toEqual({
        slug: "cool cats",
        standard: "erc1155",
        fees: [
          { recipient: getAddress(recipient), basisPoints: 250n },
          { recipient: getAddress(recipient), basisPoints: 101n },
        ],
        offerCurrency: getAddress(weth),
        listingCurrency: undefined,
        requiredZone: undefined,
      })
    }),
  )

  it.effect("fails NotFound when OpenSea knows no collection for the contract, without asking further", () =>
    Effect.gen(function* () {
      const { ctx, asked } = contextAnswering({ [`/api/v2/chain/ethereum/contract/${contract}`]: { collection: null } })
      const error = yield* Effect.flip(collectionOf(ctx, contract))
      expect(error.reason._tag).toBe("NotFound")
      expect(error.message).toBe(`OpenSea knows no collection for ${contract} on ethereum`)
      expect(asked).toHaveLength(1)
    }),
  )

  it.effect("fails Unreadable on a fee that is not a percentage", () =>
    Effect.gen(function* () {
      const { ctx } = contextAnswering({
        [`/api/v2/chain/ethereum/contract/${contract}`]: { collection: "c" },
        "/api/v2/collections/c": { fees: [{ fee: "lots", recipient, required: true }] },
      })
      const error = yield* Effect.flip(collectionOf(ctx, contract))
      expect(error.reason._tag).toBe("Unreadable")
      expect(error.message).toContain('"lots"')
    }),
  )

  it.effect.each([["0x1234"], [42], [`0x${"zz".repeat(32)}`]])("refuses %s as an order id before asking", ([hash]) =>
    Effect.gen(function* () {
      const { ctx, asked } = contextAnswering({})
      const error = yield* Effect.flip(orderByHash(ctx, hash))
      expect(error.reason._tag).toBe("Invalid")
      expect(error.message).toContain("is not an OpenSea order id")
      expect(asked).toEqual([])
    }),
  )

  it.effect("turns a throwing reading into an Unreadable error, and a refused one into its own error", () =>
    Effect.gen(function* () {
      const thrown = yield* Effect.flip(attempt(() => BigInt("1.5")))
      expect(thrown.reason._tag).toBe("Unreadable")
      expect(thrown.message).toMatch(/^OpenSea sent an unusable answer: /)
      const refusal = OpenSeaError.invalid("no")
      expect(yield* Effect.flip(read(() => Result.fail(refusal)))).toBe(refusal)
      expect(yield* read(() => Result.succeed(7))).toBe(7)
    }),
  )

  it("takes a fee's share of a price, rounding down", () => {
    expect(feeOf(10_000n, 250n)).toBe(250n)
    expect(feeOf(999n, 250n)).toBe(24n)
    expect(feeOf(0n, 250n)).toBe(0n)
  })
})
