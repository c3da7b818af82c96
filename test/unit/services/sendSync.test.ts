import { it as effectIt } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as TestClock from "effect/testing/TestClock"
import { type Address, createWalletClient, custom, type Hex, keccak256, parseTransaction, toHex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { mainnet } from "viem/chains"
import { describe, expect, it } from "vitest"
import { createClientWithLayer } from "../../../src/client/createClientWithLayer.js"
import { TransactionFailedError, WalletError } from "../../../src/errors/index.js"
import type { TransactionRequest } from "../../../src/schema/TransactionRequest.js"
import { fromViemWalletClient } from "../../../src/services/viemWallet.js"
import { makeFakeApi } from "../../../src/testing/FakeApi.js"
import { TEST_PRIVATE_KEY } from "../../../src/testing/FakeWallet.js"
import { memoryProvider } from "../client/memoryProvider.js"
import { EXCHANGE, step, txItem } from "../fixtures.js"

const account = privateKeyToAccount(TEST_PRIVATE_KEY)
const context = { step: step("sale", "transaction", []) as never, item: {} as never }
const filled: TransactionRequest = {
  from: account.address,
  to: EXCHANGE,
  data: "0xdeadbeef",
  value: 1000n,
  gas: 100_000n,
  maxFeePerGas: 2_000_000_000n,
  maxPriorityFeePerGas: 1_000_000_000n,
}

const walletOver = (provider: ReturnType<typeof memoryProvider>, options: { readonly syncReceiptWait?: number } = {}) =>
  fromViemWalletClient(createWalletClient({ account, chain: mainnet, transport: custom(provider) }), options)

const sendSync = (wallet: ReturnType<typeof walletOver>, nonce = 0) =>
  Effect.runPromiseExit(wallet.sendTransactionSync!({ chain: mainnet, request: filled, context, nonce }))

describe("a local account's send asks for its receipt in the same call (EIP-7966)", () => {
  it("a node that serves eth_sendRawTransactionSync answers the hash and the receipt in one round trip", async () => {
    const provider = memoryProvider(1, { sync: "mined" })
    const exit = await sendSync(walletOver(provider))
    const raw = provider.rawTransactions[0]!
    expect(exit).toEqual(Exit.succeed({ hash: keccak256(raw), receipt: { status: "success", blockNumber: 1n } }))
    expect(provider.methods).toEqual(["eth_sendRawTransactionSync"])
    // Signed as filled: the nonce, gas and fees it was given, for the chain it is sent on.
    expect(parseTransaction(raw)).toMatchObject({
      chainId: 1,
      nonce: 0,
      gas: 100_000n,
      maxFeePerGas: 2_000_000_000n,
      to: EXCHANGE,
      value: 1000n,
    })
  })

  it("a node without the method gets eth_sendRawTransaction, and is not asked the method again", async () => {
    const provider = memoryProvider(1)
    const wallet = walletOver(provider)
    const first = await sendSync(wallet, 0)
    const second = await sendSync(wallet, 1)
    expect(first).toEqual(Exit.succeed({ hash: keccak256(provider.rawTransactions[0]!) }))
    expect(second).toEqual(Exit.succeed({ hash: keccak256(provider.rawTransactions[1]!) }))
    expect(provider.methods).toEqual(["eth_sendRawTransactionSync", "eth_sendRawTransaction", "eth_sendRawTransaction"])
  })

  it("a node holding the call for its block: the hash is answered once the node knows it, without the receipt", async () => {
    const provider = memoryProvider(1, { sync: "held", from: account.address })
    const exit = await sendSync(walletOver(provider, { syncReceiptWait: 20 }))
    expect(exit).toEqual(Exit.succeed({ hash: keccak256(provider.rawTransactions[0]!) }))
    expect(provider.methods).toEqual(["eth_sendRawTransactionSync", "eth_getTransactionByHash"])
  })

  effectIt.effect(
    "a node that refuses the transaction: a WalletError with the node's words once its look-ups say it has none, and no hash",
    () =>
      Effect.gen(function* () {
        const provider = memoryProvider(1, { sync: "rejected", from: account.address })
        const fiber = yield* Effect.forkChild(
          walletOver(provider).sendTransactionSync!({ chain: mainnet, request: filled, context, nonce: 0 }),
        )
        for (let i = 0; i < 6; i++) {
          yield* Effect.promise(() => new Promise((resolve) => setImmediate(resolve)))
          yield* TestClock.adjust("1 second")
        }
        const exit = yield* Fiber.await(fiber)
        const error = Exit.isFailure(exit) ? Option.getOrUndefined(Exit.findErrorOption(exit)) : undefined
        expect(error).toBeInstanceOf(WalletError)
        expect((error as WalletError).message).toContain(
          "Nonce provided for the transaction is lower than the current nonce",
        )
        expect(provider.methods).toEqual(["eth_sendRawTransactionSync", ...Array(5).fill("eth_getTransactionByHash")])
        expect(provider.rawTransactions).toEqual([])
      }),
  )

  it("a provider that refuses the method in words of its own gets the same bytes the usual way, once, and is not asked again", async () => {
    const provider = memoryProvider(1, { sync: "refusedMethod", from: account.address })
    const wallet = walletOver(provider)
    const first = await sendSync(wallet, 0)
    const second = await sendSync(wallet, 1)
    expect(first).toEqual(Exit.succeed({ hash: keccak256(provider.rawTransactions[0]!) }))
    expect(second).toEqual(Exit.succeed({ hash: keccak256(provider.rawTransactions[1]!) }))
    expect(provider.rawTransactions).toHaveLength(2)
    expect(provider.methods).toEqual([
      "eth_sendRawTransactionSync",
      "eth_getTransactionByHash",
      "eth_sendRawTransaction",
      "eth_sendRawTransaction",
    ])
  })

  it("syncReceipts: false keeps the usual send", () => {
    const wallet = fromViemWalletClient(
      createWalletClient({ account, chain: mainnet, transport: custom(memoryProvider(1)) }),
      {
        syncReceipts: false,
      },
    )
    expect(wallet.sendTransactionSync).toBeUndefined()
  })
})

describe("the executor with a send that answered its receipt", () => {
  const chain = { id: 1, name: "Ethereum", baseApiUrl: "https://api.test", active: true }
  const approve = async (sync: "mined" | "reverted") => {
    const provider = memoryProvider(1, { sync })
    const api = makeFakeApi()
      .route("POST", "/execute/list/v5", {
        body: {
          steps: [
            step("approval", "transaction", [
              txItem(account.address, { data: { from: account.address, to: EXCHANGE, data: "0x01" } }),
            ]),
          ],
        },
      })
      .route("GET", /synced/, { body: { synced: true } })
    const client = createClientWithLayer({ chains: [chain] }, api.layer)
    const wallet = createWalletClient({ account, chain: mainnet, transport: custom(provider) })
    const outcome = await client.actions.listToken({ listings: [], wallet }).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    )
    await client.dispose()
    return { outcome, provider, api }
  }

  it("confirms with the API at once and reads no receipt", async () => {
    const { outcome, provider, api } = await approve("mined")
    expect(outcome).toEqual({ value: true })
    expect(provider.methods.filter((method) => method.startsWith("eth_send"))).toEqual(["eth_sendRawTransactionSync"])
    expect(provider.methods).not.toContain("eth_getTransactionReceipt")
    expect(api.requestsTo(/synced/)).toHaveLength(1)
  })

  it("a reverted receipt fails the item without asking the API whether it is indexed", async () => {
    const { outcome, provider, api } = await approve("reverted")
    expect((outcome as { error: unknown }).error).toBeInstanceOf(TransactionFailedError)
    expect(provider.methods).not.toContain("eth_getTransactionReceipt")
    expect(api.requestsTo(/synced/)).toHaveLength(0)
  })
})

