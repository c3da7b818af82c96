import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { buy } from "../../../src/actions/buy.js"
import { list } from "../../../src/actions/list.js"
import { PluginRejectedError } from "../../../src/errors/index.js"
import { definePlugin, type Plugin } from "../../../src/plugins/Plugin.js"
import { quotesOf } from "../../../src/plugins/priceCheck.js"
import { doneResponse, failureOf, setupActions } from "../actions/actionFixtures.js"
import { NFT, step, txItem } from "../fixtures.js"

/** A guard refusing buys whose total in any currency is above `limit` (raw units). */
const spendLimit = (limit: bigint): Plugin =>
  definePlugin({
    name: "spend-limit",
    guard: (response, context) => {
      const over = context.action === "buy" ? quotesOf(response).find((quote) => quote.raw > limit) : undefined
      return over === undefined
        ? Effect.void
        : Effect.fail(
            new PluginRejectedError({
              plugin: "spend-limit",
              message: `Spend limit exceeded: ${over.raw} > ${limit}`,
              data: { limit: limit.toString() },
            }),
          )
    },
  })

/** An analytics observer recording how actions end. */
const analytics = (log: Array<string>): Plugin =>
  definePlugin({
    name: "analytics",
    observe: {
      onComplete: (event) => Effect.sync(() => log.push(`${event.context.action}:ok`)),
      onError: (event) => Effect.sync(() => log.push(`${event.context.action}:${event.error._tag}`)),
    },
  })

const quoted = (from: `0x${string}`, raw: bigint) => ({
  steps: [step("sale", "transaction", [txItem(from)])],
  path: [{ currency: NFT, currencyDecimals: 18, rawQuote: raw.toString() }],
})

describe("user-written plugins", () => {
  it.effect("a spend-limit guard refuses an order above the limit before anything is signed", () =>
    Effect.gen(function* () {
      const log: Array<string> = []
      const { api, wallet, run } = setupActions({ plugins: [spendLimit(100n), analytics(log)] })
      api.route("POST", "/execute/buy/v7", { body: quoted(wallet.address, 101n) })
      const error = failureOf(yield* Effect.exit(run(buy({ items: [{ token: `${NFT}:1` }] }))))
      expect(error).toBeInstanceOf(PluginRejectedError)
      expect(error.message).toBe("Spend limit exceeded: 101 > 100")
      expect(wallet.calls).toEqual([])
      expect(log).toEqual(["buy:PluginRejectedError"])
    }),
  )

  it.effect("the same guard lets an order within the limit through, and the observer sees it complete", () =>
    Effect.gen(function* () {
      const log: Array<string> = []
      const { api, wallet, run } = setupActions({ plugins: [spendLimit(100n), analytics(log)] })
      api
        .route("POST", "/execute/buy/v7", { body: quoted(wallet.address, 100n) })
        .route("GET", /synced/, { body: { synced: true } })
        .route("GET", "/transfers/bulk/v2", (req) => ({
          body: { transfers: req.query.txHash!.map((txHash) => ({ txHash })) },
        }))
      expect(yield* run(buy({ items: [{ token: `${NFT}:1` }] }))).toBe(true)
      expect(wallet.sent).toHaveLength(1)
      expect(log).toEqual(["buy:ok"])
    }),
  )

  it.effect("a plugin given per call replaces the client's plugin of the same name", () =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions({ plugins: [spendLimit(100n)] })
      api
        .route("POST", "/execute/buy/v7", { body: quoted(wallet.address, 150n) })
        .route("GET", /synced/, { body: { synced: true } })
      api.route("GET", "/transfers/bulk/v2", (req) => ({
        body: { transfers: req.query.txHash!.map((txHash) => ({ txHash })) },
      }))
      expect(yield* run(buy({ items: [{ token: `${NFT}:1` }], plugins: [spendLimit(200n)] }))).toBe(true)
    }),
  )

  it.effect("a request transform may change the body", () =>
    Effect.gen(function* () {
      const { api, run } = setupActions({
        plugins: [
          definePlugin({ name: "tag", transformRequest: (body) => Effect.succeed({ ...body, source: "tagged.app" }) }),
        ],
      })
      api.route("POST", "/execute/list/v5", { body: doneResponse })
      yield* run(list({ listings: [] }))
      expect(api.requests[0]!.body).toMatchObject({ source: "tagged.app" })
    }),
  )

  it.effect("a failing observer never fails the action", () =>
    Effect.gen(function* () {
      const broken = definePlugin({
        name: "broken",
        observe: { onComplete: () => Effect.fail("nope"), onError: () => Effect.die(new Error("boom")) },
      })
      const { api, run } = setupActions({ plugins: [broken] })
      api.route("POST", "/execute/list/v5", { body: doneResponse })
      expect(yield* run(list({ listings: [] }))).toBe(true)
      api.route("POST", "/execute/list/v5", { status: 400, body: { message: "down" } })
      expect(failureOf(yield* Effect.exit(run(list({ listings: [] })))).message).toBe("down")
    }),
  )
})
