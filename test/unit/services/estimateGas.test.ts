import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { createWalletClient, custom, defineChain, encodeErrorResult, parseAbi } from "viem"
import { fromViemWalletClient } from "../../../src/services/viemWallet.js"

const FROM = "0x00000000000000000000000000000000000000a1"
const TO = "0x00000000000000000000000000000000000000b2"
const chain = defineChain({
  id: 1,
  name: "E",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [] } },
})
const filled = encodeErrorResult({
  abi: parseAbi(["error Error(string)"]),
  errorName: "Error",
  args: ["Exchange: filled"],
})

/** A viem wallet over a node that answers eth_estimateGas with `answer`. */
const walletAnswering = (answer: () => unknown) => {
  const methods: Array<string> = []
  const request = async ({ method }: { method: string }) => {
    methods.push(method)
    if (method === "eth_estimateGas") return answer()
    throw { code: -32601, message: `Method ${method} not found` }
  }
  return {
    wallet: fromViemWalletClient(
      createWalletClient({ account: FROM, chain, transport: custom({ request }, { retryCount: 0 }) }),
    ),
    methods,
  }
}

const estimate = (answer: () => unknown) => {
  const { wallet, methods } = walletAnswering(answer)
  return Effect.map(
    Effect.exit(wallet.estimateGas!({ chain, request: { from: FROM, to: TO, data: "0x12", value: 1n } })),
    (exit) => ({
      exit,
      methods,
    }),
  )
}

describe("fromViemWalletClient estimateGas", () => {
  it.live("one eth_estimateGas and nothing else: the gas", () =>
    Effect.gen(function* () {
      const { exit, methods } = yield* estimate(() => "0x5208")
      expect(exit).toEqual(Exit.succeed({ _tag: "Estimated", gas: 21000n }))
      expect(methods).toEqual(["eth_estimateGas"])
    }),
  )

  it.live("a revert (code 3) keeps the revert data and the node's reason", () =>
    Effect.gen(function* () {
      const { exit } = yield* estimate(() => {
        throw { code: 3, message: "execution reverted: Exchange: filled", data: filled }
      })
      expect(exit).toEqual(Exit.succeed({ _tag: "Reverted", data: filled, message: "Exchange: filled" }))
    }),
  )

  it.live("a revert told only in words (-32000 execution reverted) is a revert", () =>
    Effect.gen(function* () {
      const { exit } = yield* estimate(() => {
        throw { code: -32000, message: "execution reverted" }
      })
      expect(Exit.isSuccess(exit) && exit.value._tag).toBe("Reverted")
    }),
  )

  it.live.each([
    ["-32601 method not found", { code: -32601, message: "Method eth_estimateGas not found" }],
    ["-32004 method not supported", { code: -32004, message: "Method not supported" }],
  ])("a node answering %s cannot simulate", ([, thrown]) =>
    Effect.gen(function* () {
      const { exit } = yield* estimate(() => {
        throw thrown
      })
      expect(exit).toEqual(Exit.succeed({ _tag: "Unsupported" }))
    }),
  )

  it.live("another failure is a WalletError, not a revert", () =>
    Effect.gen(function* () {
      const { exit } = yield* estimate(() => {
        throw { code: -32603, message: "internal error" }
      })
      expect(Exit.isFailure(exit)).toBe(true)
    }),
  )
})
