import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { createWalletClient, custom } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { mainnet } from "viem/chains"
import { allCapabilities } from "../../../src/capabilities/allCapabilities.js"
import type { ReservoirClientWallet } from "../../../src/client/ReservoirClient.js"
import { toWalletService } from "../../../src/client/toWalletService.js"
import { CapabilityMissingError } from "../../../src/errors/CapabilityMissingError.js"

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
      const wallet = yield* toWalletService(adapter as unknown as ReservoirClientWallet, allCapabilities)
      expect((yield* wallet.address).toLowerCase()).toBe(ADAPTER_ADDRESS)
      expect(asked).toEqual(["address"])
    }),
  )

  it.effect("without the reservoirWallets capability, such an adapter is refused before it is asked anything", () =>
    Effect.gen(function* () {
      const asked: Array<string> = []
      const ask = (what: string) => () => {
        asked.push(what)
        return Promise.resolve("0x")
      }
      const adapter = {
        address: ask("address"),
        handleSignMessageStep: ask("handleSignMessageStep"),
        handleSendTransactionStep: ask("handleSendTransactionStep"),
      }
      const capabilities = allCapabilities.filter((capability) => capability.name !== "reservoirWallets")
      const error = yield* Effect.flip(toWalletService(adapter as unknown as ReservoirClientWallet, capabilities))
      expect(error).toBeInstanceOf(CapabilityMissingError)
      expect(error.capability).toBe("reservoirWallets")
      expect(error.message).toContain("add reservoirWallets to its capabilities")
      expect(asked).toEqual([])
    }),
  )

  it.effect("anything else is a viem WalletClient, with no capability: its account is the address, no RPC asked", () =>
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
      const wallet = yield* toWalletService(client as unknown as ReservoirClientWallet, [])
      expect(yield* wallet.address).toBe(account.address)
      expect(methods).toEqual([])
    }),
  )
})
