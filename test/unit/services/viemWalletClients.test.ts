import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { createClient, createWalletClient, custom, defineChain, type Hex, numberToHex } from "viem"
import { fromViemWalletClient } from "../../../src/services/viemWallet.js"

const FROM = "0x00000000000000000000000000000000000000a1"
const TO = "0x00000000000000000000000000000000000000b2"
const HASH: Hex = `0x${"ab".repeat(32)}`
const SIGNATURE: Hex = `0x${"cd".repeat(65)}`
const chain = defineChain({
  id: 1,
  name: "Ethereum",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [] } },
})
const typedData = {
  domain: { name: "Exchange", version: "1", chainId: 1 },
  types: { Order: [{ name: "maker", type: "address" }] },
  primaryType: "Order",
  message: { maker: FROM },
} as const

/** An injected wallet on chain 1 that signs and sends anything; it records each method. */
const injected = () => {
  const methods: Array<string> = []
  const request = async ({ method }: { method: string }): Promise<unknown> => {
    methods.push(method)
    switch (method) {
      case "eth_chainId":
        return numberToHex(1)
      case "eth_signTypedData_v4":
      case "personal_sign":
        return SIGNATURE
      case "eth_sendTransaction":
        return HASH
      default:
        throw new Error(`unexpected ${method}`)
    }
  }
  return { methods, transport: custom({ request }) }
}

describe("viem wallet: the clients it takes", () => {
  it.effect("a bare client without viem's wallet actions (wagmi's connector client) signs and sends", () =>
    Effect.gen(function* () {
      const { methods, transport } = injected()
      const wallet = fromViemWalletClient(createClient({ account: FROM, chain, transport }))
      expect(yield* wallet.address).toBe(FROM)
      expect(yield* wallet.signTypedData({ typedData, chain } as never)).toBe(SIGNATURE)
      expect(yield* wallet.signMessage({ message: "hello" } as never)).toBe(SIGNATURE)
      expect(
        yield* wallet.sendTransaction({ chain, request: { from: FROM, to: TO, data: "0x", value: 0n } } as never),
      ).toBe(HASH)
      expect(methods).toEqual([
        "eth_chainId",
        "eth_signTypedData_v4",
        "personal_sign",
        "eth_chainId",
        "eth_sendTransaction",
      ])
    }),
  )

  it.effect("an extended client's own action is the one called (a smart account overriding sendTransaction)", () =>
    Effect.gen(function* () {
      const { methods, transport } = injected()
      const overridden: Array<unknown> = []
      const client = createWalletClient({ account: FROM, chain, transport }).extend(() => ({
        sendTransaction: async (args: unknown) => {
          overridden.push(args)
          return `0x${"ef".repeat(32)}` as Hex
        },
      }))
      const wallet = fromViemWalletClient(client)
      const hash = yield* wallet.sendTransaction({
        chain,
        request: { from: FROM, to: TO, data: "0x", value: 0n },
      } as never)
      expect(hash).toBe(`0x${"ef".repeat(32)}`)
      expect(overridden).toHaveLength(1)
      expect(methods).not.toContain("eth_sendTransaction")
    }),
  )
})
