import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { compact } from "../../../src/actions/internal/compact.js"
import { buy } from "../../../src/actions/buy.js"
import { NFT } from "../fixtures.js"
import { doneResponse, setupActions } from "./actionFixtures.js"

describe("bigints in request bodies", () => {
  it("compact turns bigints into decimal strings at any depth and drops undefined fields", () => {
    const body = compact({ items: [{ token: `${NFT}:1`, quantity: 2n, price: { raw: 10n ** 30n } }], partial: undefined, n: -5n })
    expect(body).toEqual({ items: [{ token: `${NFT}:1`, quantity: "2", price: { raw: "1000000000000000000000000000000" } }], n: "-5" })
    expect(JSON.parse(JSON.stringify(body))).toEqual(body)
  })

  it.effect("a buy whose items hold a bigint sends it as a decimal string", () =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions()
      api.route("POST", "/execute/buy/v7", { body: doneResponse })
      const result = yield* run(buy({ items: [{ token: `${NFT}:1`, quantity: 3n as unknown as number }] }))
      expect(result).toBe(true)
      expect(api.requests[0]!.body).toEqual({ items: [{ token: `${NFT}:1`, quantity: "3" }], taker: wallet.address })
    }))
})
