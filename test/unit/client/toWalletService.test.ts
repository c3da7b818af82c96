import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { createWalletClient, custom } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { mainnet } from "viem/chains"
import { allCapabilities } from "../../../src/capabilities/allCapabilities.js"
import type { ReservoirClientWallet } from "../../../src/client/ReservoirClient.js"
import { toWalletService } from "../../../src/client/toWalletService.js"

const ADAPTER_ADDRESS = "0x1111111111111111111111111111111111111111"
const account = privateKeyToAccount(`0x${"11".repeat(32)}`)

describe("toWalletService", () => {
  it.effect("an adapter in the older SDK's shape is asked through its own methods", () =>
    Effect.gen(function* () {
      const asked: Array<string> = []
      const adapter = {
        address: () => {
          asked.push("address")
          return Promise.resolve(ADAPTER_ADDRESS)
        },
        handleSignMessageStep: () => Promise.resolve("0x"),
        handleSendTransactionStep: () => Promise.resolve("0x"),
      }
      const wallet = toWalletService(adapter as unknown as ReservoirClientWallet, allCapabilities)
      expect((yield* wallet.address).toLowerCase()).toBe(ADAPTER_ADDRESS)
      expect(asked).toEqual(["address"])
    }),
  )

  it.effect("anything else is a viem WalletClient: its account is the wallet's address, no RPC asked", () =>
    Effect.gen(function* () {
      const methods: Array<string> = []
      const client = createWalletClient({
        account,
        chain: mainnet,
        transport: custom({
          request: async ({ method }: { method: string }) => {
            methods.push(method)
            throw new Error("no RPC in this test")
          },
        }),
      })
      const wallet = toWalletService(client as unknown as ReservoirClientWallet, allCapabilities)
      expect(yield* wallet.address).toBe(account.address)
      expect(methods).toEqual([])
    }),
  )
})
