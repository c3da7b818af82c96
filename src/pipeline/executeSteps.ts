import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as SynchronizedRef from "effect/SynchronizedRef"
import { BatchSender } from "../capabilities/BatchSender.js"
import { checkCapabilities } from "../capabilities/checkCapabilities.js"
import type { PaymasterService } from "../chains/ChainConfig.js"
import type { ExecutionError, MissingChainConfigurationError } from "../errors/index.js"
import { CapabilityMissingError, UnknownError, UnsupportedByBookError } from "../errors/index.js"
import { messageOf } from "../errors/messageOf.js"
import { NO_STACK } from "../internal/spanOptions.js"
import type { ExecuteResponse } from "../schema/ExecuteResponse.js"
import type {
  SignatureStep,
  SignatureStepItem,
  Step,
  StepItem,
  TransactionStep,
  TransactionStepItem,
} from "../schema/Step.js"
import type { TradeRequest } from "../schema/TradeRequest.js"
import { ClientConfig, chainFor } from "../services/ClientConfig.js"
import { OrderBook, type OrderBookService } from "../services/OrderBook.js"
import type { RetryPolicy } from "../services/RetryPolicy.js"
import { Wallet } from "../services/Wallet.js"
import { atConfiguredLogLevel } from "./atConfiguredLogLevel.js"
import { awaitItemData } from "./awaitItemData.js"
import { awaitTransfers, needsTransfers } from "./awaitTransfers.js"
import { type ExecutionContext, type ExecutionEnvironment, planName, updateState } from "./ExecutionContext.js"
import { type ExecutionSnapshot, snapshotOf, updateItem } from "./ExecutionSnapshot.js"
import type { ItemRef } from "./history/itemIdentity.js"
import { makeExecutionEnvironment, makeExecutionState, type ResolvedExecution } from "./makeExecution.js"
import { nextMove } from "./nextMove.js"
import { errorTagOf, recordFailure } from "./recordFailure.js"
import { sendItemTransaction } from "./sendItemTransaction.js"
import { signItem } from "./signItem.js"
import { validatePlan } from "./validatePlan.js"

/** A check run once on the API's answer before anything is signed or sent; its failure ends the execution. */
export type Guard<E = ExecutionError> = (response: ExecuteResponse, chainId: number) => Effect.Effect<void, E>

/** How to run an execution. */
export interface ExecuteStepsOptions<E = never> {
  /** The request: its action and typed parameters (`{ action: "buy", params: { items, taker } }`). */
  readonly request: TradeRequest
  /** The chain whose API to ask; the active chain when absent. */
  readonly chainId?: number | undefined
  /** An answer already fetched (a precheck's), to execute without asking again. */
  readonly response?: ExecuteResponse | undefined
  readonly guards?: ReadonlyArray<Guard<E>> | undefined
  /** A gas limit for every transaction of the execution. */
  readonly gas?: bigint | string | undefined
  /** Called with every new snapshot. */
  readonly onProgress?: ((snapshot: ExecutionSnapshot) => Effect.Effect<void>) | undefined
  /** How transient API failures are retried; the client's policy when absent. */
  readonly retry?: RetryPolicy | undefined
  /** The ERC-7677 paymaster service to sponsor batches with, instead of the chain's; `false` for none. */
  readonly paymasterService?: PaymasterService | false | undefined
}

/**
 * Logs a failed execution with the chain's block number, as the older SDK did; no RPC call when errors are not logged.
 */
const logFailure = (ctx: ExecutionContext, error: unknown) =>
  ctx.config.settings.logLevel < 1
    ? Effect.void
    : Effect.gen(function* () {
        const block = yield* Effect.option(ctx.wallet.blockNumber(ctx.viemChain))
        yield* Effect.logError(
          `tradekit: ${planName(ctx)} failed (${errorTagOf(error)}): ${messageOf(error)}`,
          Option.match(block, { onNone: () => "block number unknown", onSome: (n) => `block ${n}` }),
        )
      })

const runItem = (ctx: ExecutionContext, ref: ItemRef) =>
  Effect.gen(function* () {
    const { stepIndex, itemIndex } = ref
    const snapshot = yield* SynchronizedRef.get(ctx.state)
    const step = snapshot.steps[stepIndex] as Step
    const item = step.items?.[itemIndex] as StepItem

    let patch: Partial<StepItem>
    if (step.kind === "transaction") {
      const txItem = item as TransactionStepItem
      if (txItem.data === undefined) return yield* new UnknownError({ message: "Step item has no data" })
      patch = yield* sendItemTransaction(ctx, step as TransactionStep, { ...txItem, data: txItem.data }, ref)
    } else {
      const result = yield* signItem(ctx, step as SignatureStep, item as SignatureStepItem, ref.id)
      patch = {
        ...(result.orderData !== undefined ? { orderData: result.orderData } : {}),
        ...(result.txHashes !== undefined
          ? { txHashes: result.txHashes.map((txHash) => ({ txHash, chainId: ctx.chain.id })) }
          : {}),
      }
    }
    if (needsTransfers(ctx, step, patch.txHashes)) {
      const transfersData = yield* awaitTransfers(ctx, patch.txHashes ?? [])
      patch = { ...patch, transfersData }
    }
    const unfilled = ctx.book.unfilled
    const hashes = (patch.txHashes ?? []).map((entry) => entry.txHash)
    const skipped =
      unfilled !== undefined && step.kind === "transaction" && hashes.length > 0 ? yield* unfilled(item, hashes) : []
    yield* updateState(ctx, (current) => {
      const updated = updateItem(
        current,
        stepIndex,
        itemIndex,
        (currentItem) => ({ ...currentItem, ...patch, status: "complete" }) as StepItem,
      )
      return skipped.length === 0 ? updated : { ...updated, errors: [...(updated.errors ?? []), ...skipped] }
    })
  }).pipe(Effect.tapError((error) => recordFailure(ctx, [ref], error)))

