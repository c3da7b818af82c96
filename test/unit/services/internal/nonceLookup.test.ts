import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { type Hex, hexToBigInt, numberToHex } from "viem"
import { lookUpByNonce } from "../../../../src/services/internal/nonceLookup.js"
import { scriptedRpc, testChain } from "./scriptedRpc.js"

const ACCOUNT = "0x00000000000000000000000000000000000000A1"
const OTHER = "0x00000000000000000000000000000000000000c3"
const TO = "0x00000000000000000000000000000000000000b2"
const chain = testChain(1)
const hashOf = (block: bigint, index: number): Hex =>
  `0x${block.toString(16).padStart(62, "0")}${index.toString(16).padStart(2, "0")}`

/**
 * A node whose chain is `tip` blocks long and where the account's transaction with nonce `i` was mined in block
 * `minedIn[i]`; `pending` more wait in its pool. Each block holds a transaction of another account too, and the
 * account's own ones unless `blocksHoldOwn` is false (a node whose counts and blocks disagree).
 */
const node = (tip: bigint, minedIn: ReadonlyArray<bigint>, pending = 0, blocksHoldOwn = true) => {
  const countAt = (block: bigint) => minedIn.filter((mined) => mined <= block).length
  const transaction = (block: bigint, index: number, from: string, nonce: number) => ({
    hash: hashOf(block, index),
    from: from.toLowerCase(),
    to: TO,
    nonce: numberToHex(nonce),
    value: numberToHex(nonce + 1),
    input: "0x1234",
    gas: "0x5208",
    gasPrice: "0x1",
    type: "0x0",
    blockHash: hashOf(block, 255),
    blockNumber: numberToHex(block),
    transactionIndex: numberToHex(index),
    v: "0x1b",
    r: `0x${"11".repeat(32)}`,
    s: `0x${"22".repeat(32)}`,
  })
  return scriptedRpc(
    {
      eth_blockNumber: () => numberToHex(tip),
      eth_getTransactionCount: ([, tag]) =>
        numberToHex(tag === "pending" ? minedIn.length + pending : countAt(hexToBigInt(tag as Hex))),
      eth_getBlockByNumber: ([tag]) => {
        const block = hexToBigInt(tag as Hex)
        const own = minedIn.flatMap((mined, nonce) =>
          mined === block && blocksHoldOwn ? [transaction(block, 1, ACCOUNT, nonce)] : [],
        )
        return {
          number: numberToHex(block),
          hash: hashOf(block, 255),
          parentHash: hashOf(block - 1n, 255),
          timestamp: "0x1",
          transactions: [transaction(block, 0, OTHER, 0), ...own],
        }
      },
    },
    { chain },
  )
}

describe("lookUpByNonce", () => {
  it.effect("finds a mined transaction in its block, with its hash, target, value and input", () =>
    Effect.gen(function* () {
      const rpc = node(1000n, [10n, 500n, 990n])
      expect(yield* lookUpByNonce(rpc.client, ACCOUNT, 1)).toEqual({
        _tag: "Mined",
        hash: hashOf(500n, 1),
        to: TO,
        value: 2n,
        input: "0x1234",
      })
      const blocks = rpc.calls.filter((call) => call.method === "eth_getBlockByNumber")
      expect(blocks).toEqual([{ method: "eth_getBlockByNumber", params: [numberToHex(500n), true] }])
    }),
  )

  it.effect("searches back from the tip in a few reads, not block by block", () =>
    Effect.gen(function* () {
      const rpc = node(1_000_000n, [900_000n])
      expect(yield* lookUpByNonce(rpc.client, ACCOUNT, 0)).toMatchObject({ _tag: "Mined", hash: hashOf(900_000n, 1) })
      const counts = rpc.calls.filter((call) => call.method === "eth_getTransactionCount")
      // about log2(100 000) reads to widen the range and as many to narrow it
      expect(counts.length).toBeLessThanOrEqual(2 * 17 + 2)
    }),
  )

  it.effect("finds a transaction in the chain's first blocks", () =>
    Effect.gen(function* () {
      const found = yield* lookUpByNonce(node(64n, [1n, 2n]).client, ACCOUNT, 0)
      expect(found).toMatchObject({ _tag: "Mined", hash: hashOf(1n, 1) })
      const atTip = yield* lookUpByNonce(node(64n, [1n, 64n]).client, ACCOUNT, 1)
      expect(atTip).toMatchObject({ _tag: "Mined", hash: hashOf(64n, 1) })
    }),
  )

  it.effect("answers Pending when only the node's pool has passed the nonce, else None", () =>
    Effect.gen(function* () {
      expect(yield* lookUpByNonce(node(100n, [5n], 1).client, ACCOUNT, 1)).toEqual({ _tag: "Pending" })
      const rpc = node(100n, [5n], 0)
      expect(yield* lookUpByNonce(rpc.client, ACCOUNT, 1)).toEqual({ _tag: "None" })
      expect(rpc.calls.at(-1)?.params).toEqual([ACCOUNT, "pending"])
    }),
  )

  it.effect("answers None when the block it points at holds no transaction of the account with that nonce", () =>
    Effect.gen(function* () {
      const rpc = node(100n, [50n], 0, false)
      expect(yield* lookUpByNonce(rpc.client, ACCOUNT, 0)).toEqual({ _tag: "None" })
    }),
  )

  it.effect("fails with a WalletError when the node fails a read", () =>
    Effect.gen(function* () {
      const rpc = scriptedRpc({ eth_blockNumber: () => "0x10" }, { chain })
      const error = yield* Effect.flip(lookUpByNonce(rpc.client, ACCOUNT, 0))
      expect(error).toMatchObject({ _tag: "WalletError", operation: "getTransactionCount", code: -32601 })
    }),
  )
})
