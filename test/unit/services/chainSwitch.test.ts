import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import { createWalletClient, custom, defineChain, type Hex, numberToHex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { fromViemWalletClient } from "../../../src/services/viemWallet.js"

const FROM = "0x00000000000000000000000000000000000000a1"
const TO = "0x00000000000000000000000000000000000000b2"
const HASH: Hex = `0x${"ab".repeat(32)}`
const SIGNATURE: Hex = `0x${"cd".repeat(65)}`
const base = defineChain({
  id: 8453,
  name: "Base",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["https://mainnet.base.org"] } },
  blockExplorers: { default: { name: "Basescan", url: "https://basescan.org" } },
})

type Answer = "unknown chain" | "reject" | "ignore" | "switch"

/**
 * An injected EIP-1193 wallet on chain 1, scripted: `switch` says how it answers wallet_switchEthereumChain
 * while it does not know the chain (once added, it switches), `add` how it answers wallet_addEthereumChain.
 * It records each method with the chain the wallet was on when it came in.
 */
const scriptedWallet = (script: { switch: Answer; add?: "accept" | "reject" }) => {
  let chainId = 1
  let added = false
  const calls: Array<{ method: string; chainId: number; params?: unknown }> = []
  const request = async ({ method, params }: { method: string; params?: unknown }): Promise<unknown> => {
    calls.push({ method, chainId, params })
    switch (method) {
      case "eth_chainId":
        return numberToHex(chainId)
      case "wallet_switchEthereumChain": {
        const answer = added ? "switch" : script.switch
        if (answer === "unknown chain") throw { code: 4902, message: "Unrecognized chain ID" }
        if (answer === "reject") throw { code: 4001, message: "User rejected the request." }
        if (answer === "switch") chainId = Number((params as [{ chainId: Hex }])[0].chainId)
        return null
      }
      case "wallet_addEthereumChain":
        if (script.add === "reject") throw { code: 4001, message: "User rejected the request." }
        added = true
        return null
      case "eth_sendTransaction":
        return HASH
      case "eth_signTypedData_v4":
        return SIGNATURE
      default:
        throw { code: -32601, message: `Method ${method} not found` }
    }
  }
  const client = createWalletClient({ account: FROM, transport: custom({ request }) })
  const send = fromViemWalletClient(client).sendTransaction({
    chain: base,
    request: { from: FROM, to: TO, value: 1n },
    context: {} as never,
  })
  const wallet = fromViemWalletClient(client)
  return { send, wallet, calls, methods: () => calls.map((c) => c.method) }
}

const failureOf = (exit: Exit.Exit<unknown, unknown>) =>
  Option.getOrThrow(Cause.findErrorOption((exit as Exit.Failure<unknown, unknown>).cause))

