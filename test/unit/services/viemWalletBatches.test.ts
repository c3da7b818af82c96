import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { createWalletClient, custom, defineChain, type Hex, numberToHex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { fromViemWalletClient } from "../../../src/services/viemWallet.js"
import { TEST_PRIVATE_KEY } from "../../../src/testing/FakeWallet.js"

const FROM = "0x00000000000000000000000000000000000000a1"
const TO = "0x00000000000000000000000000000000000000b2"
const HASH: Hex = `0x${"ab".repeat(32)}`
const chain = defineChain({
  id: 1,
  name: "Ethereum",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [] } },
})

/** An injected EIP-5792 wallet on chain 1 whose capabilities and batch status are scripted; it records each method. */
const batchingWallet = (script: {
  readonly atomic?: string
  readonly knowsMethods?: boolean
  readonly status?: number
}) => {
  const calls: Array<{ method: string; params?: unknown }> = []
  const request = async ({ method, params }: { method: string; params?: unknown }): Promise<unknown> => {
    calls.push({ method, params })
    if (method === "eth_chainId") return numberToHex(1)
    if (script.knowsMethods === false && method.startsWith("wallet_"))
      throw { code: -32601, message: "Method not found" }
    switch (method) {
      case "wallet_getCapabilities":
        return { "0x1": script.atomic === undefined ? {} : { atomic: { status: script.atomic } } }
      case "wallet_sendCalls":
        return { id: "0xbatch" }
      case "wallet_getCallsStatus":
        return {
          version: "2.0.0",
          id: "0xbatch",
          chainId: "0x1",
          atomic: true,
          status: script.status ?? 200,
          receipts:
            (script.status ?? 200) === 100
              ? []
              : [
                  {
                    transactionHash: HASH,
                    status: (script.status ?? 200) === 200 ? "0x1" : "0x0",
                    blockNumber: "0x1",
                    blockHash: HASH,
                    gasUsed: "0x1",
                    logs: [],
                  },
                ],
        }
      default:
        throw new Error(`unexpected ${method}`)
    }
  }
  const wallet = fromViemWalletClient(createWalletClient({ account: FROM, transport: custom({ request }) }))
  return { wallet, calls }
}

describe("viem wallet: EIP-5792 batches", () => {
  for (const [atomic, expected] of [
    ["supported", true],
    ["ready", true],
    ["unsupported", false],
    [undefined, false],
  ] as const) {
    it.effect(`atomic ${atomic ?? "absent"}: atomicBatch is ${expected}, asked once per chain`, () =>
      Effect.gen(function* () {
        const { wallet, calls } = batchingWallet(atomic === undefined ? {} : { atomic })
        expect(yield* wallet.atomicBatch!(chain)).toBe(expected)
        expect(yield* wallet.atomicBatch!(chain)).toBe(expected)
        expect(calls.filter((call) => call.method === "wallet_getCapabilities")).toEqual([
          { method: "wallet_getCapabilities", params: [FROM, ["0x1"]] },
        ])
      }),
    )
  }

  it.effect("a wallet without the methods cannot batch", () =>
    Effect.gen(function* () {
      const { wallet } = batchingWallet({ knowsMethods: false })
      expect(yield* wallet.atomicBatch!(chain)).toBe(false)
    }),
  )

  it.effect("a local account does not batch, and asks the wallet nothing", () =>
    Effect.gen(function* () {
      const calls: Array<string> = []
      const wallet = fromViemWalletClient(
        createWalletClient({
          account: privateKeyToAccount(TEST_PRIVATE_KEY),
          transport: custom({ request: async ({ method }) => void calls.push(method) }),
        }),
      )
      expect(yield* wallet.atomicBatch!(chain)).toBe(false)
      expect(calls).toEqual([])
    }),
  )

  it.effect("sendCalls asks for an atomic batch of version 2.0.0 and answers its id", () =>
    Effect.gen(function* () {
      const { wallet, calls } = batchingWallet({ atomic: "supported" })
      const id = yield* wallet.sendCalls!({
        chain,
        calls: [
          { from: FROM, to: TO, data: "0x095ea7b3" },
          { from: FROM, to: TO, data: "0xdeadbeef", value: 1000n },
        ],
        context: [],
      })
      expect(id).toBe("0xbatch")
      const sent = calls.find((call) => call.method === "wallet_sendCalls")!.params as ReadonlyArray<
        Record<string, unknown>
      >
      expect(sent[0]).toMatchObject({
        atomicRequired: true,
        version: "2.0.0",
        chainId: "0x1",
        from: FROM,
        calls: [
          { to: TO, data: "0x095ea7b3" },
          { to: TO, data: "0xdeadbeef", value: "0x3e8" },
        ],
      })
    }),
  )

  for (const [code, status, receipt] of [
    [100, "pending", undefined],
    [200, "success", "success"],
    [500, "failure", "reverted"],
  ] as const) {
    it.effect(`calls status ${code} reads as ${status}`, () =>
      Effect.gen(function* () {
        const { wallet } = batchingWallet({ status: code })
        const answer = yield* wallet.callsStatus!({ chain, id: "0xbatch" })
        expect(answer).toEqual({
          status,
          statusCode: code,
          receipts: receipt === undefined ? [] : [{ hash: HASH, status: receipt }],
        })
      }),
    )
  }

  it.effect("a rejected batch is a UserRejectedError", () =>
    Effect.gen(function* () {
      const request = async ({ method }: { method: string }): Promise<unknown> => {
        if (method === "eth_chainId") return numberToHex(1)
        throw { code: 4001, message: "User rejected the request." }
      }
      const wallet = fromViemWalletClient(createWalletClient({ account: FROM, transport: custom({ request }) }))
      const error = yield* Effect.flip(wallet.sendCalls!({ chain, calls: [{ from: FROM, to: TO }], context: [] }))
      expect(error._tag).toBe("UserRejectedError")
    }),
  )
})
