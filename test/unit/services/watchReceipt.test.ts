import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import type { Hex, PublicClient, WaitForTransactionReceiptParameters } from "viem"
import { watchReceipt } from "../../../src/services/internal/watchReceipt.js"

const SENDER = "0x1111111111111111111111111111111111111111"
const HASH: Hex = `0x${"aa".repeat(32)}`
const REPLACEMENT: Hex = `0x${"bb".repeat(32)}`

/** A client whose `waitForTransactionReceipt` plays `answers` in turn, recording every call's parameters. */
const clientAnswering = (
  answers: ReadonlyArray<(parameters: WaitForTransactionReceiptParameters) => Promise<unknown>>,
) => {
  const calls: Array<WaitForTransactionReceiptParameters> = []
  const client = {
    waitForTransactionReceipt: (parameters: WaitForTransactionReceiptParameters) => {
      calls.push(parameters)
      return answers[Math.min(calls.length - 1, answers.length - 1)]!(parameters)
    },
  } as unknown as PublicClient
  return { client, calls }
}

const mined = (status: "success" | "reverted") => async () => ({ status, blockNumber: 12n, transactionHash: HASH })

describe("watchReceipt over viem's waitForTransactionReceipt", () => {
  it.effect("reports the mined receipt's status and block, never timing out on its own", () =>
    Effect.gen(function* () {
      const { client, calls } = clientAnswering([mined("reverted")])
      expect(yield* watchReceipt(client, HASH, 250)).toEqual({
        _tag: "Mined",
        hash: HASH,
        status: "reverted",
        blockNumber: 12n,
      })
      expect(calls[0]).toMatchObject({ hash: HASH, pollingInterval: 250, timeout: 0 })
    }),
  )

  it.effect("reports a replacement with the replacement's hash and viem's reason", () =>
    Effect.gen(function* () {
      const { client } = clientAnswering([
        async (parameters) => {
          parameters.onReplaced?.({ reason: "cancelled", transaction: { hash: REPLACEMENT } } as never)
          return { status: "success", blockNumber: 13n }
        },
      ])
      expect(yield* watchReceipt(client, HASH, 250)).toEqual({
        _tag: "Replaced",
        hash: REPLACEMENT,
        reason: "cancelled",
      })
    }),
  )

  it.effect("hands viem the sender and nonce of the send, so an early replacement is recognised", () =>
    Effect.gen(function* () {
      const { client, calls } = clientAnswering([mined("success")])
      yield* watchReceipt(client, HASH, 250, { from: SENDER, nonce: 7, to: SENDER, value: 0n, input: "0x" })
      expect(calls[0]?.replacement).toEqual({ from: SENDER, nonce: 7, to: SENDER, value: 0n, input: "0x" })
    }),
  )

  it.effect("a wait viem gives up on is a WalletError: the wallet cannot tell", () =>
    Effect.gen(function* () {
      const { client, calls } = clientAnswering([() => Promise.reject(new Error("eth_blockNumber is not supported"))])
      const error = yield* Effect.flip(watchReceipt(client, HASH, 1000))
      expect(error).toMatchObject({ _tag: "WalletError", operation: "waitForReceipt" })
      expect(error.message).toContain("eth_blockNumber is not supported")
      expect(calls).toHaveLength(1)
    }),
  )

  it.effect("aborts viem's wait when interrupted", () =>
    Effect.gen(function* () {
      const { client, calls } = clientAnswering([() => new Promise(() => {})])
      const fiber = yield* Effect.forkChild(watchReceipt(client, HASH, 1000), { startImmediately: true })
      yield* Fiber.interrupt(fiber)
      expect(calls[0]?.signal?.aborted).toBe(true)
    }),
  )
})