/** Runs the given incomplete items of one step: concurrently, or one by one with `synchronousStepItemExecution`. */
const runStep = (ctx: ExecutionContext, stepIndex: number, items: ReadonlyArray<ItemRef>) =>
  Effect.gen(function* () {
    yield* updateState(ctx, (snapshot) => ({
      ...snapshot,
      currentStep: {
        index: stepIndex,
        id: snapshot.steps[stepIndex]?.id ?? "",
        itemIndexes: items.map((ref) => ref.itemIndex),
      },
    }))
    // One item has no sibling to wait for: it runs in this fiber, without forking one.
    if (ctx.config.settings.synchronousStepItemExecution || items.length === 1) {
      yield* Effect.forEach(items, (ref) => runItem(ctx, ref), { discard: true })
      return
    }
    // Every item runs to its end even when a sibling fails, so no sent transaction is left unconfirmed.
    const outcomes = yield* Effect.forEach(items, (ref) => Effect.result(runItem(ctx, ref)), {
      concurrency: "unbounded",
    })
    const failure = outcomes.find(Result.isFailure)
    if (failure !== undefined) return yield* Effect.fail(failure.failure)
  })

/**
 * How a run from a snapshot goes: the guards, the API answer they check, and what a resume adds.
 * @internal
 */
export interface RunOptions<E>
  extends Pick<ExecuteStepsOptions<E>, "gas" | "onProgress" | "guards" | "paymasterService"> {
  /** The API's answer the plan comes from: what the guards check. */
  readonly response: ExecuteResponse
  /** A send or batch of unknown outcome may be made again (the app asked the user). */
  readonly resendUnknown?: boolean | undefined
  /** Checked once before the loop, after the guards: a resume's check of the stored journal against the chain. */
  readonly before?: ((ctx: ExecutionContext) => Effect.Effect<void, ExecutionError>) | undefined
  /** The run's environment, made while its plan was asked for; made from these options when absent. */
  readonly environment?: ExecutionEnvironment | undefined
}

/**
 * Runs the step loop from `initial` until no incomplete item is left, publishing every change: the guards
 * first, then, as long as {@link nextMove} has a move, the plan is validated (again whenever a re-polled answer
 * changed it) and the move is made.
 * @internal
 */
export const runFrom = <E>(resolved: ResolvedExecution, initial: ExecutionSnapshot, options: RunOptions<E>) =>
  Effect.gen(function* () {
    const ctx: ExecutionContext = {
      ...(options.environment ?? (yield* makeExecutionEnvironment(resolved, initial.request, options))),
      ...(yield* makeExecutionState(initial)),
    }
    const { chain } = ctx
    const onProgress = ctx.onProgress
    yield* onProgress(initial)

    const run = Effect.gen(function* () {
      for (const guard of options.guards ?? []) {
        yield* guard(options.response, chain.id).pipe(
          Effect.tapError((error) =>
            initial.steps.length === 0 ? Effect.void : recordFailure(ctx, [{ stepIndex: 0 }], error),
          ),
        )
      }
      if (options.before !== undefined) yield* options.before(ctx)
      // The whole plan is validated before the first wallet call, and again whenever a re-polled answer
      // changed it, before any of it is used.
      let validated: ReadonlyArray<Step> | undefined
      // A client without batches sends one by one.
      const batches = yield* BatchSender
      for (;;) {
        const snapshot = yield* SynchronizedRef.get(ctx.state)
        if (snapshot.steps !== validated) {
          yield* validatePlan(ctx, snapshot.steps, ctx.address)
          validated = snapshot.steps
        }
        const move = nextMove(snapshot, chain.id, {
          readyItems: batches?.readyTransactionItems,
          resendUnknown: ctx.resendUnknown,
          sponsorable: ctx.paymasterService !== undefined,
          itemKey: ctx.book.itemKey,
        })
        if (move._tag === "Done") break
        switch (move._tag) {
          case "AwaitData":
            // The new answer may lay the steps out differently: adopt it, and decide the next move again.
            yield* awaitItemData(ctx, snapshot.steps[move.stepIndex]?.id ?? "")
            break
          case "SettleBatch":
            if (batches === undefined)
              return yield* CapabilityMissingError.of("batching", "Settling a batch sent before")
            yield* batches.settleBatch(ctx, move.entry, move.items)
            break
          case "UnknownBatch":
            if (batches === undefined) return yield* CapabilityMissingError.of("batching", "A batch of unknown outcome")
            return yield* batches.failUnknownBatch(ctx, move.entry, move.items)
          case "RunStep": {
            // A batch that went out (or failed) changed the journal: decide again. One refused, or none, runs the
            // step.
            if (batches !== undefined && move.batchable.length > 0) {
              if (yield* batches.sendReadyBatch(ctx, move.stepIndex, move.batchable)) break
            }
            yield* runStep(ctx, move.stepIndex, move.items)
          }
        }
      }
      return yield* updateState(ctx, ({ currentStep: _done, ...snapshot }) => ({ ...snapshot, status: "complete" }))
    })

    return yield* run.pipe(
      // The last net: whatever a service boundary missed ends as a typed error with an error snapshot.
      Effect.catchDefect((defect) =>
        Effect.andThen(
          Effect.logDebug("tradekit: a defect was turned into an UnknownError", defect),
          Effect.fail(new UnknownError({ cause: defect })),
        ),
      ),
      Effect.tapError((error) =>
        Effect.andThen(
          updateState(ctx, (snapshot) => ({
            ...snapshot,
            status: "error",
            error: { _tag: errorTagOf(error), message: messageOf(error) },
          })),
          logFailure(ctx, error),
        ),
      ),
    )
  }).pipe(Effect.scoped) as Effect.Effect<ExecutionSnapshot, ExecutionError | E>

