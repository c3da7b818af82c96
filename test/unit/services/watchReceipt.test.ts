import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/testing/TestClock"
import type { Hex, PublicClient, Transaction } from "viem"
import { watchReceipt } from "../../../src/services/internal/watchReceipt.js"

const SENDER = "0x1111111111111111111111111111111111111111"
const HASH: Hex = `0x${"aa".repeat(32)}`
const REPLACEMENT: Hex = `0x${"bb".repeat(32)}`
const original = { hash: HASH, from: SENDER, to: SENDER, nonce: 7, value: 1n, input: "0x" } as unknown as Transaction

/**
 * A node on which the transaction was repriced in block `replacedIn`: block numbers come from `blockNumbers`
 * in turn (a `failure` entry fails that read), and every block read is recorded.
 */
const node = (blockNumbers: ReadonlyArray<bigint | "failure">, replacedIn: bigint) => {
  const blocksRead: Array<bigint> = []
  let reads = 0
  const client = {
    getBlockNumber: async () => {
      const answer = blockNumbers[Math.min(reads++, blockNumbers.length - 1)]!
      if (answer === "failure") throw new Error("rpc down")
      return answer
    },
    getTransactionReceipt: async () => {
      throw new Error("not found")
    },
    getTransaction: async () => original,
    getTransactionCount: async () => 8,
    getBlock: async ({ blockNumber }: { blockNumber: bigint }) => {
      blocksRead.push(blockNumber)
      return { transactions: blockNumber === replacedIn ? [{ ...original, hash: REPLACEMENT }] : [] }
    },
  } as unknown as PublicClient
  return { client, blocksRead }
}

describe("watchReceipt: replacement scan", () => {
  it.effect("never scans from block 0 when the first block-number read fails", () =>
    Effect.gen(function* () {
      const { client, blocksRead } = node(["failure", 5000n], 4999n)
      const fiber = yield* Effect.forkChild(watchReceipt(client, HASH, "1 second"))
      yield* TestClock.adjust("5 seconds")
      expect(yield* Fiber.join(fiber)).toEqual({ _tag: "Replaced", hash: REPLACEMENT, reason: "repriced" })
      expect(blocksRead.length).toBeGreaterThan(0)
      expect(Math.min(...blocksRead.map(Number))).toBeGreaterThanOrEqual(4975)
    }))

  it.effect("scans at most a small window of recent blocks in one probe", () =>
    Effect.gen(function* () {
      const { client, blocksRead } = node([100n, 1_000_000n], 999_999n)
      const fiber = yield* Effect.forkChild(watchReceipt(client, HASH, "1 second"))
      yield* TestClock.adjust("5 seconds")
      expect(yield* Fiber.join(fiber)).toEqual({ _tag: "Replaced", hash: REPLACEMENT, reason: "repriced" })
      expect(blocksRead.length).toBeLessThanOrEqual(25)
      expect(Math.max(...blocksRead.map(Number))).toBe(999_999)
    }))
})
