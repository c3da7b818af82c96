import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import * as Result from "effect/Result"
import * as SynchronizedRef from "effect/SynchronizedRef"
import type { ChainConfig, PaymasterService } from "../chains/ChainConfig.js"
import { defaultMaxPollingAttempts, pollingIntervalFor } from "../chains/polling.js"
import { viemChainFor } from "../chains/viemChainFor.js"
import type { ExecutionError, MissingChainConfigurationError } from "../errors/index.js"
import { UnknownError } from "../errors/index.js"
import { messageOf } from "../errors/messageOf.js"
import type { ExecuteResponse } from "../schema/ExecuteResponse.js"
import type { SignatureStep, SignatureStepItem, Step, StepItem, TransactionStep, TransactionStepItem } from "../schema/Step.js"
import { ApiClient, type ApiClientService } from "../services/ApiClient.js"
import { ClientConfig, chainFor, type ResolvedClientConfig } from "../services/ClientConfig.js"
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "../services/RetryPolicy.js"
import { makeSendLocks, SendLocks } from "../services/SendLocks.js"
import { Wallet, type WalletService } from "../services/Wallet.js"
import { atConfiguredLogLevel } from "./atConfiguredLogLevel.js"
import { awaitItemData, NO_DATA_POLLS } from "./awaitItemData.js"
import { awaitTransfers, needsTransfers } from "./awaitTransfers.js"
import { decodeSnapshot } from "./decodeSnapshot.js"
import { chainApis, type ExecuteRequest, type ExecutionContext, itemKey, stepKeyAt, updateState } from "./ExecutionContext.js"
import { type ExecutionSnapshot, nextIncompleteStep, snapshotOf, updateItem, updateStep, withSteps } from "./ExecutionSnapshot.js"
import { makeMaxFeeReader } from "./estimateNetworkFee.js"
import { fetchSteps } from "./fetchSteps.js"
import { deepFreeze } from "./internal/deepFreeze.js"
import { itemJournal, type JournalEntry } from "./Journal.js"
import { sendReadyBatch } from "./sendBatch.js"
import { sendItemTransaction } from "./sendItemTransaction.js"
import { signItem } from "./signItem.js"
import { validatePlan } from "./validatePlan.js"
import { DEFAULT_WALLET_TIMEOUT_MS, withWalletTimeout } from "./withWalletTimeout.js"

/** A check run once on the API's answer before anything is signed or sent; its failure ends the execution. */
export type Guard<E = ExecutionError> = (response: ExecuteResponse, chainId: number) => Effect.Effect<void, E>

