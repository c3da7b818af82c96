import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import fc from "fast-check"
import { makeFakeWallet } from "../../../src/testing/FakeWallet.js"
import { blankRequest } from "../../support/blankRequest.js"
import { runWithClock, setup, step, txItem } from "../fixtures.js"

const LIST = { request: blankRequest("list") } as const
const wallet0 = makeFakeWallet()
const KEY = "sk-origin-test-key"

const failureOf = (exit: Exit.Exit<unknown, unknown>) =>
  Option.getOrThrow(Cause.findErrorOption((exit as Exit.Failure<unknown, unknown>).cause)) as {
    _tag: string
    message: string
    [k: string]: unknown
  }

const typed = (chainId: unknown) => ({
  signatureKind: "eip712",
  domain: { name: "Exchange", version: "1", chainId, verifyingContract: "0x2222222222222222222222222222222222222222" },
  types: { Order: [{ name: "maker", type: "address" }] },
  primaryType: "Order",
  value: { maker: "0x1111111111111111111111111111111111111111" },
})

/** Redirect targets that leave the API's origin, however they are spelled. */
const awayTargets = [
  "https://evil.test/collect",
  "//evil.test/collect",
  "https://api.test@evil.test/collect",
  "https://api.test.evil.test/collect",
  "http://api.test/collect",
  "https://api.test:8443/collect",
]

describe("check and post endpoints cannot leave the API's origin, not even by a redirect", () => {
  for (const location of awayTargets) {
    it.effect(`a post endpoint that redirects to ${location} is refused; nothing reaches another host`, () =>
      Effect.gen(function* () {
        const { api, wallet, execute } = setup({ apiKey: KEY })
        api
          .route("POST", "/execute/list/v5", {
            body: {
              steps: [
                step("order-signature", "signature", [
                  {
                    status: "incomplete",
                    data: {
                      sign: { signatureKind: "eip191", message: "m" },
                      post: { endpoint: "/order/v4", body: {} },
                    },
                  },
                ]),
              ],
            },
          })
          .route("POST", "/order/v4", { status: 307, headers: { location } })
        const error = failureOf(yield* Effect.exit(execute(LIST)))
        expect(error).toMatchObject({ _tag: "HttpRequestError", reason: "redirect" })
        expect(wallet.calls.map((c) => c.method)).toEqual(["signMessage"])
        expect(api.requests.map((r) => r.url.origin)).toEqual(["https://api.test", "https://api.test"])
      }),
    )

    it.effect(`a check endpoint that redirects to ${location} fails at once and nothing reaches another host`, () =>
      Effect.gen(function* () {
        const { api, wallet, execute } = setup({ apiKey: KEY })
        api
          .route("POST", "/execute/list/v5", {
            body: {
              steps: [
                step("x", "transaction", [{ ...txItem(wallet.address), check: { endpoint: "/execute/status/v1" } }]),
              ],
            },
          })
          .route("POST", "/execute/status/v1", { status: 302, headers: { location } })
        wallet.behaviour.receipts.push("pending")
        const exit = yield* runWithClock(execute(LIST), "2 seconds", 5)
        expect(failureOf(exit)).toMatchObject({ _tag: "HttpRequestError", reason: "redirect" })
        // A refused redirect is a refusal, not a "not yet" of the poll: the check is asked once.
        expect(api.requestsTo("/execute/status/v1")).toHaveLength(1)
        expect(api.requests.every((r) => r.url.origin === "https://api.test")).toBe(true)
      }),
    )
  }

  it.effect("a same-origin redirect loop is cut after a few hops", () =>
    Effect.gen(function* () {
      const { api, execute } = setup({ apiKey: KEY })
      api.route("POST", "/execute/list/v5", { status: 307, headers: { location: "/execute/list/v5" } })
      expect(failureOf(yield* Effect.exit(execute(LIST)))).toMatchObject({
        _tag: "HttpRequestError",
        reason: "redirect",
      })
      expect(api.requests.length).toBeLessThanOrEqual(6)
    }),
  )
})

