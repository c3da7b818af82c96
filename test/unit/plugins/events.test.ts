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
import { eventNameFor, eventsPlugin, type ReservoirEvent } from "../../../src/plugins/events.js"
import { BASE_CHAIN, doneResponse, setupActions } from "../actions/actionFixtures.js"
import { NFT, OTHER } from "../fixtures.js"

const cases = [
  ["buy", "/execute/buy/v7", buy({ items: [{ token: `${NFT}:1` }] }), "purchase"],
  ["sell", "/execute/sell/v7", sell({ items: [{ token: `${NFT}:1` }] }), "accept_offer"],
  ["bid", "/execute/bid/v5", bid({ bids: [{ collection: NFT }] }), "offer"],
  ["list", "/execute/list/v5", list({ listings: [{ token: `${NFT}:1` }] }), "listing"],
  ["cancel", "/execute/cancel/v3", cancel({ orderIds: ["0x1"] }), "cancel"],
  ["mint", "/execute/mint/v1", mint({ items: [{ collection: NFT }] }), undefined],
  ["transfer", "/execute/transfer/v1", transfer({ to: OTHER, items: [] }), undefined],
  ["call", "/execute/call/v1", call({ toChainId: 8453, txs: [] }), undefined],
] as const

const withEvents = () => {
  const events: Array<{ event: ReservoirEvent; chainId: number }> = []
  const setup = setupActions({ plugins: [eventsPlugin((event, chainId) => events.push({ event, chainId }))] })
  return { ...setup, events }
}

describe("events plugin", () => {
  it.effect.each(cases)(
    "%s emits its completion event with the execution and the chain id (a call's origin)",
    ([, path, action, prefix]) =>
      Effect.gen(function* () {
        const { api, run, events } = withEvents()
        api.route("POST", path, { body: { ...doneResponse, requestId: "r1" } })
        yield* run(action as Effect.Effect<unknown, unknown, never>)
        expect(events).toHaveLength(1)
        expect(events[0]!.event.name).toBe(prefix === undefined ? "unknown" : `${prefix}_complete`)
        expect(events[0]!.event.data).toMatchObject({ steps: doneResponse.steps, requestId: "r1" })
        expect(events[0]!.event.data.error).toBeUndefined()
        expect(events[0]!.chainId).toBe(1)
      }),
  )

  it.effect.each(cases)("%s emits its error event with the error when the API fails", ([, path, action, prefix]) =>
    Effect.gen(function* () {
      const { api, run, events } = withEvents()
      api.route("POST", path, { status: 400, body: { message: "Boom" } })
      yield* Effect.exit(run(action as Effect.Effect<unknown, unknown, never>))
      expect(events.map((e) => e.event.name)).toEqual([prefix === undefined ? "unknown" : `${prefix}_error`])
      expect(events[0]!.event.data).toEqual({ steps: [], error: { _tag: "APIError", message: "Boom" } })
    }),
  )

  it.effect("a call's events carry its origin chain id, not the destination's", () =>
    Effect.gen(function* () {
      const { api, run, events } = withEvents()
      api.route("POST", "/execute/call/v1", [{ body: doneResponse }, { status: 400, body: { message: "Boom" } }])
      yield* run(call({ chainId: BASE_CHAIN.id, toChainId: 1, txs: [] }))
      yield* Effect.exit(run(call({ chainId: BASE_CHAIN.id, toChainId: 1, txs: [] })))
      expect(api.requestsTo("/execute/call/v1").map((request) => request.url.origin)).toEqual([
        "https://api.test",
        "https://api.test",
      ])
      expect(events.map(({ event, chainId }) => [event.name, chainId])).toEqual([
        ["unknown", BASE_CHAIN.id],
        ["unknown", BASE_CHAIN.id],
      ])
    }),
  )

  it.effect("an error during execution carries the steps as they ended", () =>
    Effect.gen(function* () {
      const { api, wallet, run, events } = withEvents()
      wallet.behaviour.rejectTransactions = true
      api.route("POST", "/execute/buy/v7", {
        body: {
          steps: [
            {
              id: "sale",
              kind: "transaction",
              items: [{ status: "incomplete", data: { from: wallet.address, to: NFT } }],
            },
          ],
        },
      })
      yield* Effect.exit(run(buy({ items: [{ token: `${NFT}:1` }] })))
      expect(events[0]!.event.name).toBe("purchase_error")
      expect(events[0]!.event.data.steps[0]!.items![0]!.error).toBe("User rejected the request.")
      expect(events[0]!.event.data.error).toEqual({ _tag: "UserRejectedError", message: "User rejected the request." })
    }),
  )

  it.effect("a precheck and a validation failure emit nothing", () =>
    Effect.gen(function* () {
      const { api, run, events } = withEvents()
      api.route("POST", "/execute/buy/v7", { body: doneResponse })
      yield* run(buy({ items: [], precheck: true }))
      yield* Effect.exit(run(cancel({ orderIds: [] })))
      expect(events).toEqual([])
    }),
  )

  it("names events by path", () => {
    expect(eventNameFor("buy", false)).toBe("purchase_complete")
    expect(eventNameFor("sell", true)).toBe("accept_offer_error")
    expect(eventNameFor("bid", true)).toBe("offer_error")
    expect(eventNameFor("list", false)).toBe("listing_complete")
    expect(eventNameFor("cancel", true)).toBe("cancel_error")
    expect(eventNameFor("mint", true)).toBe("unknown")
  })
})
