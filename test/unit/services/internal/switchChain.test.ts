import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { type Hex, hexToNumber, numberToHex } from "viem"
import { switchChain } from "../../../../src/services/internal/switchChain.js"
import { scriptedRpc, testChain } from "./scriptedRpc.js"

const base = testChain(8453, "Base")

/**
 * A wallet on chain 1. `onSwitch` decides how it answers wallet_switchEthereumChain while it does not know the
 * chain (it switches once the chain was added); `onAdd` how it answers wallet_addEthereumChain.
 */
const wallet = (
  onSwitch: "switch" | "unknown" | "reject" | "fail and switch" | "fail" | "silent",
  onAdd?: "reject",
) => {
  let chainId = 1
  let added = false
  return scriptedRpc({
    eth_chainId: () => numberToHex(chainId),
    wallet_switchEthereumChain: ([param]) => {
      const target = hexToNumber((param as { chainId: Hex }).chainId)
      const answer = added ? "switch" : onSwitch
      if (answer === "unknown") throw { code: 4902, message: "Unrecognized chain ID" }
      if (answer === "reject") throw { code: 4001, message: "User rejected the request." }
      if (answer === "switch" || answer === "fail and switch") chainId = target
      if (answer === "fail and switch" || answer === "fail") throw { code: -32603, message: "Internal error" }
      return null
    },
    wallet_addEthereumChain: () => {
      if (onAdd === "reject") throw { code: 4001, message: "User rejected the request." }
      added = true
      return null
    },
  })
}

describe("switchChain", () => {
  it.effect("asks the wallet to switch, then checks the chain it is on", () =>
    Effect.gen(function* () {
      const rpc = wallet("switch")
      yield* switchChain(rpc.client, base)
      expect(rpc.methods()).toEqual(["wallet_switchEthereumChain", "eth_chainId"])
      expect(rpc.calls[0]?.params).toEqual([{ chainId: "0x2105" }])
    }),
  )

  it.effect("adds a chain the wallet does not know (4902) from the viem chain, then switches again", () =>
    Effect.gen(function* () {
      const rpc = wallet("unknown")
      yield* switchChain(rpc.client, base)
      expect(rpc.methods()).toEqual([
        "wallet_switchEthereumChain",
        "wallet_addEthereumChain",
        "wallet_switchEthereumChain",
        "eth_chainId",
      ])
      expect(rpc.calls[1]?.params[0]).toMatchObject({
        chainId: "0x2105",
        chainName: "Base",
        nativeCurrency: { symbol: "ETH", decimals: 18 },
        rpcUrls: ["https://rpc-8453.example"],
      })
    }),
  )

  it.effect("fails with a UserRejectedError when the user rejects the switch or the add", () =>
    Effect.gen(function* () {
      const rejected = yield* Effect.flip(switchChain(wallet("reject").client, base))
      expect(rejected).toMatchObject({ _tag: "UserRejectedError", operation: "switchChain" })
      const rpc = wallet("unknown", "reject")
      const addRejected = yield* Effect.flip(switchChain(rpc.client, base))
      expect(addRejected).toMatchObject({ _tag: "UserRejectedError", operation: "switchChain" })
      expect(rpc.methods()).toEqual(["wallet_switchEthereumChain", "wallet_addEthereumChain"])
    }),
  )

  it.effect("takes a refusal for a switch when the wallet switched anyway", () =>
    Effect.gen(function* () {
      const rpc = wallet("fail and switch")
      yield* switchChain(rpc.client, base)
      expect(rpc.methods()).toEqual(["wallet_switchEthereumChain", "eth_chainId"])
    }),
  )

  it.effect("fails with a ChainMismatchError when the wallet stays on its chain, with or without an error", () =>
    Effect.gen(function* () {
      for (const answer of ["fail", "silent"] as const) {
        const error = yield* Effect.flip(switchChain(wallet(answer).client, base))
        expect(error).toMatchObject({ _tag: "ChainMismatchError", walletChainId: 1, expectedChainId: 8453 })
        expect(error.message).toBe("The wallet is on another chain\n\nCurrent chain id: 1\nExpected: 8453")
      }
    }),
  )

  it.effect("fails with a WalletError when the chain id cannot be read afterwards", () =>
    Effect.gen(function* () {
      const rpc = scriptedRpc({ wallet_switchEthereumChain: () => null })
      const error = yield* Effect.flip(switchChain(rpc.client, base))
      expect(error).toMatchObject({ _tag: "WalletError", operation: "getChainId" })
    }),
  )
})
