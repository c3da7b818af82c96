import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { type Account, type Chain, type Client, createClient, custom, type LocalAccount, type PublicClient, type Transport } from "viem"
import {
  getAddresses,
  getBalance,
  getBlockNumber,
  getCallsStatus,
  getCapabilities,
  getChainId,
  getTransactionCount,
  sendCalls,
  sendTransaction,
  signMessage,
  signTypedData,
} from "viem/actions"
import { getAction } from "viem/utils"
import { CallsIdMissingError, type UserRejectedError, type WalletCallError, WalletError } from "../errors/index.js"
import { accountKindOf, transactionByHashOf } from "./internal/accountKind.js"
import { causeChain } from "./internal/causeChain.js"
import { estimateGasWith, maxFeePerGasWith, prepareWith } from "./internal/estimateGas.js"
import { lookUpByNonce } from "./internal/nonceLookup.js"
import { canSignAsIs, sendSync } from "./internal/sendSync.js"
import { signatureAnswer } from "./internal/signatureAnswer.js"
import { switchChain } from "./internal/switchChain.js"
import { batchFailure, walletCall } from "./internal/walletFailure.js"
import { watchReceipt } from "./internal/watchReceipt.js"
import { type CallsStatus, type SyncSent, Wallet, type WalletService } from "./Wallet.js"

/**
 * A viem client that reaches the user's wallet: a `WalletClient` (wagmi's `useWalletClient`), or a bare client
 * such as wagmi's `useConnectorClient`, which keeps viem's wallet actions out of the page.
 */
export type ViemWalletClient = Client<Transport, Chain | undefined, Account | undefined>

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

/** True when viem refused a send because the wallet is on another chain (before asking the wallet anything). */
const refusedForChain = (error: UserRejectedError | WalletError): boolean => {
  try {
    return error._tag === "WalletError" && causeChain(error.cause).some((cause) => cause.name === "ChainMismatchError")
  } catch {
    return false
  }
}

/** What the wallet's EIP-5792 capabilities of one chain allow: atomic batches, and ERC-7677 sponsored gas. */
interface ChainCapabilities {
  readonly atomic: boolean
  readonly paymasterService: boolean
}

const NO_CAPABILITIES: ChainCapabilities = { atomic: false, paymasterService: false }

/** Reads one chain's capabilities: `atomic` is `supported` or `ready`; `paymasterService.supported` is true. */
const capabilitiesOf = (capabilities: unknown): ChainCapabilities => {
  const of = capabilities as
    | { readonly atomic?: { readonly status?: unknown }; readonly paymasterService?: { readonly supported?: unknown } }
    | undefined
  const status = of?.atomic?.status
  return { atomic: status === "supported" || status === "ready", paymasterService: of?.paymasterService?.supported === true }
}

/** The longest calls id EIP-5792 allows. */
const MAX_CALLS_ID_LENGTH = 8192

/** The calls id of a `wallet_sendCalls` answer, when it is usable: a string of 1 to 8192 characters. */
const callsIdOf = (answer: unknown): string | undefined => {
  try {
    const id = typeof answer === "object" && answer !== null ? (answer as { readonly id?: unknown }).id : undefined
    return typeof id === "string" && id.length > 0 && id.length <= MAX_CALLS_ID_LENGTH ? id : undefined
  } catch {
    return undefined
  }
}

/** What a wallet answered, as a short text for an error message; a hostile value is "unreadable". */
const describeAnswer = (answer: unknown): string => {
  try {
    const text = typeof answer === "string" ? JSON.stringify(answer) : (JSON.stringify(answer) ?? String(answer))
    return text.length > 200 ? `${text.slice(0, 200)}…` : text
  } catch {
    return "unreadable"
  }
}

