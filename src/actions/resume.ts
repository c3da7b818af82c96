import * as Effect from "effect/Effect"
import { requestOfRoute } from "../apis/reservoir/requestOfRoute.js"
import { checkCapabilities } from "../capabilities/checkCapabilities.js"
import type { ExecutionError, ExecutionInProgressError, MissingChainConfigurationError } from "../errors/index.js"
import { NO_STACK } from "../internal/spanOptions.js"
import { atConfiguredLogLevel } from "../pipeline/atConfiguredLogLevel.js"
import type { ExecutionSnapshot } from "../pipeline/ExecutionSnapshot.js"
import type { ExecuteStepsOptions } from "../pipeline/executeSteps.js"
import { decodeSnapshot } from "../pipeline/history/decodeSnapshot.js"
import { resumeFrom } from "../pipeline/resumeFrom.js"
import type { ExpectedPrices } from "../plugins/ExpectedPrice.js"
import type { Plugin } from "../plugins/Plugin.js"
import { runPlugins } from "../plugins/runPlugins.js"
import { ClientConfig } from "../services/ClientConfig.js"
import { OrderBook } from "../services/OrderBook.js"
import { Wallet } from "../services/Wallet.js"
import { type GuardError, guardsOf } from "./internal/guardsOf.js"
import { tradingChain } from "./internal/tradingChain.js"
import { withTabLock } from "./internal/withTabLock.js"

/** How to resume an execution from a snapshot. */
export interface ResumeOptions extends Pick<ExecuteStepsOptions, "gas" | "onProgress" | "retry"> {
  /**
   * What the user expects to pay or receive, checked again on the API's new answer; the price the execution was
   * started with (kept in the snapshot's request) when absent.
   */
  readonly expectedPrice?: ExpectedPrices | undefined
  /** Plugins for this resume, after the client's: their guards run on the API's new answer. */
  readonly plugins?: ReadonlyArray<Plugin> | undefined
  /**
   * Send again a transaction whose earlier send has an unknown outcome (a prompt abandoned with no proof that it
   * cannot land: a smart account, a wallet that picks its own nonces). Off by default, when such a send is a
   * SendOutcomeUnknownError. Turn it on only after asking the user — "your earlier confirmation may still be open
   * in your wallet" — and hearing it is not.
   */
  readonly resendUnknown?: boolean | undefined
}

/**
 * Continues an execution from a snapshot — one stored before a page reload or a crash. A stored snapshot is a
 * record of what happened, never an order: it is decoded (an InvalidSnapshotError otherwise), then the API is
 * asked for the plan again (the stored request, with its signature), the guards (the price check) run on that new
 * answer, and the stored journal says what was already done, its facts checked against the chain: a transaction
 * it records as sent is confirmed, not sent again; one asked for with no hash back is adopted when the chain shows
 * it, and sent again only with proof that the first cannot land (else a SendOutcomeUnknownError, see
 * `resendUnknown`); a batch with a calls id is waited for by that id; a signature is not asked for again, and an
 * order posted (or whose post got no answer) is not posted again. Only transactions of the API's new plan are sent.
 * Where the browser has Web Locks, two tabs never resume the same execution at once: the second gets an
 * ExecutionInProgressError.
 *
 * @example
 * const final = yield* resumeExecution(JSON.parse(localStorage.getItem("execution")!))
 */
export const resumeExecution = (
  stored: unknown,
  options: ResumeOptions = {},
): Effect.Effect<
  ExecutionSnapshot,
  ExecutionError | MissingChainConfigurationError | GuardError | ExecutionInProgressError,
  OrderBook | Wallet | ClientConfig
> =>
  Effect.gen(function* () {
    const snapshot = yield* decodeSnapshot(stored, requestOfRoute)
    const config = yield* ClientConfig
    const chain = yield* tradingChain(config, snapshot.chainId)
    const retry = options.retry ?? config.settings.retry
    const { action } = snapshot.request
    const expectedPrice = options.expectedPrice ?? snapshot.request.expectedPrice
    const plugins = yield* runPlugins(options.plugins, expectedPrice)
    const guards = yield* guardsOf(plugins, {
      action,
      chain,
      settings: config.settings,
      precheck: false,
      ...(expectedPrice !== undefined ? { expectedPrice: expectedPrice as ExpectedPrices } : {}),
    })
    const book = yield* OrderBook
    const chainBook = yield* Effect.fromResult(book.forChain(chain))
    yield* checkCapabilities(config, chain, chainBook, undefined)
    const resumed = resumeFrom<GuardError>({ config, book, chainBook, wallet: yield* Wallet, chain, retry }, snapshot, {
      guards,
      ...(options.gas !== undefined ? { gas: options.gas } : {}),
      ...(options.onProgress !== undefined ? { onProgress: options.onProgress } : {}),
      ...(options.resendUnknown !== undefined ? { resendUnknown: options.resendUnknown } : {}),
    })
    // Two tabs of the app may hold the same stored snapshot: only one resumes it at a time.
    return yield* withTabLock(
      `tradekit.resume:${snapshot.chainId}:${snapshot.requestId ?? JSON.stringify(snapshot.request)}`,
      resumed,
    )
  }).pipe(atConfiguredLogLevel, Effect.withSpan("tradekit.resumeExecution", undefined, NO_STACK))