describe("an endpoint that a server may decode into another place is refused before the first wallet call", () => {
  for (const endpoint of [
    "/..%2F..%2Fadmin",
    "/execute/%2e%2E/%2E%2e/admin",
    "/a%5Cb",
    "/execute/%252F..%252Fadmin",
    "/execute/./status/v1",
  ]) {
    it.effect(
      `a check endpoint ${endpoint}: UnsafeEndpointError, nothing signed or sent, nothing requested there`,
      () =>
        Effect.gen(function* () {
          const { api, wallet, execute } = setup({ apiKey: KEY })
          api.route("POST", "/execute/list/v5", {
            body: { steps: [step("x", "transaction", [{ ...txItem(wallet.address), check: { endpoint } }])] },
          })
          const error = failureOf(yield* Effect.exit(execute(LIST)))
          expect(error).toMatchObject({ _tag: "UnsafeEndpointError", endpoint })
          expect(wallet.calls).toEqual([])
          expect(api.requests.map((r) => r.url.pathname)).toEqual(["/execute/list/v5"])
        }),
    )
  }
})

describe("refused before signing", () => {
  it.effect("a transaction `from` any other address than the wallet's is refused, nothing sent", () =>
    Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(fc.uint8Array({ minLength: 20, maxLength: 20 }), async (bytes) => {
          const from = `0x${Buffer.from(bytes).toString("hex")}` as `0x${string}`
          const { api, wallet, execute } = setup()
          if (from.toLowerCase() === wallet.address.toLowerCase()) return
          api.route("POST", "/execute/list/v5", { body: { steps: [step("x", "transaction", [txItem(from)])] } })
          const exit = await Effect.runPromise(Effect.exit(execute(LIST)))
          expect(failureOf(exit)).toMatchObject({
            _tag: "WalletAddressMismatchError",
            received: from,
            expected: wallet.address,
          })
          expect(wallet.calls).toEqual([])
        }),
        { seed: 7, numRuns: 100 },
      ),
    ),
  )

  it.effect("the same transaction `from` the wallet's own address, however it is cased, is sent once, as given", () =>
    Effect.gen(function* () {
      for (const from of [wallet0.address, wallet0.address.toLowerCase() as `0x${string}`]) {
        const { api, wallet, execute } = setup()
        api
          .route("POST", "/execute/list/v5", { body: { steps: [step("x", "transaction", [txItem(from)])] } })
          .route("GET", /\/synced\/v1$/, { body: { synced: true } })
        const exit = yield* Effect.exit(execute(LIST))
        expect(Exit.isSuccess(exit)).toBe(true)
        expect(wallet.sent.map((call) => call.request)).toEqual([
          // As given, with the simulation's estimate as the gas limit the step left out.
          { from, to: "0x2222222222222222222222222222222222222222", data: "0xdeadbeef", value: 1000n, gas: 21000n },
        ])
      }
    }),
  )

  for (const chainId of [666, "666", "0x29a", 666.0, 1.5, 0, -1, null, "", "one", 2 ** 53 + 1]) {
    it.effect(
      `typed data whose domain chain is ${JSON.stringify(chainId)} (not configured) is refused, nothing signed`,
      () =>
        Effect.gen(function* () {
          const { api, wallet, execute } = setup()
          api.route("POST", "/execute/list/v5", {
            body: { steps: [step("s", "signature", [{ status: "incomplete", data: { sign: typed(chainId) } }])] },
          })
          expect(failureOf(yield* Effect.exit(execute(LIST)))._tag).toBe("ChainNotConfiguredError")
          expect(wallet.calls).toEqual([])
          expect(api.requests.map((r) => r.path)).toEqual(["/execute/list/v5"])
        }),
    )
  }

  for (const chainId of [1, "1", "0x1"]) {
    it.effect(
      `typed data whose domain chain is ${JSON.stringify(chainId)} (the configured chain) is signed, exactly once, with the expected signature`,
      () =>
        Effect.gen(function* () {
          const { api, wallet, execute } = setup()
          api.route("POST", "/execute/list/v5", {
            body: { steps: [step("s", "signature", [{ status: "incomplete", data: { sign: typed(chainId) } }])] },
          })
          const exit = yield* Effect.exit(execute(LIST))
          expect(Exit.isSuccess(exit)).toBe(true)
          // The signature an independent signer makes over the same typed data, the domain's chain being 1.
          const { signatureKind: _kind, value, ...definition } = typed(1)
          const expected = yield* Effect.promise(() =>
            wallet.account.signTypedData({ ...definition, message: value } as Parameters<
              typeof wallet.account.signTypedData
            >[0]),
          )
          expect(wallet.calls).toEqual([
            { method: "signTypedData", chainId: 1, typedData: expect.anything(), signature: expected },
          ])
          expect(Exit.isSuccess(exit) && exit.value.status).toBe("complete")
        }),
    )
  }
})
