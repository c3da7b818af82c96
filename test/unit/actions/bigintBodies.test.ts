import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { buy } from "../../../src/actions/buy.js"
import { NFT } from "../fixtures.js"
import { doneResponse, setupActions } from "./actionFixtures.js"

describe("bigints in request bodies", () => {
  it.effect("a body's bigints become decimal strings at any depth, and its undefined fields are dropped", () =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions()
      api.route("POST", "/execute/buy/v7", { body: doneResponse })
      const options = { partial: undefined, n: -5n, price: { raw: 10n ** 30n } }
      yield* run(buy({ items: [{ token: `${NFT}:1`, quantity: 2n as unknown as number }], options }))
      const body = api.requests[0]!.body
      expect(body).toEqual({
        items: [{ token: `${NFT}:1`, quantity: "2" }],
        taker: wallet.address,
        n: "-5",
        price: { raw: "1000000000000000000000000000000" },
      })
      expect(Object.keys(body as object)).not.toContain("partial")
      expect(JSON.parse(JSON.stringify(body))).toEqual(body)
    }),
  )

  it.effect("a buy whose items hold a bigint sends it as a decimal string", () =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions()
      api.route("POST", "/execute/buy/v7", { body: doneResponse })
      const result = yield* run(buy({ items: [{ token: `${NFT}:1`, quantity: 3n as unknown as number }] }))
      expect(result).toBe(true)
      expect(api.requests[0]!.body).toEqual({ items: [{ token: `${NFT}:1`, quantity: "3" }], taker: wallet.address })
    }),
  )
})