describe("fromViemWalletClient switching chains", () => {
  it.effect("adds a chain the wallet does not know (4902), switches, then sends on it", () =>
    Effect.gen(function* () {
      const wallet = scriptedWallet({ switch: "unknown chain", add: "accept" })
      expect(yield* wallet.send).toBe(HASH)
      expect(wallet.methods()).toEqual([
        "eth_chainId",
        "wallet_switchEthereumChain",
        "wallet_addEthereumChain",
        "wallet_switchEthereumChain",
        "eth_chainId",
        "eth_chainId",
        "eth_sendTransaction",
      ])
      expect(wallet.calls.find((c) => c.method === "wallet_addEthereumChain")?.params).toEqual([
        {
          chainId: "0x2105",
          chainName: "Base",
          nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
          rpcUrls: ["https://mainnet.base.org"],
          blockExplorerUrls: ["https://basescan.org"],
        },
      ])
      expect(wallet.calls.find((c) => c.method === "eth_sendTransaction")?.chainId).toBe(8453)
    }),
  )

  it.effect("a wallet already on the chain is asked for its chain once, by viem's own check, then sends", () =>
    Effect.gen(function* () {
      const wallet = scriptedWallet({ switch: "switch" })
      const mainnet = { ...base, id: 1, name: "Ethereum" }
      expect(
        yield* wallet.wallet.sendTransaction({
          chain: mainnet,
          request: { from: FROM, to: TO, value: 1n },
          context: {} as never,
        }),
      ).toBe(HASH)
      expect(wallet.methods()).toEqual(["eth_chainId", "eth_sendTransaction"])
    }),
  )

  it.effect("a user rejecting the switch (4001) is a UserRejectedError, and nothing is sent", () =>
    Effect.gen(function* () {
      const wallet = scriptedWallet({ switch: "reject" })
      const exit = yield* Effect.exit(wallet.send)
      expect(failureOf(exit)).toMatchObject({ _tag: "UserRejectedError", operation: "switchChain" })
      expect(wallet.methods()).toEqual(["eth_chainId", "wallet_switchEthereumChain"])
    }),
  )

  it.effect("a user rejecting the added chain (4001) is a UserRejectedError, and nothing is sent", () =>
    Effect.gen(function* () {
      const wallet = scriptedWallet({ switch: "unknown chain", add: "reject" })
      const exit = yield* Effect.exit(wallet.send)
      expect(failureOf(exit)).toMatchObject({ _tag: "UserRejectedError", operation: "switchChain" })
      expect(wallet.methods()).toEqual(["eth_chainId", "wallet_switchEthereumChain", "wallet_addEthereumChain"])
    }),
  )

  it.effect("a switch that answers but stays on the old chain is a ChainMismatchError naming both ids", () =>
    Effect.gen(function* () {
      const wallet = scriptedWallet({ switch: "ignore" })
      const exit = yield* Effect.exit(wallet.send)
      const error = failureOf(exit) as { _tag: string; message: string }
      expect(error._tag).toBe("ChainMismatchError")
      expect(error.message).toBe("The wallet is on another chain\n\nCurrent chain id: 1\nExpected: 8453")
      expect(wallet.methods()).not.toContain("eth_sendTransaction")
    }),
  )
})

/** Typed data whose domain names `chainId`. */
const typedData = (chainId: number) =>
  ({
    domain: { name: "Seaport", version: "1.6", chainId, verifyingContract: TO },
    types: { Order: [{ name: "offerer", type: "address" }] },
    primaryType: "Order",
    message: { offerer: FROM },
  }) as const

