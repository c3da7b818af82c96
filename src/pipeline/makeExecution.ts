import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import * as SynchronizedRef from "effect/SynchronizedRef"
import { Simulator } from "../capabilities/Simulator.js"
import type { ChainConfig, PaymasterService } from "../chains/ChainConfig.js"
import { paymasterServiceFor } from "../chains/paymasterServiceFor.js"
import { defaultMaxPollingAttempts, pollingIntervalFor } from "../chains/polling.js"
import { viemChainFor } from "../chains/viemChainFor.js"
import type { TradeRequest } from "../schema/TradeRequest.js"
import type { ResolvedClientConfig } from "../services/ClientConfig.js"
import type { ChainOrderBook, OrderBookService } from "../services/OrderBook.js"
import type { RetryPolicy } from "../services/RetryPolicy.js"
import { makeSendLocks, SendLocks } from "../services/SendLocks.js"
import type { WalletService } from "../services/Wallet.js"
import { NO_DATA_POLLS } from "./awaitItemData.js"
import { chainBooks, type ExecutionEnvironment, type ExecutionState } from "./ExecutionContext.js"
import type { ExecutionSnapshot } from "./ExecutionSnapshot.js"
import { deepFreeze } from "./internal/deepFreeze.js"
import { withWalletTimeout } from "./withWalletTimeout.js"

/**
 * What an execution runs with, resolved once by whoever starts it (an action, `executeSteps`, `resumeExecution`)
 * and handed down as it is: nothing below looks the chain or the retry policy up again.
 * @internal
 */
export interface ResolvedExecution {
  readonly config: ResolvedClientConfig
  /** The order book that plans the execution. */
  readonly book: OrderBookService
  /** The book on the execution's chain (`book.forChain(chain)`, which served it). */
  readonly chainBook: ChainOrderBook
  readonly wallet: WalletService
  /** The chain whose API runs the execution. */
  readonly chain: ChainConfig
  /** How transient failures of reads, polls and posts are retried. */
  readonly retry: RetryPolicy
}

/** What a run adds to the resolved execution: its gas limit, sponsoring, progress callback and resend policy. */
export interface EnvironmentOptions {
  readonly gas?: bigint | string | undefined
  readonly paymasterService?: PaymasterService | false | undefined
  readonly onProgress?: ((snapshot: ExecutionSnapshot) => Effect.Effect<void>) | undefined
  readonly resendUnknown?: boolean | undefined
}

/**
 * The environment of one execution of `request`: made once, never changed. The wallet is bounded by the client's
 * wallet timeout, its address read once (and kept) for the plan's checks, the chain's polling pace and attempts
 * settled, and the client's send locks taken (or the execution's own, outside a client).
 * @internal
 */
export const makeExecutionEnvironment = (
  resolved: ResolvedExecution,
  request: TradeRequest,
  options: EnvironmentOptions,
): Effect.Effect<ExecutionEnvironment> =>
  Effect.gen(function* () {
    const { config, book, chainBook, chain } = resolved
    const pollingInterval = pollingIntervalFor(chain)
    const wallet = withWalletTimeout(resolved.wallet, config.settings)
    const simulator = yield* Simulator
    return {
      config,
      ...chainBooks(book, chainBook, config, chain),
      wallet,
      chain,
      viemChain: viemChainFor(chain),
      request,
      action: request.action,
      pollingInterval,
      maxAttempts: config.settings.maxPollingAttemptsBeforeTimeout ?? defaultMaxPollingAttempts(pollingInterval),
      gas: options.gas === undefined ? undefined : BigInt(options.gas),
      retry: resolved.retry,
      resendUnknown: options.resendUnknown === true,
      paymasterService: paymasterServiceFor(chain, options.paymasterService),
      onProgress: options.onProgress ?? (() => Effect.void),
      sendLocks: yield* Effect.serviceOption(SendLocks).pipe(
        Effect.flatMap(Option.match({ onNone: () => makeSendLocks, onSome: Effect.succeed })),
      ),
      address: yield* Effect.cached(wallet.address),
      ...(simulator === undefined ? {} : { maxFeePerGas: yield* simulator.makeMaxFeeReader(wallet) }),
    }
  })

/**
 * The state of one execution, from its first snapshot: the snapshot (frozen, as every one handed out) and a fresh
 * budget of data re-polls.
 * @internal
 */
export const makeExecutionState = (initial: ExecutionSnapshot): Effect.Effect<ExecutionState> =>
  Effect.gen(function* () {
    return {
      state: yield* SynchronizedRef.make(deepFreeze(initial)),
      dataPolls: yield* Ref.make(NO_DATA_POLLS),
    }
  })