/** How to run an execution. */
export interface ExecuteStepsOptions<E = never> {
  /** The execute request: its action, path (e.g. `/execute/buy/v7`) and body. */
  readonly request: ExecuteRequest
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

/** How to resume an execution from a snapshot. */
export type ResumeOptions = Pick<ExecuteStepsOptions, "gas" | "onProgress" | "retry">

const tagOf = (error: unknown): string => (error as { _tag?: string })?._tag ?? "UnknownError"

const errorDataOf = (error: unknown): unknown => {
  const data = (error as { errorData?: unknown })?.errorData
  return data ?? (error as { rawError?: unknown })?.rawError ?? { _tag: tagOf(error), message: messageOf(error) }
}

/** Logs a failed execution with the chain's block number, as the older SDK did; no RPC call when errors are not logged. */
const logFailure = (ctx: ExecutionContext, error: unknown) =>
  (ctx.config.settings.logLevel ?? 0) < 1
    ? Effect.void
    : Effect.gen(function* () {
        const block = yield* Effect.option(ctx.wallet.blockNumber(ctx.viemChain))
        yield* Effect.logError(
          `tradekit: ${ctx.request.path} failed (${tagOf(error)}): ${messageOf(error)}`,
          Option.match(block, { onNone: () => "block number unknown", onSome: (n) => `block ${n}` }),
        )
      })

const recordItemError = (ctx: ExecutionContext, stepIndex: number, itemIndex: number, error: unknown) =>
  updateState(ctx, (snapshot) =>
    updateStep(
      updateItem(snapshot, stepIndex, itemIndex, (item) => ({ ...item, error: messageOf(error), errorData: errorDataOf(error) })),
      stepIndex,
      (step) => ({ ...step, error: messageOf(error) }),
    ),
  )

const runItem = (ctx: ExecutionContext, stepIndex: number, itemIndex: number) =>
  Effect.gen(function* () {
    const snapshot = yield* SynchronizedRef.get(ctx.state)
    const step = snapshot.steps[stepIndex] as Step
    const item = step.items?.[itemIndex] as StepItem
    const key = itemKey(stepKeyAt(snapshot.steps, stepIndex), itemIndex)
    const position = { stepIndex, itemIndex, key }

    let patch: Partial<StepItem>
    if (step.kind === "transaction") {
      const txItem = item as TransactionStepItem
      if (txItem.data === undefined) return yield* new UnknownError({ message: "Step item has no data" })
      patch = yield* sendItemTransaction(ctx, step as TransactionStep, { ...txItem, data: txItem.data }, position)
    } else {
      const result = yield* signItem(ctx, step as SignatureStep, item as SignatureStepItem, key)
      patch = {
        ...(result.orderData !== undefined ? { orderData: result.orderData } : {}),
        ...(result.txHashes !== undefined ? { txHashes: result.txHashes.map((txHash) => ({ txHash, chainId: ctx.chain.id })) } : {}),
      }
    }
    if (needsTransfers(ctx, step.id, patch.txHashes)) {
      const transfersData = yield* awaitTransfers(ctx, patch.txHashes ?? [])
      patch = { ...patch, transfersData }
    }
    const done = yield* updateState(ctx, (current) =>
      updateItem(current, stepIndex, itemIndex, (currentItem) => ({ ...currentItem, ...patch, status: "complete" }) as StepItem),
    )
    const completedItem = done.steps[stepIndex]?.items?.[itemIndex]
    yield* Ref.update(ctx.completed, (completed) => new Map(completed).set(key, completedItem))
  }).pipe(Effect.tapError((error) => recordItemError(ctx, stepIndex, itemIndex, error)))

const runStep = (ctx: ExecutionContext, stepIndex: number, itemIndexes: ReadonlyArray<number>) =>
  Effect.gen(function* () {
    const before = yield* SynchronizedRef.get(ctx.state)
    const waiting = itemIndexes.some((i) => before.steps[stepIndex]?.items?.[i]?.data === undefined)
    // The new answer may lay the steps out differently: adopt it, and let the loop pick the next step again.
    if (waiting) return yield* awaitItemData(ctx, before.steps[stepIndex]?.id ?? "")

    const current = yield* SynchronizedRef.get(ctx.state)
    const step = current.steps[stepIndex]
    const pending = (step?.items ?? []).flatMap((item, i) => (item.status === "incomplete" ? [i] : []))
    yield* updateState(ctx, (snapshot) => ({
      ...snapshot,
      currentStep: { index: stepIndex, id: step?.id ?? "", itemIndexes: pending },
    }))

    if (ctx.config.settings.synchronousStepItemExecution) {
      yield* Effect.forEach(pending, (i) => runItem(ctx, stepIndex, i), { discard: true })
      return
    }
    // Every item runs to its end even when a sibling fails, so no sent transaction is left unconfirmed.
    const outcomes = yield* Effect.forEach(pending, (i) => Effect.result(runItem(ctx, stepIndex, i)), {
      concurrency: "unbounded",
    })
    const failure = outcomes.find(Result.isFailure)
    if (failure !== undefined) return yield* Effect.fail(failure.failure)
  })

interface Seeds {
  readonly completed: ReadonlyMap<string, unknown>
}

/**
 * What an execution runs with, resolved once by whoever starts it (an action, `executeSteps`, `resumeExecution`)
 * and handed down as it is: nothing below looks the chain or the retry policy up again.
 * @internal
 */
export interface ResolvedExecution {
  readonly config: ResolvedClientConfig
  readonly api: ApiClientService
  readonly wallet: WalletService
  /** The chain whose API runs the execution. */
  readonly chain: ChainConfig
  /** How transient failures of reads, polls and posts are retried. */
  readonly retry: RetryPolicy
}

/** Runs the step loop from `initial` until no incomplete item is left, publishing every change. */
const runFrom = <E>(
  resolved: ResolvedExecution,
  initial: ExecutionSnapshot,
  seeds: Seeds,
  options: Pick<ExecuteStepsOptions<E>, "gas" | "onProgress" | "guards" | "response" | "paymasterService">,
) =>
  Effect.gen(function* () {
    const { config, api, chain } = resolved
    const pollingInterval = pollingIntervalFor(chain)
    const onProgress = options.onProgress ?? (() => Effect.void)
    const wallet = withWalletTimeout(resolved.wallet, config.settings.walletTimeout ?? DEFAULT_WALLET_TIMEOUT_MS)
    const ctx: ExecutionContext = {
      config,
      ...chainApis(api, config, chain),
      wallet,
      chain,
      viemChain: viemChainFor(chain),
      request: initial.request,
      action: initial.request.action,
      pollingInterval,
      maxAttempts: config.settings.maxPollingAttemptsBeforeTimeout ?? defaultMaxPollingAttempts(pollingInterval),
      gas: options.gas === undefined ? undefined : BigInt(options.gas),
      retry: resolved.retry,
      completed: yield* Ref.make(seeds.completed),
      state: yield* SynchronizedRef.make(deepFreeze(initial)),
      onProgress,
      sendLocks: yield* Effect.serviceOption(SendLocks).pipe(Effect.flatMap(Option.match({ onNone: () => makeSendLocks, onSome: Effect.succeed }))),
      address: yield* Effect.cached(wallet.address),
      dataPolls: yield* Ref.make(NO_DATA_POLLS),
      maxFeePerGas: yield* makeMaxFeeReader(wallet),
      paymasterService: options.paymasterService === false ? undefined : (options.paymasterService ?? chain.paymasterService),
    }
    yield* onProgress(initial)

    const run = Effect.gen(function* () {
      for (const guard of options.guards ?? []) {
        yield* guard(options.response as ExecuteResponse, chain.id).pipe(
          Effect.tapError((error) =>
            updateState(ctx, (snapshot) =>
              snapshot.steps.length === 0
                ? snapshot
                : updateStep(snapshot, 0, (step) => ({ ...step, error: messageOf(error), errorData: errorDataOf(error) })),
            ),
          ),
        )
      }
      // The whole plan is validated before the first wallet call, and again whenever a re-polled answer
      // changed it, before any of it is used.
      let validated: ReadonlyArray<Step> | undefined
      for (;;) {
        const { steps } = yield* SynchronizedRef.get(ctx.state)
        if (steps !== validated) {
          yield* validatePlan(ctx, steps, ctx.address)
          validated = steps
        }
        const next = nextIncompleteStep(steps)
        if (next === undefined) break
        yield* sendReadyBatch(ctx, next.stepIndex)
        yield* runStep(ctx, next.stepIndex, next.itemIndexes)
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
            error: { _tag: tagOf(error), message: messageOf(error) },
          })),
          logFailure(ctx, error),
        ),
      ),
    )
  }).pipe(Effect.scoped) as Effect.Effect<ExecutionSnapshot, ExecutionError | E>

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
    const response =
      options.response ?? (yield* fetchSteps(resolved.api.forChain(resolved.chain.baseApiUrl), options.request, { retry: resolved.retry }))
    return yield* runFrom(
      resolved,
      snapshotOf(response, options.request, resolved.chain.id),
      { completed: new Map() },
      {
        ...options,
        response,
      },
    )
  })