describe("fromViemWalletClient signing typed data for another chain", () => {
  it.effect("switches to the domain's chain before asking for the signature", () =>
    Effect.gen(function* () {
      const { wallet, calls, methods } = scriptedWallet({ switch: "switch" })
      const signature = yield* wallet.signTypedData({
        typedData: typedData(base.id),
        chain: base,
        context: {} as never,
      })
      expect(signature).toBe(SIGNATURE)
      expect(methods()).toEqual(["eth_chainId", "wallet_switchEthereumChain", "eth_chainId", "eth_signTypedData_v4"])
      expect(calls.find((c) => c.method === "wallet_switchEthereumChain")?.params).toEqual([{ chainId: "0x2105" }])
      expect(calls.find((c) => c.method === "eth_signTypedData_v4")?.chainId).toBe(8453)
    }),
  )

  it.effect("a user rejecting the switch is a UserRejectedError, and no signature is asked for", () =>
    Effect.gen(function* () {
      const { wallet, methods } = scriptedWallet({ switch: "reject" })
      const exit = yield* Effect.exit(
        wallet.signTypedData({ typedData: typedData(base.id), chain: base, context: {} as never }),
      )
      expect(failureOf(exit)).toMatchObject({ _tag: "UserRejectedError", operation: "switchChain" })
      expect(methods()).toEqual(["eth_chainId", "wallet_switchEthereumChain"])
    }),
  )

  it.effect("a domain on the wallet's own chain is signed without a switch", () =>
    Effect.gen(function* () {
      const { wallet, calls, methods } = scriptedWallet({ switch: "switch" })
      const mainnet = { ...base, id: 1, name: "Ethereum" }
      expect(yield* wallet.signTypedData({ typedData: typedData(1), chain: mainnet, context: {} as never })).toBe(
        SIGNATURE,
      )
      expect(methods()).toEqual(["eth_chainId", "eth_signTypedData_v4"])
      expect(calls.find((c) => c.method === "eth_signTypedData_v4")?.chainId).toBe(1)
    }),
  )

  it.effect("a local account signs for any chain without asking the node anything", () =>
    Effect.gen(function* () {
      const { calls } = scriptedWallet({ switch: "switch" })
      const account = privateKeyToAccount(`0x${"11".repeat(32)}`)
      const request = async ({ method }: { method: string }) => {
        calls.push({ method, chainId: 1 })
        throw { code: -32601, message: `Method ${method} not found` }
      }
      const local = fromViemWalletClient(createWalletClient({ account, transport: custom({ request }) }))
      const signature = yield* local.signTypedData({ typedData: typedData(base.id), chain: base, context: {} as never })
      expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
      expect(calls).toEqual([])
    }),
  )

  it.effect(
    "a local account's fill for another chain moves the wallet there first: nonce, gas and fees read there",
    () =>
      Effect.gen(function* () {
        const account = privateKeyToAccount(`0x${"11".repeat(32)}`)
        // A wallet whose transport follows its chain, as a browser wallet's does: chain 1 has sent 6 transactions from
        // the account, Base none.
        let current = 1
        const asked: Array<string> = []
        const request = async ({ method, params }: { method: string; params?: ReadonlyArray<unknown> }) => {
          asked.push(`${method}@${current}`)
          switch (method) {
            case "eth_chainId":
              return numberToHex(current)
            case "wallet_switchEthereumChain":
              current = Number((params![0] as { chainId: Hex }).chainId)
              return null
            case "eth_getTransactionCount":
              return numberToHex(current === 1 ? 6 : 0)
            case "eth_estimateGas":
              return "0x5208"
            case "eth_maxPriorityFeePerGas":
              return "0x3b9aca00"
            case "eth_getBlockByNumber":
              return { number: "0x1", baseFeePerGas: "0x3b9aca00", timestamp: "0x1", transactions: [] }
            default:
              throw { code: -32601, message: `Method ${method} not found` }
          }
        }
        const local = fromViemWalletClient(createWalletClient({ account, transport: custom({ request }) }))
        const prepared = yield* local.prepareTransaction!({
          chain: base,
          request: { from: account.address, to: account.address, data: "0x", value: 1n },
        })
        expect(prepared).toMatchObject({ _tag: "Prepared", nonce: 0 })
        expect(asked.indexOf(`wallet_switchEthereumChain@1`)).toBeGreaterThan(-1)
        expect(asked.filter((method) => method.startsWith("eth_getTransactionCount"))).toEqual([
          `eth_getTransactionCount@${base.id}`,
        ])
      }),
  )

  it.effect(
    "a send on another chain moves a JSON-RPC wallet there first, once; the wallet's own chain asks nothing",
    () =>
      Effect.gen(function* () {
        let current = 1
        const asked: Array<string> = []
        const request = async ({ method, params }: { method: string; params?: ReadonlyArray<unknown> }) => {
          asked.push(method)
          if (method === "eth_chainId") return numberToHex(current)
          if (method === "wallet_switchEthereumChain") {
            current = Number((params![0] as { chainId: Hex }).chainId)
            return null
          }
          throw { code: -32601, message: `Method ${method} not found` }
        }
        const mainnet = { ...base, id: 1, name: "Ethereum" }
        const wallet = fromViemWalletClient(
          createWalletClient({
            account: "0x000000000000000000000000000000000000b0b0",
            chain: mainnet,
            transport: custom({ request }),
          }),
        )
        yield* wallet.moveToChain!(mainnet)
        expect(asked).toEqual([])
        yield* wallet.moveToChain!(base)
        // The switch, then the chain read again to see it took.
        expect(asked.slice(0, 2)).toEqual(["eth_chainId", "wallet_switchEthereumChain"])
        expect(current).toBe(base.id)
        const moved = asked.length
        yield* wallet.moveToChain!(base)
        expect(asked.length).toBe(moved)
      }),
  )
})
