import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { bid } from "../../../src/actions/bid.js"
import { buy } from "../../../src/actions/buy.js"
import { call } from "../../../src/actions/call.js"
import { cancel } from "../../../src/actions/cancel.js"
import { list } from "../../../src/actions/list.js"
import { mint } from "../../../src/actions/mint.js"
import { sell } from "../../../src/actions/sell.js"
import { transfer } from "../../../src/actions/transfer.js"
import { BidDataMissingError, MissingChainConfigurationError, NoOrderIdsError } from "../../../src/errors/index.js"
import { OTHER } from "../fixtures.js"
import { failureOf, setupActions } from "./actionFixtures.js"

describe("action input validation: typed errors before any request", () => {
  it.effect("cancel without order ids fails with NoOrderIdsError 'No order ids specified'", () =>
    Effect.gen(function* () {
      const { api, run } = setupActions()
      const error = failureOf(yield* Effect.exit(run(cancel({ orderIds: [] }))))
      expect(error).toBeInstanceOf(NoOrderIdsError)
      expect(error.message).toBe("No order ids specified")
      expect(api.requests).toEqual([])
    }),
  )

  it.effect.each<readonly [string, Record<string, string>]>([
    ["no target at all", { weiPrice: "1" }],
    ["an attribute key without a value", { attributeKey: "Hat", weiPrice: "1" }],
    ["an attribute value without a key", { attributeValue: "Red", weiPrice: "1" }],
  ])("a bid with %s fails with BidDataMissingError 'Some bid data is missing', the bid attached", ([, badBid]) =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions()
      const error = failureOf(yield* Effect.exit(run(bid({ bids: [{ collection: OTHER, weiPrice: "1" }, badBid] }))))
      expect(error).toBeInstanceOf(BidDataMissingError)
      expect(error.message).toBe("Some bid data is missing")
      expect((error as BidDataMissingError).bid).toEqual(badBid)
      expect(api.requests).toEqual([])
      expect(wallet.calls).toEqual([])
    }),
  )

  it.effect("a bid on a token, a collection, a token set or an attribute pair passes validation", () =>
    Effect.gen(function* () {
      const { api, run } = setupActions()
      api.route("POST", "/execute/bid/v5", { body: { steps: [] } })
      const bids = [
        { token: `${OTHER}:1` },
        { collection: OTHER },
        { tokenSetId: "token:x" },
        { attributeKey: "Hat", attributeValue: "Red" },
      ]
      expect(yield* run(bid({ bids }))).toBe(true)
      expect(api.requestsTo("/execute/bid/v5")).toHaveLength(1)
    }),
  )

  const unconfigured = [
    ["buy", buy({ items: [], chainId: 999 })],
    ["sell", sell({ items: [], chainId: 999 })],
    ["mint", mint({ items: [], chainId: 999 })],
    ["list", list({ listings: [], chainId: 999 })],
    ["cancel", cancel({ orderIds: ["0x1"], chainId: 999 })],
    ["transfer", transfer({ to: OTHER, items: [], chainId: 999 })],
    ["call (origin)", call({ txs: [], toChainId: 1, chainId: 999 })],
    ["call (destination)", call({ txs: [], toChainId: 999 })],
  ] as const

  it.effect.each(unconfigured)(
    "%s on an unconfigured chain fails with 'ReservoirClient missing chain configuration'",
    ([, action]) =>
      Effect.gen(function* () {
        const { api, run } = setupActions()
        const error = failureOf(yield* Effect.exit(run(action as Effect.Effect<unknown, unknown, never>)))
        expect(error).toBeInstanceOf(MissingChainConfigurationError)
        expect((error as MissingChainConfigurationError).message).toBe("ReservoirClient missing chain configuration")
        expect((error as MissingChainConfigurationError).chainId).toBe(999)
        expect(api.requests).toEqual([])
      }),
  )

  it.effect("a bid on an unconfigured chain fails with 'ReservoirClient missing configuration'", () =>
    Effect.gen(function* () {
      const { api, run } = setupActions()
      const error = failureOf(yield* Effect.exit(run(bid({ bids: [{ collection: OTHER }], chainId: 999 }))))
      expect(error).toBeInstanceOf(MissingChainConfigurationError)
      expect(error.message).toBe("ReservoirClient missing configuration")
      expect(api.requests).toEqual([])
    }),
  )

  it.effect("without any chain configured, actions fail with MissingChainConfigurationError", () =>
    Effect.gen(function* () {
      const { api, run } = setupActions({ chains: [] })
      const error = failureOf(yield* Effect.exit(run(buy({ items: [{ token: `${OTHER}:1` }] }))))
      expect(error.message).toBe("ReservoirClient missing chain configuration")
      expect(api.requests).toEqual([])
    }),
  )
})
