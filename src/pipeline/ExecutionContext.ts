import * as Effect from "effect/Effect"
import type * as Ref from "effect/Ref"
import * as Result from "effect/Result"
import * as SynchronizedRef from "effect/SynchronizedRef"
import type { Address, Chain } from "viem"
import type { ChainConfig, PaymasterService } from "../chains/ChainConfig.js"
import { viemChainFor } from "../chains/viemChainFor.js"
import type { WalletCallError } from "../errors/index.js"
import type { ActionName } from "../schema/ActionName.js"
import type { TradeRequest } from "../schema/TradeRequest.js"
import type { ResolvedClientConfig } from "../services/ClientConfig.js"
import type { ChainOrderBook, OrderBookService } from "../services/OrderBook.js"
import type { RetryPolicy } from "../services/RetryPolicy.js"
import type { SendLocksService } from "../services/SendLocks.js"
import type { WalletService } from "../services/Wallet.js"
import { type ExecutionSnapshot, withJournalEntry } from "./ExecutionSnapshot.js"
import type { MaxFeeReader } from "./estimateNetworkFee.js"
import type { JournalEntry } from "./history/Journal.js"
import { deepFreeze } from "./internal/deepFreeze.js"

/** The data re-polls of an execution so far (see `awaitItemData`): what paces and caps them across waits. */
export interface DataPolls {
  /** Re-polls since the journal last grew. */
  readonly attempts: number
  /** When the last re-poll started (Clock milliseconds). */
  readonly lastAt: number | undefined
  /** The journal's length when the attempts were last reset. */
  readonly journalLength: number
}

/**
 * What one execution runs with and never changes: the configuration, the order book, the wallet, the chain,
 * the request and the policies. Internal to the pipeline.
 * @internal
 */
export interface ExecutionEnvironment {
  readonly config: ResolvedClientConfig
  /** The order book's name, in errors and logs. */
  readonly bookName: string
  /** The order book on the execution's chain. */
  readonly book: ChainOrderBook
  /**
   * The book asked about a transaction on `chainId`: that chain's own when it is configured (for a cross-chain
   * call, the origin chain's), else the execution's.
   */
  readonly bookFor: (chainId: number) => ChainOrderBook
  readonly wallet: WalletService
  /** The chain whose API runs the execution. */
  readonly chain: ChainConfig
  readonly viemChain: Chain
  readonly request: TradeRequest
  /** The action of the execution, as its request names it. */
  readonly action: ActionName
  readonly pollingInterval: number
  readonly maxAttempts: number
  readonly gas: bigint | undefined
  /** How transient failures of reads, polls and posts are retried. */
  readonly retry: RetryPolicy
  /**
   * A send or batch whose outcome the journal cannot settle may be made again: the app asked the user
   * (`resendUnknown`). Off by default: such a send is a SendOutcomeUnknownError.
   */
  readonly resendUnknown: boolean
  readonly onProgress: (snapshot: ExecutionSnapshot) => Effect.Effect<void>
  /**
   * One wallet send at a time per account: items of a step confirm concurrently, but two sends from one
   * account at once would race for the same nonce. The client's locks when it provides them, so that its
   * executions do not race each other either.
   */
  readonly sendLocks: SendLocksService
  /** The wallet's account as first read in this execution: what the plan is validated against. */
  readonly address: Effect.Effect<Address, WalletCallError>
  /**
   * The ERC-7677 paymaster service asked to sponsor the execution's batches on its own chain: the call's, else the
   * chain's `paymasterService`; none when the call turned it off.
   */
  readonly paymasterService?: PaymasterService | undefined
  /** The chains' current max fee per gas, read once per chain for the execution; none without it. */
  readonly maxFeePerGas?: MaxFeeReader
}

/**
 * What one execution owns and changes as it goes: its snapshot (plan, journal, progress) and the budget of its
 * data re-polls. Only the executor writes them, through {@link updateState}.
 * @internal
 */
export interface ExecutionState {
  readonly state: SynchronizedRef.SynchronizedRef<ExecutionSnapshot>
  /** Data re-polls shared by every wait of the execution; without it each wait is paced and capped alone. */
  readonly dataPolls?: Ref.Ref<DataPolls>
}

/**
 * Everything one execution shares between its steps and items: its environment and its state.
 * @internal
 */
export type ExecutionContext = ExecutionEnvironment & ExecutionState

/**
 * Binds the order book to an execution on `chain`: on that chain, and on each other configured chain.
 * @internal
 */
export const chainBooks = (
  orderBook: OrderBookService,
  book: ChainOrderBook,
  config: ResolvedClientConfig,
  chain: ChainConfig,
): Pick<ExecutionEnvironment, "book" | "bookFor" | "bookName"> => ({
  book,
  bookName: orderBook.name,
  // Another chain's transaction is asked of the book on that chain, when the book serves it; else of this one.
  bookFor: (chainId) => {
    const other = config.chains.find((candidate) => candidate.id === chainId)
    return other === undefined || other.id === chain.id
      ? book
      : (Result.getOrUndefined(orderBook.forChain(other)) ?? book)
  },
})

/**
 * The viem chain of `chainId` when it is configured (the execution's own is made once); undefined otherwise.
 * @internal
 */
export const viemChainOf = (ctx: ExecutionContext, chainId: number): Chain | undefined => {
  if (chainId === ctx.chain.id) return ctx.viemChain
  const configured = ctx.config.chains.find((chain) => chain.id === chainId)
  return configured === undefined ? undefined : viemChainFor(configured)
}

/**
 * Applies `f` to the state and publishes the new snapshot, one update at a time. Every snapshot is deeply
 * frozen before anyone sees it: what a progress callback receives cannot change what the executor sends.
 * @internal
 */
export const updateState = (
  ctx: ExecutionContext,
  f: (snapshot: ExecutionSnapshot) => ExecutionSnapshot,
): Effect.Effect<ExecutionSnapshot> =>
  SynchronizedRef.updateAndGetEffect(ctx.state, (snapshot) => {
    const next = deepFreeze(f(snapshot))
    return Effect.as(ctx.onProgress(next), next)
  })

/**
 * Records a side effect in the journal of the state, publishing the new snapshot.
 * @internal
 */
export const appendJournal = (ctx: ExecutionContext, entry: JournalEntry): Effect.Effect<ExecutionSnapshot> =>
  updateState(ctx, (snapshot) => withJournalEntry(snapshot, entry))

/**
 * What the execution's plan is called in errors about it: its book and action (`reservoir:buy`, `opensea:list`).
 * @internal
 */
export const planName = (ctx: ExecutionContext): string => `${ctx.bookName}:${ctx.request.action}`