/**
 * A node behind a load balancer, serving EIP-7966: the signed bytes it takes go into its mempool, mined at once;
 * its `eth_getTransactionByHash` answers null for the first `lag` look-ups of a hash it holds (a replica behind).
 * `sync` is how `eth_sendRawTransactionSync` answers (an EIP-7966 code with no receipt, a dropped connection that
 * took the bytes all the same, a refusal that took nothing); `plain` how `eth_sendRawTransaction` answers bytes it
 * already holds ("already known", "nonce too low" once they are mined, "replacement transaction underpriced").
 */
const laggingNode = (options: {
  readonly sync: { readonly code?: number; readonly message: string; readonly takes: boolean }
  readonly plain?: string
  readonly lag: number
  readonly from: Address
}) => {
  const held = new Set<Hex>()
  const rawTransactions: Array<Hex> = []
  const methods: Array<string> = []
  const lookUps = new Map<Hex, number>()
  const block = {
    number: "0x1",
    hash: `0x${"11".repeat(32)}`,
    parentHash: `0x${"00".repeat(32)}`,
    timestamp: "0x1",
    baseFeePerGas: "0x3b9aca00",
    gasLimit: "0x1c9c380",
    gasUsed: "0x0",
    transactions: [],
  }
  const refusal = (message: string, code?: number) =>
    Object.assign(new Error(message), code === undefined ? {} : { code })
  const request = async ({ method, params }: { method: string; params?: ReadonlyArray<unknown> }): Promise<unknown> => {
    methods.push(method)
    const raw = params?.[0] as Hex
    switch (method) {
      case "eth_chainId":
        return "0x1"
      case "eth_blockNumber":
        return "0x1"
      case "eth_getBlockByNumber":
        return block
      case "eth_getTransactionCount":
        return toHex(rawTransactions.length)
      case "eth_estimateGas":
        return "0x5208"
      case "eth_gasPrice":
      case "eth_maxPriorityFeePerGas":
        return "0x3b9aca00"
      case "eth_sendRawTransactionSync":
        if (options.sync.takes) {
          held.add(keccak256(raw))
          rawTransactions.push(raw)
        }
        throw refusal(options.sync.message, options.sync.code)
      case "eth_sendRawTransaction":
        if (held.has(keccak256(raw))) throw refusal(options.plain ?? "already known", -32000)
        if (options.plain !== undefined) throw refusal(options.plain, -32000)
        held.add(keccak256(raw))
        rawTransactions.push(raw)
        return keccak256(raw)
      case "eth_getTransactionByHash": {
        const hash = params?.[0] as Hex
        const asked = (lookUps.get(hash) ?? 0) + 1
        lookUps.set(hash, asked)
        if (!held.has(hash) || asked <= options.lag) return null
        const tx = parseTransaction(rawTransactions.find((r) => keccak256(r) === hash)!)
        return {
          hash,
          from: options.from,
          to: tx.to,
          nonce: toHex(tx.nonce ?? 0),
          value: toHex(tx.value ?? 0n),
          input: tx.data ?? "0x",
          gas: toHex(tx.gas ?? 0n),
          maxFeePerGas: toHex(tx.maxFeePerGas ?? 0n),
          maxPriorityFeePerGas: toHex(tx.maxPriorityFeePerGas ?? 0n),
          blockHash: block.hash,
          blockNumber: block.number,
          transactionIndex: "0x0",
          type: "0x2",
          chainId: "0x1",
          v: "0x1",
          r: `0x${"01".repeat(32)}`,
          s: `0x${"01".repeat(32)}`,
        }
      }
      case "eth_getTransactionReceipt": {
        const hash = params?.[0] as Hex
        if (!held.has(hash)) return null
        return {
          transactionHash: hash,
          transactionIndex: "0x0",
          blockHash: block.hash,
          blockNumber: block.number,
          from: options.from,
          to: parseTransaction(rawTransactions.find((r) => keccak256(r) === hash)!).to,
          cumulativeGasUsed: "0x5208",
          gasUsed: "0x5208",
          effectiveGasPrice: "0x3b9aca00",
          contractAddress: null,
          logs: [],
          logsBloom: `0x${"00".repeat(256)}`,
          status: "0x1",
          type: "0x2",
        }
      }
    }
    throw refusal(`laggingNode: unsupported ${method}`, -32601)
  }
  return { request, rawTransactions, methods }
}

