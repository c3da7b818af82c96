import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { Account, Chain, LocalAccount, PublicClient } from "viem"
import { getBalance, getBlockNumber, getChainId, getTransactionCount, signMessage, signTypedData } from "viem/actions"
import { getAction } from "viem/utils"
import { accountKindOf, transactionByHashOf } from "./internal/accountKind.js"
import { estimateGasWith, maxFeePerGasWith, prepareWith } from "./internal/estimateGas.js"
import { lookUpByNonce } from "./internal/nonceLookup.js"
import { signatureAnswer } from "./internal/signatureAnswer.js"
import { accountOf, ensureChainOf, readersOf } from "./internal/viemAccount.js"
import { viemBatches } from "./internal/viemBatches.js"
import { sendLocalSyncWith, sendOneWith } from "./internal/viemSend.js"
import { walletCall } from "./internal/walletFailure.js"
import { watchReceipt } from "./internal/watchReceipt.js"
import type { ViemWalletClient } from "./ViemWalletClient.js"
import { Wallet, type WalletService } from "./Wallet.js"

export type { ViemWalletClient } from "./ViemWalletClient.js"

/** Options of the viem-backed wallet. */
export interface ViemWalletOptions {
  /** Public clients to read receipts from, by chain id; the wallet's own transport is used otherwise. */
  readonly publicClients?: Readonly<Record<number, PublicClient>>
  /** Milliseconds between two receipt look-ups (default 1000). */
  readonly receiptPollingInterval?: number
  /**
   * A local account's sends ask the node for the receipt in the same call (`eth_sendRawTransactionSync`, EIP-7966)
   * — default true; a node without the method is asked once per client and chain, then sent to the usual way.
   */
  readonly syncReceipts?: boolean
  /**
   * Milliseconds a local account's send waits for the node to answer with the receipt before it reports the hash
   * and watches the receipt as usual (default 1000): a node holds the call until the block is mined.
   */
  readonly syncReceiptWait?: number
}

/**
 * A Wallet over a viem WalletClient. Each call goes through the client's own method when it has one (an extended
 * client may override it), else through viem's action of that name (`viem/actions`), so a bare client from
 * `createClient` (wagmi's connector client) works too, and a page loads only the actions that run — never
 * `publicActions` or `walletActions` as a whole. A transaction or a typed-data signature for another chain than the
 * wallet's
 * asks the wallet to switch first; it refuses with a ChainMismatchError if the switch does not take.
 *
 * Batches (EIP-5792, version 2.0.0): the wallet's capabilities are asked once per chain
 * (`wallet_getCapabilities`) and remembered; `atomic: "supported"` or `"ready"` lets the executor send ready
 * transactions as one `wallet_sendCalls` with `atomicRequired: true`, followed by `wallet_getCallsStatus`. A
 * wallet that does not know the methods (the request fails), or a local account (it signs, it does not
 * batch), says no: transactions then go one by one. A `wallet_sendCalls` the wallet answers with an error
 * code (but 4001, the user's rejection) is a BatchRefusedError — nothing was sent; an answer without a usable
 * calls id is a CallsIdMissingError — the batch may have been sent.
 *
 * @example
 * const wallet = fromViemWalletClient(createWalletClient({ account, chain: mainnet, transport: http() }))
 */
export const fromViemWalletClient = (client: ViemWalletClient, options: ViemWalletOptions = {}): WalletService => {
  const account = () => accountOf(client)
  const ensureChain = ensureChainOf(client)
  // The chain a send was last read and filled on: the client's own, until a send on another moves the wallet there.
  let sendingOn = client.chain?.id
  const moveToChain = (chain: Chain) =>
    chain.id === sendingOn
      ? Effect.void
      : Effect.tap(ensureChain(chain), () =>
          Effect.sync(() => {
            sendingOn = chain.id
          }),
        )
  const { publicClientFor, singleTryClientFor } = readersOf(client, options.publicClients)
  const sendOne = sendOneWith(client, account)
  const sendLocalSync = sendLocalSyncWith(client, sendOne, options.syncReceiptWait ?? 1000)
  return {
    address: Effect.map(account(), (a) => (typeof a === "string" ? a : a.address)),
    chainId: walletCall("getChainId", () => getAction(client, getChainId, "getChainId")({})),
    blockNumber: (chain) =>
      walletCall("getBlockNumber", () =>
        getAction(publicClientFor(chain), getBlockNumber, "getBlockNumber")({ cacheTime: 0 }),
      ),
    signMessage: ({ message }) =>
      Effect.flatMap(account(), (a) =>
        walletCall("signMessage", () => getAction(client, signMessage, "signMessage")({ account: a, message })),
      ).pipe(Effect.flatMap(signatureAnswer("signMessage"))),
    signTypedData: ({ typedData, chain }) =>
      Effect.gen(function* () {
        const a = yield* account()
        // Wallets refuse eth_signTypedData_v4 when the domain's chain is not the active one; a local account
        // signs for any chain.
        if (typeof a === "string" || a.type !== "local") yield* ensureChain(chain)
        return yield* walletCall("signTypedData", () =>
          getAction(client, signTypedData, "signTypedData")({ ...typedData, account: a }),
        ).pipe(Effect.flatMap(signatureAnswer("signTypedData")))
      }),
    sendTransaction: sendOne,
    // Reads go through the wallet's transport, which follows its chain: a send on another chain moves it first.
    moveToChain,
    // The wallet's transport retries already: a revert is not asked again on top of that.
    estimateGas: ({ chain, request }) => estimateGasWith(singleTryClientFor(chain), request),
    maxFeePerGas: (chain) => maxFeePerGasWith(publicClientFor(chain)),
    balance: ({ chain, address }) =>
      walletCall("getBalance", () => getAction(publicClientFor(chain), getBalance, "getBalance")({ address })),
    // A local account's send goes out as filled here: one round trip for the simulation, gas, fees and nonce; and,
    // signed here, it asks for its receipt in the same call.
    ...(client.account?.type === "local"
      ? {
          // Filled through the wallet's transport, which follows the wallet's chain (moved by `moveToChain` first).
          prepareTransaction: ({ chain, request }) =>
            Effect.andThen(moveToChain(chain), prepareWith(client, client.account as Account, chain, request)),
          ...(options.syncReceipts === false
            ? {}
            : { sendTransactionSync: (args) => sendLocalSync(client.account as LocalAccount, args) }),
        }
      : {}),
    nextNonce: ({ chain, address }) =>
      walletCall("getTransactionCount", () =>
        getAction(publicClientFor(chain), getTransactionCount, "getTransactionCount")({ address, blockTag: "pending" }),
      ),
    transactionByNonce: ({ chain, address, nonce }) => lookUpByNonce(publicClientFor(chain), address, nonce),
    accountKind: ({ chain, address }) => accountKindOf(publicClientFor(chain), address),
    transactionByHash: ({ chain, hash }) => transactionByHashOf(singleTryClientFor(chain), hash),
    waitForReceipt: ({ chain, hash, sent }) =>
      watchReceipt(publicClientFor(chain), hash, options.receiptPollingInterval ?? 1000, sent),
    ...viemBatches({ client, account, ensureChain }),
  }
}

/** A layer providing the Wallet from a viem WalletClient. */
export const walletLayer = (client: ViemWalletClient, options?: ViemWalletOptions): Layer.Layer<Wallet> =>
  Layer.succeed(Wallet, fromViemWalletClient(client, options))
