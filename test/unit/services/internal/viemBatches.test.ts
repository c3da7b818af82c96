import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { type Chain, type Hex, numberToHex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { ChainMismatchError } from "../../../../src/errors/index.js"
import { type ViemBatchParts, viemBatches } from "../../../../src/services/internal/viemBatches.js"
import { TEST_PRIVATE_KEY } from "../../../../src/testing/FakeWallet.js"
import { type Handler, scriptedRpc, testChain } from "./scriptedRpc.js"

const ACCOUNT = "0x00000000000000000000000000000000000000a1"
const TO = "0x00000000000000000000000000000000000000b2"
const HASH: Hex = `0x${"ab".repeat(32)}`
const mainnet = testChain(1)
const base = testChain(8453, "Base")

/** The batch part of a wallet over `handlers`; it records the chains `ensureChain` was asked for. */
const batches = (handlers: Record<string, Handler>, parts: Partial<Omit<ViemBatchParts, "client">> = {}) => {
  const rpc = scriptedRpc(handlers)
  const ensured: Array<number> = []
  const service = viemBatches({
    client: rpc.client,
    account: () => Effect.succeed(ACCOUNT),
    ensureChain: (chain: Chain) => Effect.sync(() => void ensured.push(chain.id)),
    ...parts,
  })
  return { ...service, rpc, ensured }
}

/** A wallet_getCapabilities answer giving `capabilities` on every chain asked for. */
const capabilities =
  (capabilities: unknown): Handler =>
  ([, chains]) =>
    Object.fromEntries((chains as Array<string>).map((chain) => [chain, capabilities]))

const calls = [
  { from: ACCOUNT, to: TO, data: "0x095ea7b3" as Hex },
  { from: ACCOUNT, to: TO, value: 5n },
] as const

describe("viemBatches capabilities", () => {
  it.effect("reads atomic and paymasterService from one answer, asked once per chain", () =>
    Effect.gen(function* () {
      const wallet = batches({
        wallet_getCapabilities: capabilities({ atomic: { status: "ready" }, paymasterService: { supported: true } }),
      })
      expect(yield* wallet.atomicBatch!(base)).toBe(true)
      expect(yield* wallet.paymasterService!(base)).toBe(true)
      expect(yield* wallet.atomicBatch!(base)).toBe(true)
      expect(wallet.rpc.calls).toEqual([{ method: "wallet_getCapabilities", params: [ACCOUNT, ["0x2105"]] }])
      yield* wallet.atomicBatch!(mainnet)
      expect(wallet.rpc.calls[1]?.params).toEqual([ACCOUNT, ["0x1"]])
    }),
  )

  it.effect("takes anything but supported or ready, and anything but supported: true, for no", () =>
    Effect.gen(function* () {
      for (const answer of [{}, { atomic: { status: "unsupported" } }, { paymasterService: { supported: "yes" } }]) {
        const wallet = batches({ wallet_getCapabilities: capabilities(answer) })
        expect(yield* wallet.atomicBatch!(base)).toBe(false)
        expect(yield* wallet.paymasterService!(base)).toBe(false)
      }
    }),
  )

  it.effect("takes a wallet that cannot answer for one without batches, and remembers it", () =>
    Effect.gen(function* () {
      const wallet = batches({})
      expect(yield* wallet.atomicBatch!(base)).toBe(false)
      expect(yield* wallet.paymasterService!(base)).toBe(false)
      expect(wallet.rpc.methods()).toEqual(["wallet_getCapabilities"])
    }),
  )

  it.effect("asks nothing for a local account, which signs and does not batch", () =>
    Effect.gen(function* () {
      const wallet = batches(
        { wallet_getCapabilities: capabilities({ atomic: { status: "supported" } }) },
        { account: () => Effect.succeed(privateKeyToAccount(TEST_PRIVATE_KEY)) },
      )
      expect(yield* wallet.atomicBatch!(base)).toBe(false)
      expect(wallet.rpc.calls).toEqual([])
    }),
  )
})

describe("viemBatches sendCalls", () => {
  it.effect("puts the wallet on the chain, then sends an atomic batch and answers its id", () =>
    Effect.gen(function* () {
      const wallet = batches({ eth_chainId: () => numberToHex(8453), wallet_sendCalls: () => ({ id: "0xbatch" }) })
      expect(yield* wallet.sendCalls!({ chain: base, calls, context: [] })).toBe("0xbatch")
      expect(wallet.ensured).toEqual([8453])
      const sent = wallet.rpc.calls.find((call) => call.method === "wallet_sendCalls")?.params[0]
      expect(sent).toMatchObject({
        version: "2.0.0",
        atomicRequired: true,
        chainId: "0x2105",
        from: ACCOUNT,
        calls: [
          { to: TO, data: "0x095ea7b3" },
          { to: TO, value: "0x5" },
        ],
      })
      expect((sent as { capabilities?: unknown }).capabilities).toBeUndefined()
    }),
  )

  it.effect("asks for a sponsored batch as an optional capability", () =>
    Effect.gen(function* () {
      const wallet = batches({ eth_chainId: () => numberToHex(8453), wallet_sendCalls: () => ({ id: "0xbatch" }) })
      const paymasterService = { url: "https://paymaster.example/rpc" }
      yield* wallet.sendCalls!({ chain: base, calls, context: [], capabilities: { paymasterService } })
      const sent = wallet.rpc.calls.find((call) => call.method === "wallet_sendCalls")?.params[0]
      expect(sent).toMatchObject({
        capabilities: { paymasterService: { url: "https://paymaster.example/rpc", optional: true } },
      })
    }),
  )

  it.effect("sends nothing when the wallet cannot be put on the chain", () =>
    Effect.gen(function* () {
      const wallet = batches(
        { wallet_sendCalls: () => ({ id: "0xbatch" }) },
        { ensureChain: () => Effect.fail(ChainMismatchError.of({ walletChainId: 1, expectedChainId: 8453 })) },
      )
      const error = yield* Effect.flip(wallet.sendCalls!({ chain: base, calls, context: [] }))
      expect(error._tag).toBe("ChainMismatchError")
      expect(wallet.rpc.calls).toEqual([])
    }),
  )

  it.effect("fails with a CallsIdMissingError when the answer has no usable id, naming the answer", () =>
    Effect.gen(function* () {
      for (const [answer, described] of [
        [{}, "{}"],
        [{ id: "" }, '{"id":""}'],
        [{ id: 7 }, '{"id":7}'],
        [null, "null"],
      ] as const) {
        const wallet = batches({ eth_chainId: () => numberToHex(8453), wallet_sendCalls: () => answer })
        const error = yield* Effect.flip(wallet.sendCalls!({ chain: base, calls, context: [] }))
        expect(error).toMatchObject({ _tag: "CallsIdMissingError", chainId: 8453, answer: described })
        expect(error.message).toContain("The batch may have been sent")
      }
    }),
  )

  it.effect("takes an id of 8192 characters, refuses a longer one and cuts its description at 200", () =>
    Effect.gen(function* () {
      const longest = "a".repeat(8192)
      const ok = batches({ eth_chainId: () => numberToHex(8453), wallet_sendCalls: () => ({ id: longest }) })
      expect(yield* ok.sendCalls!({ chain: base, calls, context: [] })).toBe(longest)
      const tooLong = batches({ eth_chainId: () => numberToHex(8453), wallet_sendCalls: () => ({ id: `${longest}a` }) })
      const error = yield* Effect.flip(tooLong.sendCalls!({ chain: base, calls, context: [] }))
      expect(error).toMatchObject({ _tag: "CallsIdMissingError", answer: `${`{"id":"${longest}`.slice(0, 200)}…` })
    }),
  )
})

describe("viemBatches callsStatus", () => {
  const status = (answer: Record<string, unknown>) =>
    batches({
      wallet_getCallsStatus: () => ({ version: "2.0.0", id: "0xbatch", chainId: "0x2105", atomic: true, ...answer }),
    }).callsStatus!({ chain: base, id: "0xbatch" })

  const receipt = (ok: boolean) => ({
    transactionHash: HASH,
    status: ok ? "0x1" : "0x0",
    blockNumber: "0x1",
    blockHash: HASH,
    gasUsed: "0x1",
    logs: [],
  })

  it.effect("reads the wallet's status code and the receipts of the calls", () =>
    Effect.gen(function* () {
      expect(yield* status({ status: 200, receipts: [receipt(true)] })).toEqual({
        status: "success",
        statusCode: 200,
        receipts: [{ hash: HASH, status: "success" }],
      })
      expect(yield* status({ status: 500, receipts: [receipt(false)] })).toEqual({
        status: "failure",
        statusCode: 500,
        receipts: [{ hash: HASH, status: "reverted" }],
      })
    }),
  )

  it.effect("takes a status worded in no known way, without receipts, for pending", () =>
    Effect.gen(function* () {
      expect(yield* status({ status: 999 })).toEqual({ status: "pending", statusCode: 999, receipts: [] })
    }),
  )

  it.effect("fails with a WalletError naming getCallsStatus when the wallet fails", () =>
    Effect.gen(function* () {
      const wallet = batches({
        wallet_getCallsStatus: () => {
          throw { code: 5730, message: "Unknown bundle id" }
        },
      })
      const error = yield* Effect.flip(wallet.callsStatus!({ chain: base, id: "0xbatch" }))
      expect(error).toMatchObject({ _tag: "WalletError", operation: "getCallsStatus", code: 5730 })
    }),
  )
})
