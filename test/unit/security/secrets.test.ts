import { inspect } from "node:util"
import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as Option from "effect/Option"
import * as References from "effect/References"
import { buy } from "../../../src/actions/buy.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import { Tradekit } from "../../../src/Tradekit.js"
import { FakeNetworkError, makeFakeApi } from "../../../src/testing/FakeApi.js"
import { makeFakeWallet } from "../../../src/testing/FakeWallet.js"
import { TEST_CHAIN } from "../../../src/testing/testLayer.js"
import { EXCHANGE, NFT, TOKEN } from "../fixtures.js"

const KEY = "sk-live-8c1f0e2b7d4a9f3e"
const BEARER = "eyJhbGciOiJIUzI1NiJ9.tradekit-bearer"
const GATEWAY = "gw-4e7d1c0b9a8f"

/** Captures everything a logger receives at every level: message, cause, annotations and spans, formatted every way. */
const captureEverything = () => {
  const lines: Array<string> = []
  const logger = Logger.make((options) => {
    lines.push(Logger.formatLogFmt.log(options))
    lines.push(
      Logger.formatStructured.log(options) === undefined ? "" : JSON.stringify(Logger.formatStructured.log(options)),
    )
    lines.push(inspect(options.message, { depth: 20 }))
    if (options.cause.reasons.length > 0) lines.push(Cause.pretty(options.cause), inspect(options.cause, { depth: 20 }))
  })
  return { lines, layer: Layer.merge(Logger.layer([logger]), Layer.succeed(References.MinimumLogLevel, "All")) }
}

/** Everything about a failure a caller could print or send somewhere. */
const renderings = (exit: Exit.Exit<unknown, unknown>): ReadonlyArray<string> => {
  if (Exit.isSuccess(exit)) return []
  const failure = Option.getOrUndefined(Cause.findErrorOption(exit.cause))
  return [
    Cause.pretty(exit.cause),
    inspect(exit.cause, { depth: 20 }),
    JSON.stringify(failure),
    String(failure),
    inspect(failure, { depth: 20 }),
  ]
}

const saleStep = (from: `0x${string}`) => ({
  id: "sale",
  kind: "transaction",
  items: [
    {
      status: "incomplete",
      data: { from, to: EXCHANGE, data: "0xdeadbeef", value: "1" },
      check: { endpoint: "/execute/status/v1", body: { kind: "transaction" } },
    },
  ],
})
const approvalStep = (from: `0x${string}`) => ({
  id: "currency-approval",
  kind: "transaction",
  items: [{ status: "incomplete", data: { from, to: TOKEN, data: "0x095ea7b3" } }],
})

