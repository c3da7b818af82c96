import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { batchFailure, walletCall, walletFailure } from "../../../../src/services/internal/walletFailure.js"

describe("walletFailure", () => {
  it("takes EIP-1193 code 4001 for the user's rejection", () => {
    const error = walletFailure("signMessage", { code: 4001, message: "User denied message signature." })
    expect(error._tag).toBe("UserRejectedError")
    expect(error.operation).toBe("signMessage")
  })

  it("finds the rejection down the cause chain, by code or by viem's error name", () => {
    const wrapped = new Error("Transaction failed", { cause: { name: "UserRejectedRequestError", message: "no" } })
    expect(walletFailure("sendTransaction", wrapped)._tag).toBe("UserRejectedError")
    const deep = { message: "outer", cause: { message: "middle", cause: { code: 4001 } } }
    expect(walletFailure("sendTransaction", deep)._tag).toBe("UserRejectedError")
  })

  it("maps any other failure to a WalletError with the wallet's short message, code and cause", () => {
    const cause = { code: -32603, shortMessage: "Internal error.", message: "Internal error.\n\nDetails: long text" }
    const error = walletFailure("sendTransaction", cause)
    expect(error).toMatchObject({
      _tag: "WalletError",
      operation: "sendTransaction",
      code: -32603,
      message: "Wallet sendTransaction failed: Internal error.",
    })
    expect((error as { cause?: unknown }).cause).toBe(cause)
  })

  it("takes the wallet's code from under viem's unclassified error (-1)", () => {
    const error = walletFailure("signTypedData", {
      code: -1,
      message: "An unknown RPC error occurred.",
      cause: { code: 5730 },
    })
    expect(error).toMatchObject({ _tag: "WalletError", code: 5730 })
  })

  it("gives no code for a failure without an integer one", () => {
    for (const cause of [new Error("timed out"), { code: "ECONNRESET" }, { code: 1.5 }, "dropped"]) {
      const error = walletFailure("getChainId", cause)
      expect(error._tag).toBe("WalletError")
      expect("code" in error && error.code !== undefined).toBe(false)
    }
    expect(walletFailure("getChainId", "dropped").message).toBe("Wallet getChainId failed: dropped")
  })

  it("survives a hostile thrown value: a WalletError with a plain message", () => {
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error("trap")
        },
      },
    )
    const error = walletFailure("sendTransaction", hostile)
    expect(error).toMatchObject({ _tag: "WalletError", operation: "sendTransaction" })
    expect(error.message).toBe("Wallet sendTransaction failed")
  })
})

describe("batchFailure", () => {
  it("takes 4001 for the user's rejection of the batch", () => {
    expect(batchFailure({ code: 4001 })).toMatchObject({ _tag: "UserRejectedError", operation: "sendCalls" })
  })

  it("words a refusal with the wallet's own innermost text, not viem's rewording", () => {
    const cause = { code: 5740, message: "viem: RPC error", cause: { code: 5740, message: "at most 10 calls" } }
    const error = batchFailure(cause)
    expect(error).toMatchObject({ _tag: "BatchRefusedError", code: 5740, reason: "too-large" })
    expect(error.message).toContain("Details: at most 10 calls")
    expect(error.message).not.toContain("viem: RPC error")
  })

  it("takes an unknown code for a refusal of reason wallet-error", () => {
    expect(batchFailure({ code: -32603, message: "internal" })).toMatchObject({
      _tag: "BatchRefusedError",
      code: -32603,
      reason: "wallet-error",
    })
  })

  it("takes a failure with no answer for a WalletError: the batch's outcome is unknown", () => {
    expect(batchFailure(new Error("request timed out"))).toMatchObject({
      _tag: "WalletError",
      operation: "sendCalls",
      message: "Wallet sendCalls failed: request timed out",
    })
  })
})

describe("walletCall", () => {
  it.effect("answers what the wallet's promise resolves to", () =>
    Effect.gen(function* () {
      expect(yield* walletCall("getChainId", () => Promise.resolve(8453))).toBe(8453)
    }),
  )

  it.effect("maps a rejected promise with walletFailure", () =>
    Effect.gen(function* () {
      const rejected = yield* Effect.flip(walletCall("signMessage", () => Promise.reject({ code: 4001 })))
      expect(rejected).toMatchObject({ _tag: "UserRejectedError", operation: "signMessage" })
      const failed = yield* Effect.flip(walletCall("getChainId", () => Promise.reject(new Error("offline"))))
      expect(failed).toMatchObject({ _tag: "WalletError", message: "Wallet getChainId failed: offline" })
    }),
  )
})
