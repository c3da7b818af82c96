import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { createWalletClient, custom, defineChain, numberToHex } from "viem"
import { fromViemWalletClient } from "../../../src/index.js"

const FROM = "0x00000000000000000000000000000000000000a1"
const TO = "0x00000000000000000000000000000000000000b2"
const chain = defineChain({
  id: 1,
  name: "Ethereum",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [] } },
})
const calls = [
  { from: FROM, to: TO, data: "0x095ea7b3" },
  { from: FROM, to: TO, value: 1n },
] as const

/** An injected EIP-1193 wallet whose `wallet_sendCalls` and `wallet_getCallsStatus` do what `script` says. */
const scriptedWallet = (script: { readonly sendCalls?: () => unknown; readonly callsStatus?: () => unknown }) =>
  fromViemWalletClient(
    createWalletClient({
      account: FROM,
      transport: custom({
        request: async ({ method }: { method: string }): Promise<unknown> => {
          if (method === "eth_chainId") return numberToHex(1)
          if (method === "wallet_sendCalls") return script.sendCalls?.()
          if (method === "wallet_getCallsStatus") return script.callsStatus?.()
          throw new Error(`unexpected ${method}`)
        },
      }),
    }),
  )

const sendCallsFailure = (sendCalls: () => unknown) =>
  Effect.flip(scriptedWallet({ sendCalls }).sendCalls!({ chain, calls, context: [] }))

const throwing = (error: unknown) => () => {
  throw error
}

describe("viem wallet: wallet_sendCalls errors are typed (EIP-5792)", () => {
  for (const [code, reason] of [
    [5700, "unsupported-capability"],
    [5710, "unsupported-chain"],
    [4902, "unsupported-chain"],
    [5720, "duplicate-id"],
    [5740, "too-large"],
    [5750, "upgrade-rejected"],
    [5760, "atomicity-unsupported"],
    [4200, "unsupported-method"],
    [-32601, "unsupported-method"],
    [-32004, "unsupported-method"],
    [-32603, "wallet-error"],
    [-32000, "wallet-error"],
    [4100, "wallet-error"],
    [31337, "wallet-error"],
  ] as const) {
    it.effect(`code ${code} is a BatchRefusedError (${reason}): the wallet answered, nothing was sent`, () =>
      Effect.gen(function* () {
        const error = yield* sendCallsFailure(throwing({ code, message: `refused with ${code}` }))
        expect(error).toMatchObject({ _tag: "BatchRefusedError", code, reason })
        expect(error.message).toContain("Nothing was sent")
        expect(error.message).toContain(`Code: ${code}`)
      }),
    )
  }

  it.effect("the message is built for humans", () =>
    Effect.gen(function* () {
      const error = yield* sendCallsFailure(throwing({ code: 5740, message: "Bundle too large" }))
      expect(error.message).toBe(
        [
          "The wallet refused the batch: the batch has more calls than it takes. Nothing was sent",
          "Code: 5740",
          "Details: Bundle too large",
        ].join("\n\n"),
      )
    }),
  )

  it.effect("4001 stays a UserRejectedError", () =>
    Effect.gen(function* () {
      expect(yield* sendCallsFailure(throwing({ code: 4001, message: "User rejected" }))).toMatchObject({
        _tag: "UserRejectedError",
        operation: "sendCalls",
      })
    }),
  )

  for (const [name, thrown] of [
    ["a dropped transport", new TypeError("Failed to fetch")],
    ["a time-out", Object.assign(new Error("The request took too long to respond."), { name: "TimeoutError" })],
    ["a string error code", Object.assign(new Error("socket hang up"), { code: "ECONNRESET" })],
  ] as const) {
    it.effect(`${name}, with no answer, is not a refusal: a WalletError (the outcome is unknown)`, () =>
      Effect.gen(function* () {
        const error = yield* sendCallsFailure(throwing(thrown))
        expect(error._tag).toBe("WalletError")
        expect(error).not.toHaveProperty("reason")
      }),
    )
  }

  for (const [name, answer] of [
    ["{}", {}],
    ["{ id: 42 }", { id: 42 }],
    ["an empty string", ""],
    ["{ id: '' }", { id: "" }],
    ["a string of 8193 characters", "a".repeat(8193)],
    ["null", null],
    ["nothing", undefined],
  ] as const) {
    it.effect(`an answer without a usable id (${name}) is a CallsIdMissingError: the batch may have been sent`, () =>
      Effect.gen(function* () {
        const error = yield* sendCallsFailure(() => answer)
        expect(error).toMatchObject({ _tag: "CallsIdMissingError", chainId: 1 })
        expect(error.message).toContain("The batch may have been sent")
      }),
    )
  }

  it.effect("a calls id of 1 to 8192 characters is taken, as a string or in { id }", () =>
    Effect.gen(function* () {
      const long = "b".repeat(8192)
      expect(yield* scriptedWallet({ sendCalls: () => "0xbatch" }).sendCalls!({ chain, calls, context: [] })).toBe(
        "0xbatch",
      )
      expect(yield* scriptedWallet({ sendCalls: () => ({ id: long }) }).sendCalls!({ chain, calls, context: [] })).toBe(
        long,
      )
    }),
  )

  it.effect("wallet_getCallsStatus with 5730 (unknown bundle id) is a WalletError that keeps the code", () =>
    Effect.gen(function* () {
      const wallet = scriptedWallet({ callsStatus: throwing({ code: 5730, message: "Unknown bundle id" }) })
      const result = yield* Effect.result(wallet.callsStatus!({ chain, id: "0xbatch" }))
      expect(Result.isFailure(result) && result.failure).toMatchObject({
        _tag: "WalletError",
        operation: "getCallsStatus",
        code: 5730,
      })
    }),
  )
})