/**
 * Carries out an execution: fetches the steps, runs the guards once before anything is signed or sent, then
 * runs step after step — the first with an incomplete item, all its incomplete items concurrently (or one by
 * one with `synchronousStepItemExecution`) — until none is left. Every change is published as a new
 * snapshot. On failure the error is recorded on the failing item and step and in the last snapshot.
 *
 * @example
 * const final = yield* executeSteps({ request: { action: "buy", path: "/execute/buy/v7", body }, onProgress: (s) => Effect.log(s.status) })
 */
export const executeSteps = <E = never>(
  options: ExecuteStepsOptions<E>,
): Effect.Effect<ExecutionSnapshot, ExecutionError | MissingChainConfigurationError | E, ApiClient | Wallet | ClientConfig> =>
  Effect.gen(function* () {
    const config = yield* ClientConfig
    const chain = yield* chainFor(config, options.chainId)
    const retry = options.retry ?? config.settings.retry ?? DEFAULT_RETRY_POLICY
    return yield* runExecution({ config, api: yield* ApiClient, wallet: yield* Wallet, chain, retry }, options)
  }).pipe(atConfiguredLogLevel, Effect.withSpan("tradekit.executeSteps")) as Effect.Effect<
    ExecutionSnapshot,
    ExecutionError | MissingChainConfigurationError | E,
    ApiClient | Wallet | ClientConfig
  >