describe("the API key and the configured headers stay secret", () => {
  it.live(
    "never appears in logs (most verbose level), errors or snapshots through a buy that meets every kind of failure",
    () =>
      Effect.gen(function* () {
        const logs = captureEverything()
        const wallet = makeFakeWallet()
        const snapshots: Array<ExecutionSnapshot> = []
        const api = makeFakeApi()
          .route("POST", "/execute/buy/v7", [
            { status: 503, body: { message: "busy" } },
            { status: 429, body: { message: "slow down" }, headers: { "retry-after": "0" } },
            {
              body: {
                requestId: "0x1",
                steps: [approvalStep(wallet.address), saleStep(wallet.address)],
                path: [{ contract: NFT, tokenId: "1" }],
              },
            },
          ])
          .route("POST", "/execute/status/v1", (_request, call) =>
            call === 0
              ? Effect.fail(new FakeNetworkError("socket hang up"))
              : call === 1
                ? { body: "{oops" }
                : call === 2
                  ? { status: 500, body: {} }
                  : { body: { status: "success" } },
          )
          .route("GET", /synced/, [{ status: 502 }, { body: { synced: true } }])
          .route("POST", "/execute/results/v1", () => Effect.fail(new FakeNetworkError("reset")))
          .route("GET", "/transfers/bulk/v2", (request, call) =>
            call === 0
              ? { status: 500, body: { message: "indexer down" } }
              : { body: { transfers: (request.query.txHash ?? []).map((txHash) => ({ txHash, to: wallet.address })) } },
          )
        const options = {
          chains: [{ ...TEST_CHAIN, checkPollingInterval: 1, headers: { "X-Gateway-Token": GATEWAY } }],
          apiKey: KEY,
          headers: { Authorization: `Bearer ${BEARER}` },
          logLevel: 4 as const,
          retry: { times: 3, baseDelay: "1 millis" as const, maxDelay: "2 millis" as const },
        }
        const layer = Layer.mergeAll(Tradekit.layerWith(options, api.layer), wallet.layer)
        const run = (items: ReadonlyArray<Record<string, unknown>>) =>
          buy({ items, onProgress: (s) => Effect.sync(() => void snapshots.push(s)) }).pipe(
            Effect.tapCause(Effect.logError),
            Effect.exit,
            Effect.provide(layer),
            Effect.provide(logs.layer),
          )

        const completed = yield* run([{ token: `${NFT}:1` }])
        expect(Exit.isSuccess(completed)).toBe(true)

        // A failing buy: the API refuses it, the liquidity refresh fires (and its request fails too).
        api
          .route("POST", "/execute/buy/v7", { status: 400, body: { message: "Token is not listed", statusCode: 400 } })
          .route("POST", "/tokens/refresh/v1", () => Effect.fail(new FakeNetworkError("refused")))
        const failed = yield* run([{ token: `${NFT}:2` }])
        expect(Exit.isFailure(failed)).toBe(true)
        // A buy whose transaction fails on chain.
        api
          .route("POST", "/execute/buy/v7", { body: { steps: [saleStep(wallet.address)] } })
          .route("POST", "/execute/status/v1", { body: { status: "failure" } })
        const reverted = yield* run([{ token: `${NFT}:3` }])
        expect(Exit.isFailure(reverted)).toBe(true)
        yield* Effect.sleep("20 millis")

        // The key and the configured headers did go to the API, on every request (execute, checks, polls,
        // results, transfers, refresh).
        expect(api.requests.length).toBeGreaterThan(10)
        expect(api.requests.every((r) => r.headers["x-api-key"] === KEY)).toBe(true)
        expect(
          api.requests.every(
            (r) => r.headers.authorization === `Bearer ${BEARER}` && r.headers["x-gateway-token"] === GATEWAY,
          ),
        ).toBe(true)
        expect(new Set(api.requests.map((r) => r.path.replace(/0x[0-9a-f]+/g, "")))).toEqual(
          new Set([
            "/execute/buy/v7",
            "/execute/status/v1",
            "/transactions//synced/v1",
            "/execute/results/v1",
            "/transfers/bulk/v2",
            "/tokens/refresh/v1",
          ]),
        )
        // And nowhere else.
        expect(logs.lines.length).toBeGreaterThan(10)
        for (const secret of [KEY, BEARER, GATEWAY]) {
          for (const line of logs.lines) expect(line).not.toContain(secret)
          for (const text of [...renderings(failed), ...renderings(reverted)]) expect(text).not.toContain(secret)
          expect(snapshots.length).toBeGreaterThan(5)
          for (const snapshot of snapshots) expect(JSON.stringify(snapshot)).not.toContain(secret)
        }
      }),
  )

  it.live("a transport failure's cause (which holds the request and its headers) does not reveal the key", () =>
    Effect.gen(function* () {
      const logs = captureEverything()
      const api = makeFakeApi().route("POST", "/execute/buy/v7", () => Effect.fail(new FakeNetworkError("ECONNRESET")))
      const layer = Layer.mergeAll(
        Tradekit.layerWith(
          { chains: [TEST_CHAIN], apiKey: KEY, retry: { times: 0, baseDelay: 0, maxDelay: 0 } },
          api.layer,
        ),
        makeFakeWallet().layer,
      )
      const exit = yield* buy({ items: [{ token: `${NFT}:1` }] }).pipe(
        Effect.tapCause(Effect.logError),
        Effect.exit,
        Effect.provide(layer),
        Effect.provide(logs.layer),
      )
      const failure = Option.getOrThrow(Cause.findErrorOption((exit as Exit.Failure<unknown, unknown>).cause)) as {
        _tag: string
        cause?: unknown
      }
      expect(failure._tag).toBe("HttpRequestError")
      expect(failure.cause).toBeDefined()
      for (const text of [
        ...renderings(exit),
        inspect(failure.cause, { depth: 20 }),
        JSON.stringify(failure.cause),
        ...logs.lines,
      ]) {
        expect(text).not.toContain(KEY)
      }
    }),
  )
})
