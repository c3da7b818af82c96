import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as TestClock from "effect/testing/TestClock"
import { PriceMismatchError } from "../../../src/errors/index.js"
import { blankRequest } from "../../support/blankRequest.js"
import { EXCHANGE, OTHER, runWithClock, setup, step, txItem } from "../fixtures.js"

const failureOf = (exit: Exit.Exit<unknown, unknown>) => {
  expect(Exit.isFailure(exit)).toBe(true)
  return Option.getOrThrow(Cause.findErrorOption((exit as Exit.Failure<unknown, unknown>).cause)) as {
    _tag: string
    message: string
    [key: string]: unknown
  }
}

const LIST = { request: blankRequest("list") } as const

describe("executeSteps: nothing malformed is signed or sent", () => {
  const address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
  const cases: ReadonlyArray<[string, unknown, string]> = [
    ["no steps", { path: [] }, "steps"],
    ["steps that are not a list", { steps: "nope" }, "steps"],
    [
      "an unknown step kind",
      { steps: [step("x", "transaction", [txItem(address)]), { ...step("y", "transaction", []), kind: "teleport" }] },
      "kind",
    ],
    [
      "a `to` that is not an address",
      {
        steps: [
          step("x", "transaction", [{ status: "incomplete", data: { from: address, to: "0x1234", data: "0x" } }]),
        ],
      },
      "to",
    ],
    [
      "tx data that is not hex",
      {
        steps: [
          step("x", "transaction", [{ status: "incomplete", data: { from: address, to: EXCHANGE, data: "0xZZ" } }]),
        ],
      },
      "data",
    ],
    [
      "a value that is not a number",
      {
        steps: [
          step("x", "transaction", [{ status: "incomplete", data: { from: address, to: EXCHANGE, value: "12abc" } }]),
        ],
      },
      "value",
    ],
    [
      "a negative value",
      {
        steps: [step("x", "transaction", [{ status: "incomplete", data: { from: address, to: EXCHANGE, value: -1 } }])],
      },
      "value",
    ],
    [
      "an unknown item status",
      { steps: [step("x", "transaction", [{ ...txItem(address), status: "done" }])] },
      "status",
    ],
    [
      "an eip712 request without types",
      {
        steps: [
          step("x", "signature", [
            {
              status: "incomplete",
              data: { sign: { signatureKind: "eip712", domain: {}, primaryType: "A", value: {} } },
            },
          ]),
        ],
      },
      "types",
    ],
    [
      "an unknown signature kind",
      {
        steps: [
          step("x", "signature", [{ status: "incomplete", data: { sign: { signatureKind: "eip999", message: "x" } } }]),
        ],
      },
      "signatureKind",
    ],
    ["a body that is not JSON", "<html>oops</html>", "Expected"],
  ]
  for (const [name, body, mentions] of cases) {
    it.effect(`${name}: a MalformedResponseError and zero wallet calls`, () =>
      Effect.gen(function* () {
        const { api, wallet, execute } = setup()
        api.route("POST", "/execute/list/v5", { body })
        const error = failureOf(yield* Effect.exit(execute(LIST)))
        expect(error._tag).toBe("MalformedResponseError")
        expect(error.message).toContain("Malformed response from /execute/list/v5")
        expect(error.issue).toContain(mentions)
        expect(wallet.calls).toEqual([])
      }),
    )
  }

  it.effect("keeps fields it does not know, in steps, items and the response", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api
        .route("POST", "/execute/list/v5", {
          body: {
            extra: 1,
            steps: [
              { ...step("x", "transaction", [{ ...txItem(wallet.address), gasEstimate: 21000 }]), stepExtra: "kept" },
            ],
          },
        })
        .route("GET", /synced/, { body: { synced: true } })
      const final = yield* execute(LIST)
      expect((final.steps[0] as unknown as { stepExtra: string }).stepExtra).toBe("kept")
      expect((final.steps[0]!.items![0] as unknown as { gasEstimate: number }).gasEstimate).toBe(21000)
    }),
  )

  it.effect("an execute answer carrying `error` is an APIError, nothing signed", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api.route("POST", "/execute/list/v5", { body: { error: "Token is not listed", steps: [] } })
      expect(failureOf(yield* Effect.exit(execute(LIST)))).toMatchObject({
        _tag: "APIError",
        message: "Token is not listed",
        statusCode: 200,
      })
      expect(wallet.calls).toEqual([])
    }),
  )
})

