import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { type Address, type Hex, keccak256, numberToHex, parseTransaction } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { WalletError } from "../../../../src/errors/index.js"
import { sendLocalSyncWith } from "../../../../src/services/internal/sendSync.js"
import { sendOneWith } from "../../../../src/services/internal/viemSend.js"
import type { WalletService } from "../../../../src/services/Wallet.js"
import { TEST_PRIVATE_KEY } from "../../../../src/testing/FakeWallet.js"
import { type Handler, scriptedRpc, testChain } from "./scriptedRpc.js"

const FROM: Address = "0x00000000000000000000000000000000000000a1"
const TO: Address = "0x00000000000000000000000000000000000000b2"
const HASH: Hex = `0x${"ab".repeat(32)}`
const base = testChain(8453, "Base")
const local = privateKeyToAccount(TEST_PRIVATE_KEY)
const context = {} as never

/** A browser wallet on `chainId` that switches when asked (unless `switchAnswer` throws) and sends with `send`. */
const browserWallet = (chainId: number, handlers: Record<string, Handler> = {}) => {
  let current = chainId
  return scriptedRpc({
    eth_chainId: () => numberToHex(current),
    wallet_switchEthereumChain: ([param]) => {
      current = Number((param as { chainId: Hex }).chainId)
      return null
    },
    eth_sendTransaction: () => HASH,
    ...handlers,
  })
}

const filled = { from: FROM, to: TO, value: 3n, gas: 21_000n, maxFeePerGas: 10n, maxPriorityFeePerGas: 1n }

describe("sendOneWith", () => {
  it.effect("sends through the wallet on its chain and answers the hash; the wallet picks its own nonce", () =>
    Effect.gen(function* () {
      const rpc = browserWallet(8453)
      const send = sendOneWith(rpc.client, () => Effect.succeed(FROM))
      const hash = yield* send({
        chain: base,
        request: { from: FROM, to: TO, data: "0x1234", value: 3n },
        nonce: 9,
        context,
      })
      expect(hash).toBe(HASH)
      expect(rpc.methods()).toEqual(["eth_chainId", "eth_sendTransaction"])
      const sent = rpc.calls[1]?.params[0] as Record<string, unknown>
      expect(sent).toMatchObject({ from: FROM, to: TO, data: "0x1234", value: "0x3" })
      expect(sent.nonce).toBeUndefined()
    }),
  )

  it.effect("asks a wallet on another chain to switch, then sends again", () =>
    Effect.gen(function* () {
      const rpc = browserWallet(1)
      const hash = yield* sendOneWith(rpc.client, () => Effect.succeed(FROM))({ chain: base, request: filled, context })
      expect(hash).toBe(HASH)
      expect(rpc.methods()).toEqual([
        "eth_chainId",
        "wallet_switchEthereumChain",
        "eth_chainId",
        "eth_chainId",
        "eth_sendTransaction",
      ])
    }),
  )

  it.effect("sends nothing when the user rejects the switch", () =>
    Effect.gen(function* () {
      const rpc = browserWallet(1, {
        wallet_switchEthereumChain: () => {
          throw { code: 4001, message: "User rejected the request." }
        },
      })
      const error = yield* Effect.flip(
        sendOneWith(rpc.client, () => Effect.succeed(FROM))({ chain: base, request: filled, context }),
      )
      expect(error).toMatchObject({ _tag: "UserRejectedError", operation: "switchChain" })
      expect(rpc.methods()).not.toContain("eth_sendTransaction")
    }),
  )

  it.effect("maps the wallet's refusal of the send to a typed error", () =>
    Effect.gen(function* () {
      const rejecting = browserWallet(8453, {
        eth_sendTransaction: () => {
          throw { code: 4001, message: "User denied transaction signature." }
        },
      })
      const send = sendOneWith(rejecting.client, () => Effect.succeed(FROM))
      expect(yield* Effect.flip(send({ chain: base, request: filled, context }))).toMatchObject({
        _tag: "UserRejectedError",
        operation: "sendTransaction",
      })
      const failing = browserWallet(8453, {
        eth_sendTransaction: () => {
          throw { code: -32000, message: "insufficient funds for gas * price + value" }
        },
      })
      const error = yield* Effect.flip(
        sendOneWith(failing.client, () => Effect.succeed(FROM))({ chain: base, request: filled, context }),
      )
      expect(error).toMatchObject({ _tag: "WalletError", operation: "sendTransaction", code: -32000 })
    }),
  )

  it.effect("signs a local account's transaction with the nonce given, for the chain it is sent on", () =>
    Effect.gen(function* () {
      const rpc = browserWallet(8453, { eth_sendRawTransaction: ([raw]) => keccak256(raw as Hex) })
      const hash = yield* sendOneWith(rpc.client, () => Effect.succeed(local))({
        chain: base,
        request: { ...filled, from: local.address },
        nonce: 42,
        context,
      })
      expect(rpc.methods()).not.toContain("eth_getTransactionCount")
      const raw = rpc.calls.find((call) => call.method === "eth_sendRawTransaction")?.params[0] as Hex
      expect(hash).toBe(keccak256(raw))
      expect(parseTransaction(raw)).toMatchObject({ nonce: 42, chainId: 8453, to: TO, value: 3n, gas: 21_000n })
    }),
  )

  it.effect("fails with the account's own error before anything is asked", () =>
    Effect.gen(function* () {
      const rpc = browserWallet(8453)
      const noAccount = new WalletError({ operation: "getAddresses", message: "The wallet has no account connected" })
      const send = sendOneWith(rpc.client, () => Effect.fail(noAccount))
      expect(yield* Effect.flip(send({ chain: base, request: filled, context }))).toBe(noAccount)
      expect(rpc.calls).toEqual([])
    }),
  )
})

