import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import { hashMessage, hashTypedData, recoverAddress, zeroAddress } from "viem"
import { blankRequest } from "../../support/blankRequest.js"
import { runWithClock, setup, step, txItem } from "../fixtures.js"

const typed = {
  signatureKind: "eip712",
  domain: {
    name: "Exchange",
    version: "1",
    chainId: 1,
    verifyingContract: "0x2222222222222222222222222222222222222222",
  },
  types: {
    EIP712Domain: [{ name: "name", type: "string" }],
    Order: [
      { name: "maker", type: "address" },
      { name: "price", type: "uint256" },
    ],
  },
  primaryType: "Order",
  value: { maker: "0x1111111111111111111111111111111111111111", price: "1000" },
}

const LIST = { request: { action: "list", params: { maker: zeroAddress, params: [] } } } as const

const failureOf = (exit: Exit.Exit<unknown, unknown>) =>
  Option.getOrThrow(Cause.findErrorOption((exit as Exit.Failure<unknown, unknown>).cause)) as {
    _tag: string
    message: string
  }

describe("executeSteps: signatures", () => {
  it.effect("signs eip712 typed data, posts it with the signature query and records the order", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api
        .route("POST", "/execute/list/v5", {
          body: {
            steps: [
              step("order-signature", "signature", [
                {
                  status: "incomplete",
                  orderIndexes: [0],
                  data: {
                    sign: typed,
                    post: { endpoint: "/order/v4", method: "POST", body: { items: [{ order: { kind: "x" } }] } },
                  },
                },
              ]),
            ],
          },
        })
        .route("POST", "/order/v4", {
          body: { results: [{ orderId: "0xorder", crossPostingOrderId: null, orderIndex: 0 }] },
        })
      const final = yield* execute(LIST)
      const [signed] = wallet.calls
      expect(signed?.method).toBe("signTypedData")
      const signature = (signed as { signature: `0x${string}` }).signature
      const { EIP712Domain: _, ...types } = typed.types
      const digest = hashTypedData({ domain: typed.domain as never, types, primaryType: "Order", message: typed.value })
      expect(yield* Effect.promise(() => recoverAddress({ hash: digest, signature }))).toBe(wallet.address)
      const post = api.requestsTo("/order/v4")[0]!
      expect(post.query).toEqual({ signature: [signature] })
      expect(post.body).toEqual({ items: [{ order: { kind: "x" } }] })
      expect(final.steps[0]!.items![0]!.orderData).toEqual([
        { orderId: "0xorder", crossPostingOrderId: null, orderIndex: 0 },
      ])
      expect(final.status).toBe("complete")
    }),
  )

  it.effect("records a single-order post answer as orderData with orderIndex 0", () =>
    Effect.gen(function* () {
      const { api, execute } = setup()
      api
        .route("POST", "/execute/cancel/v3", {
          body: {
            steps: [
              step("cancellation-signature", "signature", [
                {
                  status: "incomplete",
                  data: {
                    sign: { signatureKind: "eip191", message: "cancel" },
                    post: { endpoint: "/execute/cancel-signature/v1", body: {} },
                  },
                },
              ]),
            ],
          },
        })
        .route("POST", "/execute/cancel-signature/v1", { body: { orderId: "0xone" } })
      const final = yield* execute({ request: blankRequest("cancel") })
      expect(final.steps[0]!.items![0]!.orderData).toEqual([
        { orderId: "0xone", crossPostingOrderId: undefined, orderIndex: 0 },
      ])
    }),
  )

  it.effect("signs an exact 32-byte hex eip191 message as raw bytes", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      const message = `0x${"7f".repeat(32)}` as const
      api.route("POST", "/execute/cancel/v3", {
        body: {
          steps: [
            step("s", "signature", [{ status: "incomplete", data: { sign: { signatureKind: "eip191", message } } }]),
          ],
        },
      })
      yield* execute({ request: blankRequest("cancel") })
      const signature = (wallet.calls[0] as { signature: `0x${string}` }).signature
      expect(yield* Effect.promise(() => recoverAddress({ hash: hashMessage({ raw: message }), signature }))).toBe(
        wallet.address,
      )
      expect(yield* Effect.promise(() => recoverAddress({ hash: hashMessage(message), signature }))).not.toBe(
        wallet.address,
      )
    }),
  )

  it.effect("signs any other eip191 message as text (a 31-byte hex string too)", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      const message = `0x${"7f".repeat(31)}`
      api.route("POST", "/execute/cancel/v3", {
        body: {
          steps: [
            step("s", "signature", [{ status: "incomplete", data: { sign: { signatureKind: "eip191", message } } }]),
          ],
        },
      })
      yield* execute({ request: blankRequest("cancel") })
      const signature = (wallet.calls[0] as { signature: `0x${string}` }).signature
      expect(yield* Effect.promise(() => recoverAddress({ hash: hashMessage(message), signature }))).toBe(
        wallet.address,
      )
    }),
  )

  it.effect(
    "waits for an item's data by re-posting the execute request with the signature, then keeps the signature on later posts",
    () =>
      Effect.gen(function* () {
        const { api, wallet, execute } = setup()
        const first = {
          steps: [
            step("auth", "signature", [
              { status: "incomplete", data: { sign: { signatureKind: "eip191", message: "login" } } },
            ]),
            step("order-signature", "signature", [{ status: "incomplete", tip: "wait" }]),
          ],
        }
        const ready = {
          steps: [
            step("auth", "signature", [{ status: "complete" }]),
            step("order-signature", "signature", [
              { status: "incomplete", data: { sign: typed, post: { endpoint: "/order/v4", body: {} } } },
            ]),
          ],
        }
        api
          .route("POST", "/execute/list/v5", [{ body: first }, { body: first }, { body: ready }])
          .route("POST", "/order/v4", { body: { orderId: "0x1" } })
        const exit = yield* runWithClock(execute(LIST), "5 seconds", 3)
        expect(Exit.isSuccess(exit)).toBe(true)
        const executes = api.requestsTo("/execute/list/v5")
        expect(executes).toHaveLength(3)
        const login = (wallet.calls[0] as { signature: string }).signature
        expect(executes[0]!.query).toEqual({})
        expect(executes[1]!.query).toEqual({ signature: [login] })
        expect(executes[2]!.body).toEqual(LIST.request.params)
        const order = (wallet.calls[1] as { signature: string }).signature
        expect(api.requestsTo("/order/v4")[0]!.query).toEqual({ signature: [order] })
        // The re-polled answer says "complete" for auth; it is not signed again.
        expect(wallet.calls.map((c) => c.method)).toEqual(["signMessage", "signTypedData"])
      }),
  )

  it.effect("gives up waiting for data after 15 attempts, 5 s apart", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api.route("POST", "/execute/list/v5", {
        body: { steps: [step("order-signature", "signature", [{ status: "incomplete" }])] },
      })
      const exit = yield* runWithClock(execute(LIST), "5 seconds", 20)
      expect(failureOf(exit)).toMatchObject({
        _tag: "PollTimeoutError",
        kind: "data",
        message: "Failed to get data after 15 attempt(s), aborting",
      })
      expect(api.requestsTo("/execute/list/v5")).toHaveLength(1 + 15)
      expect(wallet.calls).toEqual([])
    }),
  )

  it.effect("polls a signature item's check until success, and fails with the check's details", () =>
    Effect.gen(function* () {
      const { api, execute } = setup()
      api
        .route("POST", "/execute/list/v5", {
          body: {
            steps: [
              step("order-signature", "signature", [
                {
                  status: "incomplete",
                  data: { sign: typed, post: { endpoint: "/order/v4", body: {} } },
                  check: { endpoint: "/execute/status/v1", method: "POST", body: { kind: "order", id: "0xo" } },
                },
              ]),
            ],
          },
        })
        .route("POST", "/order/v4", { body: {} })
        .route("POST", "/execute/status/v1", [
          { body: { status: "pending" } },
          { body: { status: "failure", details: "Order is not fillable" } },
        ])
      const exit = yield* runWithClock(execute(LIST), "2 seconds", 3)
      expect(failureOf(exit)).toMatchObject({ _tag: "SignatureCheckError", message: "Order is not fillable" })
      expect(api.requestsTo("/execute/status/v1")[0]!.body).toEqual({ kind: "order", id: "0xo" })
    }),
  )

  it.effect("a signature check failure without details says 'Transaction failed'", () =>
    Effect.gen(function* () {
      const { api, execute } = setup()
      api
        .route("POST", "/execute/list/v5", {
          body: {
            steps: [
              step("s", "signature", [
                { status: "incomplete", data: { sign: typed }, check: { endpoint: "/execute/status/v1" } },
              ]),
            ],
          },
        })
        .route("POST", "/execute/status/v1", { body: { status: "failure" } })
      expect(failureOf(yield* Effect.exit(execute(LIST)))).toMatchObject({
        _tag: "SignatureCheckError",
        message: "Transaction failed",
      })
    }),
  )

  it.effect("a rejected signature is a UserRejectedError and nothing is posted", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      wallet.behaviour.rejectSignatures = true
      api.route("POST", "/execute/list/v5", {
        body: {
          steps: [
            step("s", "signature", [
              { status: "incomplete", data: { sign: typed, post: { endpoint: "/order/v4", body: {} } } },
            ]),
          ],
        },
      })
      expect(failureOf(yield* Effect.exit(execute(LIST)))).toMatchObject({
        _tag: "UserRejectedError",
        operation: "signTypedData",
      })
      expect(api.requestsTo("/order/v4")).toEqual([])
    }),
  )

  it.effect("refuses typed data whose domain is on a chain that is not configured", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api.route("POST", "/execute/list/v5", {
        body: {
          steps: [
            step("s", "signature", [
              { status: "incomplete", data: { sign: { ...typed, domain: { ...typed.domain, chainId: 666 } } } },
            ]),
          ],
        },
      })
      expect(failureOf(yield* Effect.exit(execute(LIST)))).toMatchObject({
        _tag: "ChainNotConfiguredError",
        chainId: 666,
        message: "Refused to sign typed data for chain 666: it is not configured",
      })
      expect(wallet.calls).toEqual([])
    }),
  )

  it.effect("a transaction after a signature in the same execution is sent once", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      api
        .route("POST", "/execute/bid/v5", {
          body: {
            steps: [
              step("currency-wrapping", "transaction", [txItem(wallet.address)]),
              step("order-signature", "signature", [
                { status: "incomplete", data: { sign: typed, post: { endpoint: "/order/v4", body: {} } } },
              ]),
            ],
          },
        })
        .route("GET", /synced/, { body: { synced: true } })
        .route("POST", "/order/v4", { body: { orderId: "0xbid" } })
      const final = yield* execute({ request: blankRequest("bid") })
      expect(final.status).toBe("complete")
      expect(wallet.calls.map((c) => c.method)).toEqual(["sendTransaction", "waitForReceipt", "signTypedData"])
    }),
  )
})