describe("executeSteps: refusals before signing", () => {
  it.effect("refuses a transaction from another account than the wallet's", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api.route("POST", "/execute/list/v5", { body: { steps: [step("x", "transaction", [txItem(OTHER)])] } })
      expect(failureOf(yield* Effect.exit(execute(LIST)))).toMatchObject({
        _tag: "WalletAddressMismatchError",
        received: OTHER,
        expected: wallet.address,
      })
      expect(wallet.sent).toEqual([])
    }),
  )

  it.effect("accepts the wallet's address in any letter case", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api
        .route("POST", "/execute/list/v5", {
          body: { steps: [step("x", "transaction", [txItem(wallet.address.toLowerCase() as `0x${string}`)])] },
        })
        .route("GET", /synced/, { body: { synced: true } })
      expect((yield* execute(LIST)).status).toBe("complete")
    }),
  )

  it.effect("refuses a transaction for a chain that is not configured", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api.route("POST", "/execute/list/v5", {
        body: {
          steps: [
            step("x", "transaction", [{ status: "incomplete", data: { ...txItem(wallet.address).data, chainId: 10 } }]),
          ],
        },
      })
      expect(failureOf(yield* Effect.exit(execute(LIST)))).toMatchObject({
        _tag: "ChainNotConfiguredError",
        chainId: 10,
        message: "Refused to sign a transaction for chain 10: it is not configured",
      })
      expect(wallet.sent).toEqual([])
    }),
  )

  const offOrigin = [
    "https://evil.test/collect",
    "//evil.test/collect",
    "@evil.test/collect",
    "/@evil.test",
    "\\\\evil.test/x",
    "http:/evil.test",
  ]
  for (const endpoint of offOrigin) {
    it.effect(`refuses a post endpoint off the API's origin: ${endpoint}`, () =>
      Effect.gen(function* () {
        const { api, execute } = setup({ apiKey: "secret-key" })
        api.route("POST", "/execute/list/v5", {
          body: { steps: [step("s", "signature", [{ status: "incomplete", data: { post: { endpoint, body: {} } } }])] },
        })
        const error = failureOf(yield* Effect.exit(execute(LIST)))
        expect(error._tag).toBe("UnsafeEndpointError")
        expect(api.requests.map((r) => r.url.origin)).toEqual(["https://api.test"])
      }),
    )
  }

  it.effect("refuses a check endpoint off the API's origin without sending anything to it", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup({ apiKey: "secret-key" })
      api.route("POST", "/execute/list/v5", {
        body: {
          steps: [
            step("x", "transaction", [{ ...txItem(wallet.address), check: { endpoint: "https://evil.test/status" } }]),
          ],
        },
      })
      expect(failureOf(yield* Effect.exit(execute(LIST)))._tag).toBe("UnsafeEndpointError")
      expect(api.requests.every((r) => r.url.origin === "https://api.test")).toBe(true)
    }),
  )

  it.effect("a failing guard is recorded on the first step and nothing is signed or sent", () =>
    Effect.gen(function* () {
      const { api, wallet, execute, snapshots } = setup()
      api.route("POST", "/execute/buy/v7", { body: { steps: [step("sale", "transaction", [txItem(wallet.address)])] } })
      const mismatch = new PriceMismatchError({
        message: "Attention: the total price is now 2",
        currency: "0x0",
        quoteRaw: "2",
        expectedRaw: "1",
      })
      const error = failureOf(yield* Effect.exit(execute({ guards: [() => Effect.fail(mismatch)] })))
      expect(error).toMatchObject({
        _tag: "PriceMismatchError",
        message: mismatch.message,
        quoteRaw: "2",
        expectedRaw: "1",
      })
      expect(wallet.calls).toEqual([])
      const last = snapshots.at(-1)!
      expect(last.steps[0]!.error).toBe("Attention: the total price is now 2")
      expect(last.steps[0]!.errorData).toEqual({
        type: "price mismatch",
        message: "Attention: the total price is now 2",
      })
      expect(last.status).toBe("error")
    }),
  )
})