/**
 * Continues an execution from a snapshot — one stored before a page reload or a crash. The snapshot is
 * decoded first (an InvalidSnapshotError otherwise), then its journal decides what is left: a transaction
 * it records as sent is confirmed, not sent again; one requested with no hash back is reconciled by the
 * account's nonce; a batch it records with a calls id is waited for by that id, and one with no id back is
 * refused (SendOutcomeUnknownError); a signature it records is not asked for again, and an order it records as posted (or
 * whose post got no answer) is not posted again; complete items stay complete. The guards do not run again:
 * they ran before anything was signed.
 *
 * @example
 * const final = yield* resumeExecution(JSON.parse(localStorage.getItem("execution")!))
 */
export const resumeExecution = (
  stored: ExecutionSnapshot,
  options: ResumeOptions = {},
): Effect.Effect<ExecutionSnapshot, ExecutionError | MissingChainConfigurationError, ApiClient | Wallet | ClientConfig> =>
  Effect.gen(function* () {
    const snapshot = yield* decodeSnapshot(stored)
    const config = yield* ClientConfig
    const chain = yield* chainFor(config, snapshot.chainId)
    const retry = options.retry ?? config.settings.retry ?? DEFAULT_RETRY_POLICY
    const completed = new Map<string, unknown>()
    // A snapshot of an older version has no journal: its items' tx hashes say what was sent.
    const legacySent: Array<JournalEntry> = []
    const steps = snapshot.steps.map((step, s) => {
      const { error: _stepError, errorData: _stepErrorData, ...cleanStep } = step
      const items = step.items?.map((item, i) => {
        const key = itemKey(stepKeyAt(snapshot.steps, s), i)
        if (item.status === "complete") {
          completed.set(key, item)
          return item
        }
        const last = item.txHashes?.at(-1)
        if (step.kind === "transaction" && last !== undefined && itemJournal(snapshot.journal, key).sent === undefined) {
          legacySent.push({ _tag: "Sent", item: key, chainId: last.chainId, hash: last.txHash })
        }
        const { error: _error, errorData: _errorData, ...clean } = item
        return clean
      })
      return { ...cleanStep, ...(items !== undefined ? { items } : {}) } as Step
    })
    const { error: _error, currentStep: _current, ...rest } = snapshot
    const journal = legacySent.length === 0 ? rest.journal : [...(rest.journal ?? []), ...legacySent]
    const initial = withSteps({ ...rest, ...(journal !== undefined ? { journal } : {}), status: "running" }, steps)
    return yield* runFrom<never>({ config, api: yield* ApiClient, wallet: yield* Wallet, chain, retry }, initial, { completed }, options)
  }).pipe(atConfiguredLogLevel, Effect.withSpan("tradekit.resumeExecution"))