/**
 * A Wallet over a viem WalletClient. Each call goes through the client's own method when it has one (an extended
 * client may override it), else through viem's action of that name (`viem/actions`), so a bare client from
 * `createClient` (wagmi's connector client) works too, and a page loads only the actions that run — never
 * `publicActions` or `walletActions` as a whole. A transaction or a typed-data signature for another chain than the wallet's
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
  const account = (): Effect.Effect<Account | `0x${string}`, WalletError | UserRejectedError> =>
    client.account !== undefined
      ? Effect.succeed(client.account)
      : walletCall("getAddresses", () => getAction(client, getAddresses, "getAddresses")({})).pipe(
          Effect.flatMap((addresses) =>
            addresses[0] === undefined
              ? Effect.fail(new WalletError({ operation: "getAddresses", message: "The wallet has no account connected" }))
              : Effect.succeed(addresses[0]),
          ),
        )

  const ensureChain = (chain: Chain) =>
    Effect.gen(function* () {
      const current = yield* walletCall("getChainId", () => getAction(client, getChainId, "getChainId")({}))
      if (current === chain.id) return
      yield* switchChain(client, chain)
    })

  const publicClientFor = (chain: Chain): Client =>
    options.publicClients?.[chain.id] ?? createClient({ chain, transport: custom({ request: client.request }) })
  // For a read whose failure is an answer of its own (a revert, "cannot tell"): asked once, not retried.
  const singleTryClientFor = (chain: Chain): Client =>
    options.publicClients?.[chain.id] ?? createClient({ chain, transport: custom({ request: client.request }, { retryCount: 0 }) })

  // One question per chain: capabilities do not change within a session (a "ready" wallet upgrades itself
  // on its first batch, and stays able to batch).
  const capabilities = new Map<number, ChainCapabilities>()
  const capabilitiesFor = (chain: Chain) =>
    Effect.gen(function* () {
      const known = capabilities.get(chain.id)
      if (known !== undefined) return known
      const a = yield* account()
      const supported =
        typeof a !== "string" && a.type === "local"
          ? NO_CAPABILITIES
          : yield* walletCall("getCapabilities", () => getAction(client, getCapabilities, "getCapabilities")({ account: a, chainId: chain.id })).pipe(
              Effect.map(capabilitiesOf),
              Effect.catch((error) =>
                Effect.as(Effect.logDebug(`tradekit: wallet_getCapabilities failed, no batches: ${error.message}`), NO_CAPABILITIES),
              ),
            )
      capabilities.set(chain.id, supported)
      return supported
    })
  const sendOne: WalletService["sendTransaction"] = ({ chain, request, nonce }) =>
    Effect.gen(function* () {
      const a = yield* account()
      // A local account signs with the nonce just read (viem would read it again) for the chain it is sent on, so a
      // transaction filled before goes out as it is; a browser wallet picks its own nonce.
      const localNonce = typeof a !== "string" && a.type === "local" && nonce !== undefined ? { nonce, chainId: chain.id } : {}
      const send = walletCall("sendTransaction", () =>
        getAction(
          client,
          sendTransaction,
          "sendTransaction",
        )({
          account: a,
          chain,
          to: request.to,
          data: request.data,
          value: request.value,
          gas: request.gas,
          ...localNonce,
          ...(request.maxFeePerGas !== undefined ? { maxFeePerGas: request.maxFeePerGas } : {}),
          ...(request.maxPriorityFeePerGas !== undefined ? { maxPriorityFeePerGas: request.maxPriorityFeePerGas } : {}),
        } as Parameters<typeof sendTransaction>[1]),
      )
      // viem reads the wallet's chain before it sends (one eth_chainId) and refuses another one: only then is the
      // wallet asked to switch, and the send made again — the refused one never reached the wallet.
      return yield* send.pipe(Effect.catchIf(refusedForChain, () => Effect.andThen(switchChain(client, chain), send)))
    })
  const sendLocalSync = (
    local: LocalAccount,
    { chain, request, nonce, context }: Parameters<NonNullable<WalletService["sendTransactionSync"]>>[0],
  ): Effect.Effect<SyncSent, WalletCallError> =>
    canSignAsIs(client, chain, request)
      ? sendSync(client, local, chain, request, nonce, options.syncReceiptWait ?? 1000)
      : // Not filled for sending (no fee fields, a chain's envelope): viem fills and sends it, and the receipt is watched.
        Effect.flatMap(sendOne({ chain, request, nonce, context }), (hash) =>
          hash === undefined
            ? Effect.fail(new WalletError({ operation: "sendTransaction", message: "Wallet sendTransaction failed: no hash" }))
            : Effect.succeed({ hash }),
        )
  const atomicBatch = (chain: Chain) => Effect.map(capabilitiesFor(chain), (c) => c.atomic)

  return {
    address: Effect.map(account(), (a) => (typeof a === "string" ? a : a.address)),
    chainId: walletCall("getChainId", () => getAction(client, getChainId, "getChainId")({})),
    blockNumber: (chain) =>
      walletCall("getBlockNumber", () => {
        const reader = publicClientFor(chain)
        return getAction(reader, getBlockNumber, "getBlockNumber")({ cacheTime: 0 })
      }),
    signMessage: ({ message }) =>
      Effect.flatMap(account(), (a) => walletCall("signMessage", () => getAction(client, signMessage, "signMessage")({ account: a, message }))).pipe(
        Effect.flatMap(signatureAnswer("signMessage")),
      ),
    signTypedData: ({ typedData, chain }) =>
      Effect.gen(function* () {
        const a = yield* account()
        // Wallets refuse eth_signTypedData_v4 when the domain's chain is not the active one; a local account
        // signs for any chain.
        if (typeof a === "string" || a.type !== "local") yield* ensureChain(chain)
        return yield* walletCall("signTypedData", () => getAction(client, signTypedData, "signTypedData")({ ...typedData, account: a })).pipe(
          Effect.flatMap(signatureAnswer("signTypedData")),
        )
      }),
    sendTransaction: sendOne,
    // The wallet's transport retries already: a revert is not asked again on top of that.
    estimateGas: ({ chain, request }) => estimateGasWith(singleTryClientFor(chain), request),
    maxFeePerGas: (chain) => maxFeePerGasWith(publicClientFor(chain)),
    balance: ({ chain, address }) => walletCall("getBalance", () => getAction(publicClientFor(chain), getBalance, "getBalance")({ address })),
    // A local account's send goes out as filled here: one round trip for the simulation, gas, fees and nonce; and,
    // signed here, it asks for its receipt in the same call.
    ...(client.account?.type === "local"
      ? {
          prepareTransaction: ({ chain, request }) => prepareWith(client, client.account as Account, chain, request),
          ...(options.syncReceipts === false ? {} : { sendTransactionSync: (args) => sendLocalSync(client.account as LocalAccount, args) }),
        }
      : {}),
    nextNonce: ({ chain, address }) =>
      walletCall("getTransactionCount", () => {
        const reader = publicClientFor(chain)
        return getAction(reader, getTransactionCount, "getTransactionCount")({ address, blockTag: "pending" })
      }),
    transactionByNonce: ({ chain, address, nonce }) => lookUpByNonce(publicClientFor(chain), address, nonce),
    accountKind: ({ chain, address }) => accountKindOf(publicClientFor(chain), address),
    transactionByHash: ({ chain, hash }) => transactionByHashOf(singleTryClientFor(chain), hash),
    waitForReceipt: ({ chain, hash, sent }) => watchReceipt(publicClientFor(chain), hash, options.receiptPollingInterval ?? 1000, sent),
    atomicBatch,
    paymasterService: (chain) => Effect.map(capabilitiesFor(chain), (c) => c.paymasterService),
    sendCalls: ({ chain, calls, capabilities: asked }) =>
      Effect.gen(function* () {
        const a = yield* account()
        yield* ensureChain(chain)
        const answer: unknown = yield* Effect.tryPromise({
          try: () =>
            getAction(
              client,
              sendCalls,
              "sendCalls",
            )({
              account: a,
              chain,
              forceAtomic: true,
              ...(asked?.paymasterService !== undefined
                ? { capabilities: { paymasterService: { url: asked.paymasterService.url, optional: true } } }
                : {}),
              calls: calls.map((call) => ({
                to: call.to,
                ...(call.data !== undefined ? { data: call.data } : {}),
                ...(call.value !== undefined ? { value: call.value } : {}),
              })),
            }),
          catch: batchFailure,
        })
        const id = callsIdOf(answer)
        if (id === undefined) return yield* CallsIdMissingError.of({ chainId: chain.id, answer: describeAnswer(answer) })
        return id
      }),
    callsStatus: ({ id }) =>
      walletCall("getCallsStatus", () => getAction(client, getCallsStatus, "getCallsStatus")({ id })).pipe(
        Effect.map(
          (answer): CallsStatus => ({
            // A status the wallet words in no known way is not a verdict yet.
            status: answer.status ?? "pending",
            statusCode: answer.statusCode,
            receipts: (answer.receipts ?? []).map((receipt) => ({
              hash: receipt.transactionHash,
              status: receipt.status === "success" ? "success" : "reverted",
            })),
          }),
        ),
      ),
  }
}

/** A layer providing the Wallet from a viem WalletClient. */
export const walletLayer = (client: ViemWalletClient, options?: ViemWalletOptions): Layer.Layer<Wallet> =>
  Layer.succeed(Wallet, fromViemWalletClient(client, options))
