import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import { createWalletClient, custom, keccak256, parseTransaction } from "viem"
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
    expect(parseTransaction(raw)).toMatchObject({ chainId: 1, nonce: 0, gas: 100_000n, maxFeePerGas: 2_000_000_000n, to: EXCHANGE, value: 1000n })
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

  it("a node that refuses the transaction: a WalletError with the node's words, and no hash", async () => {
    const provider = memoryProvider(1, { sync: "rejected", from: account.address })
    const exit = await sendSync(walletOver(provider))
    expect(Exit.isFailure(exit)).toBe(true)
    const error = Exit.isFailure(exit) ? Option.getOrUndefined(Exit.findErrorOption(exit)) : undefined
    expect(error).toBeInstanceOf(WalletError)
    expect((error as WalletError).message).toContain("Nonce provided for the transaction is lower than the current nonce")
    expect(provider.methods).toEqual(["eth_sendRawTransactionSync", "eth_getTransactionByHash", "eth_sendRawTransaction"])
    expect(provider.rawTransactions).toEqual([])
  })

  it("a provider that refuses the method in words of its own gets the same bytes the usual way, once, and is not asked again", async () => {
    const provider = memoryProvider(1, { sync: "refusedMethod", from: account.address })
    const wallet = walletOver(provider)
    const first = await sendSync(wallet, 0)
    const second = await sendSync(wallet, 1)
    expect(first).toEqual(Exit.succeed({ hash: keccak256(provider.rawTransactions[0]!) }))
    expect(second).toEqual(Exit.succeed({ hash: keccak256(provider.rawTransactions[1]!) }))
    expect(provider.rawTransactions).toHaveLength(2)
    expect(provider.methods).toEqual(["eth_sendRawTransactionSync", "eth_getTransactionByHash", "eth_sendRawTransaction", "eth_sendRawTransaction"])
  })

  it("syncReceipts: false keeps the usual send", () => {
    const wallet = fromViemWalletClient(createWalletClient({ account, chain: mainnet, transport: custom(memoryProvider(1)) }), {
      syncReceipts: false,
    })
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
          steps: [step("approval", "transaction", [txItem(account.address, { data: { from: account.address, to: EXCHANGE, data: "0x01" } })])],
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
