import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { createPublicClient, custom, getAddress, type Hex, numberToHex, type PublicClient } from "viem"
import { getChainId } from "viem/actions"
import { accountOf, ensureChainOf, readersOf } from "../../../../src/services/internal/viemAccount.js"
import { scriptedRpc, testChain } from "./scriptedRpc.js"

const ACCOUNT = "0x00000000000000000000000000000000000000a1"
const SECOND = "0x00000000000000000000000000000000000000c3"
const base = testChain(8453, "Base")

describe("accountOf", () => {
  it.effect("answers the client's own account without asking the wallet", () =>
    Effect.gen(function* () {
      const rpc = scriptedRpc({}, { account: ACCOUNT })
      expect(yield* accountOf(rpc.client)).toMatchObject({ address: ACCOUNT, type: "json-rpc" })
      expect(rpc.calls).toEqual([])
    }),
  )

  it.effect("else answers the first address the wallet has connected", () =>
    Effect.gen(function* () {
      const rpc = scriptedRpc({ eth_accounts: () => [ACCOUNT, SECOND] })
      expect(yield* accountOf(rpc.client)).toBe(getAddress(ACCOUNT))
      expect(rpc.methods()).toEqual(["eth_accounts"])
    }),
  )

  it.effect("fails with a WalletError when the wallet has no account connected", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(accountOf(scriptedRpc({ eth_accounts: () => [] }).client))
      expect(error).toMatchObject({
        _tag: "WalletError",
        operation: "getAddresses",
        message: "The wallet has no account connected",
      })
    }),
  )

  it.effect("fails with a UserRejectedError when the user refuses to connect", () =>
    Effect.gen(function* () {
      const rpc = scriptedRpc({
        eth_accounts: () => {
          throw { code: 4001, message: "User rejected the request." }
        },
      })
      expect(yield* Effect.flip(accountOf(rpc.client))).toMatchObject({
        _tag: "UserRejectedError",
        operation: "getAddresses",
      })
    }),
  )
})

describe("ensureChainOf", () => {
  /** A wallet on `chainId` that switches when asked. */
  const walletOn = (chainId: number) => {
    let current = chainId
    return scriptedRpc({
      eth_chainId: () => numberToHex(current),
      wallet_switchEthereumChain: ([param]) => {
        current = Number((param as { chainId: Hex }).chainId)
        return null
      },
    })
  }

  it.effect("asks nothing more of a wallet already on the chain", () =>
    Effect.gen(function* () {
      const rpc = walletOn(8453)
      yield* ensureChainOf(rpc.client)(base)
      expect(rpc.methods()).toEqual(["eth_chainId"])
    }),
  )

  it.effect("asks a wallet on another chain to switch", () =>
    Effect.gen(function* () {
      const rpc = walletOn(1)
      yield* ensureChainOf(rpc.client)(base)
      expect(rpc.methods()).toEqual(["eth_chainId", "wallet_switchEthereumChain", "eth_chainId"])
    }),
  )

  it.effect("fails with a WalletError when the chain id cannot be read", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(ensureChainOf(scriptedRpc({}).client)(base))
      expect(error).toMatchObject({ _tag: "WalletError", operation: "getChainId" })
    }),
  )
})

describe("readersOf", () => {
  it("reads a chain through its configured public client", () => {
    const configured = createPublicClient({ chain: base, transport: custom({ request: async () => null }) })
    const readers = readersOf(scriptedRpc({}).client, { 8453: configured as PublicClient })
    expect(readers.publicClientFor(base)).toBe(configured)
    expect(readers.singleTryClientFor(base)).toBe(configured)
  })

  it("else reads it through the wallet's own transport, bound to that chain", async () => {
    const rpc = scriptedRpc({ eth_chainId: () => numberToHex(8453) })
    const reader = readersOf(rpc.client, { 1: {} as PublicClient }).publicClientFor(base)
    expect(reader.chain?.id).toBe(8453)
    expect(await getChainId(reader)).toBe(8453)
    expect(rpc.methods()).toEqual(["eth_chainId"])
  })

  it("asks once, without retrying, through the single-try reader", async () => {
    const rpc = scriptedRpc({
      eth_chainId: () => {
        throw { code: -32603, message: "Internal error" }
      },
    })
    const reader = readersOf(rpc.client, undefined).singleTryClientFor(base)
    await expect(getChainId(reader)).rejects.toThrow()
    expect(rpc.methods()).toEqual(["eth_chainId"])
  })
})