describe("sendLocalSyncWith", () => {
  const recordingSendOne = (answer: Hex | undefined) => {
    const asked: Array<unknown> = []
    const sendOne: WalletService["sendTransaction"] = (args) =>
      Effect.sync(() => {
        asked.push(args)
        return answer
      })
    return { sendOne, asked }
  }

  it.effect("sends a transaction not filled for sending the usual way", () =>
    Effect.gen(function* () {
      const rpc = scriptedRpc({})
      const { sendOne, asked } = recordingSendOne(HASH)
      const request = { from: local.address, to: TO, value: 3n }
      const sent = yield* sendLocalSyncWith(
        rpc.client,
        sendOne,
        5000,
      )(local, { chain: base, request, nonce: 4, context })
      expect(sent).toEqual({ hash: HASH })
      expect(asked).toEqual([{ chain: base, request, nonce: 4, context }])
      expect(rpc.calls).toEqual([])
    }),
  )

  it.effect("fails with a WalletError when the usual send answers no hash", () =>
    Effect.gen(function* () {
      const { sendOne } = recordingSendOne(undefined)
      const error = yield* Effect.flip(
        sendLocalSyncWith(
          scriptedRpc({}).client,
          sendOne,
          5000,
        )(local, {
          chain: base,
          request: { from: local.address, to: TO },
          nonce: 4,
          context,
        }),
      )
      expect(error).toMatchObject({
        _tag: "WalletError",
        operation: "sendTransaction",
        message: "Wallet sendTransaction failed: no hash",
      })
    }),
  )

  it.effect("sends a filled transaction with its receipt asked for in the same call", () =>
    Effect.gen(function* () {
      const rpc = scriptedRpc({
        eth_sendRawTransactionSync: ([raw]) => ({
          transactionHash: keccak256(raw as Hex),
          status: "0x1",
          blockNumber: "0x10",
          blockHash: HASH,
          transactionIndex: "0x0",
          from: local.address,
          to: TO,
          gasUsed: "0x5208",
          cumulativeGasUsed: "0x5208",
          effectiveGasPrice: "0x1",
          logs: [],
          logsBloom: `0x${"00".repeat(256)}`,
          contractAddress: null,
          type: "0x2",
        }),
      })
      const { sendOne, asked } = recordingSendOne(HASH)
      const sent = yield* sendLocalSyncWith(
        rpc.client,
        sendOne,
        5000,
      )(local, {
        chain: base,
        request: { ...filled, from: local.address },
        nonce: 4,
        context,
      })
      expect(asked).toEqual([])
      expect(rpc.methods()).toEqual(["eth_sendRawTransactionSync"])
      const raw = rpc.calls[0]?.params[0] as Hex
      expect(parseTransaction(raw)).toMatchObject({ nonce: 4, chainId: 8453 })
      expect(sent).toEqual({ hash: keccak256(raw), receipt: { status: "success", blockNumber: 16n } })
    }),
  )
})