describe("executeSteps: never twice, and really stopped", () => {
  it.effect("never sends a transaction twice for an item, even when a re-poll hands it back as incomplete", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      const approval = step("nft-approval", "transaction", [txItem(wallet.address)])
      api
        .route("POST", "/execute/list/v5", [
          { body: { steps: [approval, step("order-signature", "signature", [{ status: "incomplete" }])] } },
          // The API has not indexed the approval yet and hands it back as incomplete.
          {
            body: {
              steps: [
                approval,
                step("order-signature", "signature", [
                  { status: "incomplete", data: { sign: { signatureKind: "eip191", message: "m" } } },
                ]),
              ],
            },
          },
        ])
        .route("GET", /synced/, { body: { synced: true } })
      const exit = yield* runWithClock(execute(LIST), "5 seconds", 3)
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(wallet.sent).toHaveLength(1)
      expect(wallet.calls.filter((c) => c.method === "signMessage")).toHaveLength(1)
    }),
  )

  it.effect("interrupting an execution stops every poll and wallet call", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      wallet.behaviour.receipts.push("pending")
      api
        .route("POST", "/execute/list/v5", { body: { steps: [step("x", "transaction", [txItem(wallet.address)])] } })
        .route("GET", /synced/, { body: { synced: false } })
      const fiber = yield* Effect.forkChild(execute(LIST))
      yield* TestClock.adjust("5 seconds")
      const requestsBefore = api.requests.length
      const callsBefore = wallet.calls.length
      expect(requestsBefore).toBeGreaterThan(2)
      yield* Fiber.interrupt(fiber)
      yield* TestClock.adjust("10 minutes")
      expect(api.requests.length).toBe(requestsBefore)
      expect(wallet.calls.length).toBe(callsBefore)
    }),
  )

  it.effect("snapshots handed out are never changed afterwards", () =>
    Effect.gen(function* () {
      const { api, wallet, execute, snapshots, frozen } = setup()
      api
        .route("POST", "/execute/bid/v5", {
          body: {
            steps: [
              step("currency-wrapping", "transaction", [txItem(wallet.address)]),
              step("order-signature", "signature", [
                { status: "incomplete", data: { sign: { signatureKind: "eip191", message: "m" } } },
              ]),
            ],
          },
        })
        .route("GET", /synced/, { body: { synced: true } })
      yield* execute({ request: blankRequest("bid") })
      expect(snapshots.length).toBeGreaterThan(3)
      expect(snapshots.map((s) => JSON.stringify(s))).toEqual(frozen)
      expect(snapshots[0]!.steps[0]!.items![0]!.status).toBe("incomplete")
      expect(snapshots.at(-1)!.steps[0]!.items![0]!.status).toBe("complete")
    }),
  )

  it.effect("a snapshot is plain JSON and never carries the API key", () =>
    Effect.gen(function* () {
      const { api, wallet, execute, snapshots } = setup({ apiKey: "super-secret-key" })
      api
        .route("POST", "/execute/list/v5", { body: { steps: [step("x", "transaction", [txItem(wallet.address)])] } })
        .route("GET", /synced/, { body: { synced: true } })
      yield* execute(LIST)
      for (const snapshot of snapshots) {
        const json = JSON.stringify(snapshot)
        expect(JSON.parse(json)).toEqual(snapshot)
        expect(json).not.toContain("super-secret-key")
      }
    }),
  )
})