/** A wallet over the node whose transport does not retry on its own: every answer of the node is tradekit's to read. */
const walletOverNode = (node: ReturnType<typeof laggingNode>) =>
  fromViemWalletClient(createWalletClient({ account, chain: mainnet, transport: custom(node, { retryCount: 0 }) }), {
    syncReceiptWait: 50,
  })

/** Runs a send on the TestClock, moving it a second at a time; the look-ups are paced on it, never on timers. */
const sendOnClock = (node: ReturnType<typeof laggingNode>) =>
  Effect.gen(function* () {
    const fiber = yield* Effect.forkChild(
      walletOverNode(node).sendTransactionSync!({ chain: mainnet, request: filled, context, nonce: 0 }),
    )
    for (let i = 0; i < 10 && fiber.pollUnsafe() === undefined; i++) {
      yield* Effect.promise(() => new Promise((resolve) => setImmediate(resolve)))
      yield* TestClock.adjust("1 second")
    }
    return yield* Fiber.await(fiber)
  })

const MEMPOOL_TIMEOUT = "The transaction was added to the mempool but wasn't processed in 2s."
const MEMPOOL_NOT_READY =
  "The transaction was added to the mempool but wasn't processed due to a missing nonce or insufficient funds."

describe("a transaction the node took is never reported as not sent (EIP-7966 with a lagging look-up)", () => {
  for (const [code, message] of [
    [4, MEMPOOL_TIMEOUT],
    [5, MEMPOOL_NOT_READY],
  ] as const) {
    effectIt.effect(
      `code ${code} (in the mempool, no receipt yet) is the hash, not a failure: nothing is sent again`,
      () =>
        Effect.gen(function* () {
          const node = laggingNode({ sync: { code, message, takes: true }, lag: 100, from: account.address })
          const exit = yield* sendOnClock(node)
          expect(exit).toEqual(Exit.succeed({ hash: keccak256(node.rawTransactions[0]!) }))
          expect(node.methods).toEqual(["eth_sendRawTransactionSync"])
        }),
    )
  }

  for (const plain of ["already known", "nonce too low", "replacement transaction underpriced"]) {
    effectIt.effect(
      `a send cut off after the node took it, a look-up that lags, and "${plain}" for the same bytes: the hash`,
      () =>
        Effect.gen(function* () {
          const node = laggingNode({
            sync: { message: "socket hang up", takes: true },
            plain,
            lag: 3,
            from: account.address,
          })
          const exit = yield* sendOnClock(node)
          const hash = keccak256(node.rawTransactions[0]!)
          expect(exit).toEqual(Exit.succeed({ hash }))
          // One transaction: the same bytes, whatever was asked of the node.
          expect(node.rawTransactions).toHaveLength(1)
          expect(node.methods.filter((method) => method === "eth_sendRawTransaction")).toHaveLength(1)
        }),
    )
  }

  effectIt.effect(
    "a node that never took the bytes: a WalletError in viem's words, only after paced look-ups by the hash",
    () =>
      Effect.gen(function* () {
        const node = laggingNode({
          sync: { message: "nonce too low", code: -32000, takes: false },
          plain: "nonce too low",
          lag: 0,
          from: account.address,
        })
        const fiber = yield* Effect.forkChild(
          walletOverNode(node).sendTransactionSync!({ chain: mainnet, request: filled, context, nonce: 0 }),
        )
        yield* Effect.promise(() => new Promise((resolve) => setImmediate(resolve)))
        // The look-ups wait on the Clock: until it moves, no failure is reported.
        expect(fiber.pollUnsafe()).toBeUndefined()
        const lookUpsBefore = node.methods.filter((method) => method === "eth_getTransactionByHash").length
        for (let i = 0; i < 6; i++) {
          yield* TestClock.adjust("1 second")
          yield* Effect.promise(() => new Promise((resolve) => setImmediate(resolve)))
        }
        const exit = yield* Fiber.await(fiber)
        const error = Exit.isFailure(exit) ? Option.getOrUndefined(Exit.findErrorOption(exit)) : undefined
        expect(error).toBeInstanceOf(WalletError)
        expect((error as WalletError).message).toContain(
          "Nonce provided for the transaction is lower than the current nonce",
        )
        expect(lookUpsBefore).toBe(1)
        expect(node.methods.filter((method) => method === "eth_getTransactionByHash")).toHaveLength(5)
        expect(node.rawTransactions).toEqual([])
      }),
  )

  it("through the facade: a listing whose approval the node answers with code 4 completes, sent once", async () => {
    const node = laggingNode({
      sync: { code: 4, message: MEMPOOL_TIMEOUT, takes: true },
      lag: 100,
      from: account.address,
    })
    const api = makeFakeApi()
      .route("POST", "/execute/list/v5", {
        body: {
          steps: [
            step("approval", "transaction", [
              txItem(account.address, { data: { from: account.address, to: EXCHANGE, data: "0x01" } }),
            ]),
          ],
        },
      })
      .route("GET", /synced/, { body: { synced: true } })
    const client = createClientWithLayer(
      { chains: [{ id: 1, name: "Ethereum", baseApiUrl: "https://api.test", active: true }] },
      api.layer,
    )
    const wallet = createWalletClient({ account, chain: mainnet, transport: custom(node, { retryCount: 0 }) })
    const outcome = await client.actions.listToken({ listings: [], wallet }).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    )
    await client.dispose()
    expect(outcome).toEqual({ value: true })
    expect(node.rawTransactions).toHaveLength(1)
    expect(node.methods).not.toContain("eth_sendRawTransaction")
  })
})