/**
 * Fails, before any request, an action the order book does not plan.
 * @internal
 */
export const supportedByBook = (
  book: OrderBookService,
  action: TradeRequest["action"],
): Effect.Effect<void, UnsupportedByBookError> =>
  book.actions.has(action)
    ? Effect.void
    : Effect.fail(
        UnsupportedByBookError.of({
          book: book.name,
          what: `the ${action} action`,
          details: `it plans ${[...book.actions].join(", ")}`,
        }),
      )

/**
 * Carries out an execution with everything resolved: fetches the steps (unless `options.response` holds
 * them), then runs them as {@link executeSteps} describes. What actions call, having resolved the rest.
 * @internal
 */
export const runExecution = <E>(
  resolved: ResolvedExecution,
  options: Pick<ExecuteStepsOptions<E>, "request" | "response" | "guards" | "gas" | "onProgress" | "paymasterService">,
): Effect.Effect<ExecutionSnapshot, ExecutionError | E> =>
  Effect.gen(function* () {
    yield* supportedByBook(resolved.book, options.request.action)
    yield* checkCapabilities(resolved.config, resolved.chain, resolved.chainBook, options.paymasterService)
    const { request } = options
    if (options.response !== undefined)
      return yield* runFrom(resolved, snapshotOf(options.response, request, resolved.chain.id), {
        ...options,
        response: options.response,
      })
    // The run's environment is made while the API plans: the request goes out first, and the wait for its answer
    // is time the environment would otherwise add.
    const planning = yield* Effect.forkChild(resolved.chainBook.plan(request, { retry: resolved.retry }), {
      startImmediately: true,
    })
    const environment = yield* makeExecutionEnvironment(resolved, request, options)
    const response = yield* Fiber.join(planning)
    return yield* runFrom(resolved, snapshotOf(response, request, resolved.chain.id), {
      ...options,
      response,
      environment,
    })
  })

/**
 * Carries out an execution: fetches the steps, runs the guards once before anything is signed or sent, then
 * runs step after step — the first with an incomplete item, all its incomplete items concurrently (or one by
 * one with `synchronousStepItemExecution`) — until none is left. Every change is published as a new
 * snapshot. On failure the error is recorded on the failing item and step and in the last snapshot.
 *
 * @example
 * const request = { action: "buy", params: { items: [{ token: `${nft}:42` }], taker } } as const
 * const final = yield* executeSteps({ request, onProgress: (s) => Effect.log(s.status) })
 */
export const executeSteps = <E = never>(
  options: ExecuteStepsOptions<E>,
): Effect.Effect<
  ExecutionSnapshot,
  ExecutionError | MissingChainConfigurationError | E,
  OrderBook | Wallet | ClientConfig
> =>
  Effect.gen(function* () {
    const config = yield* ClientConfig
    const chain = yield* chainFor(config, options.chainId)
    const retry = options.retry ?? config.settings.retry
    const book = yield* OrderBook
    const chainBook = yield* Effect.fromResult(book.forChain(chain))
    return yield* runExecution({ config, book, chainBook, wallet: yield* Wallet, chain, retry }, options)
  }).pipe(atConfiguredLogLevel, Effect.withSpan("tradekit.executeSteps", undefined, NO_STACK)) as Effect.Effect<
    ExecutionSnapshot,
    ExecutionError | MissingChainConfigurationError | E,
    OrderBook | Wallet | ClientConfig
  >
