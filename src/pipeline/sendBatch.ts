import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { Chain, Hex } from "viem"
import { Simulator } from "../capabilities/Simulator.js"
import type { PaymasterService } from "../chains/ChainConfig.js"
import { BACKOFF_START_SHARE } from "../chains/polling.js"
import {
  BatchFailedError,
  type BatchSendError,
  type ExecutionError,
  PollTimeoutError,
  SendOutcomeUnknownError,
  TransactionHashMissingError,
  WalletAddressMismatchError,
} from "../errors/index.js"
import { messageOf } from "../errors/messageOf.js"
import { NO_STACK } from "../internal/spanOptions.js"
import { pollUntil } from "../polling/pollUntil.js"
import { TransactionRequest } from "../schema/TransactionRequest.js"
import { decodeApiBody } from "../services/decodeApiBody.js"
import type { CallsStatus } from "../services/Wallet.js"
import { appendJournal, type ExecutionContext, planName, updateState, viemChainOf } from "./ExecutionContext.js"
import { updateItem, withJournalEntry } from "./ExecutionSnapshot.js"
import type { ItemRef } from "./history/itemIdentity.js"
import type { BatchRequestedEntry, BatchSentEntry } from "./history/Journal.js"
import type { ReadyTransactionItem } from "./readyTransactionItems.js"
import { recordFailure } from "./recordFailure.js"

/** Every item of a batch fails with the batch's error: it is recorded on each item and its step. */
const failEvery = (ctx: ExecutionContext, items: ReadonlyArray<ItemRef>, error: ExecutionError) =>
  Effect.andThen(recordFailure(ctx, items, error), Effect.fail(error))

/** The longest calls id EIP-5792 allows (8192 bytes of text). */
const MAX_CALLS_ID_LENGTH = 8192

/** True when the wallet's answer is a calls id that can be asked about: a non-empty string of bounded length. */
const isCallsId = (id: unknown): id is string =>
  typeof id === "string" && id.length > 0 && id.length <= MAX_CALLS_ID_LENGTH

/**
 * Waits for a sent batch to land, asked on a backoff up to the interval and bounded like any poll (a status the wallet
 * cannot give yet is "not yet"; "pending" is never taken for done), then journals each item's transaction the way a
 * single send does (`Sent`, with the hash on the item) so that each item is confirmed through the same path as a
 * single send: its check, `synced` and transfers — with no receipt to watch, as the status has reported it. An atomic
 * batch is usually one transaction for every item; when the wallet reports one receipt per call, item `i` takes
 * receipt `i`. The calls id is never taken for a transaction hash: only the receipts name transactions. A failed or
 * reverted batch fails every item with a BatchFailedError.
 */
export const settleBatch = (ctx: ExecutionContext, sent: BatchSentEntry, items: ReadonlyArray<ItemRef>) =>
  Effect.gen(function* () {
    const chain = viemChainOf(ctx, sent.chainId)
    const callsStatus = ctx.wallet.callsStatus
    if (chain === undefined || callsStatus === undefined) {
      return yield* failEvery(
        ctx,
        items,
        SendOutcomeUnknownError.of({ from: yield* ctx.address, chainId: sent.chainId, reason: "batch-unknown" }),
      )
    }
    const probe = callsStatus({ chain, id: sent.id }).pipe(
      Effect.map((status) => (status.status === "pending" ? Option.none<CallsStatus>() : Option.some(status))),
      Effect.catch((error) =>
        Effect.as(
          Effect.logDebug(`tradekit: calls status of ${sent.id} unknown yet: ${error.message}`),
          Option.none<CallsStatus>(),
        ),
      ),
    )
    // Sent a moment ago: the status is about to be there, so it is asked on a backoff up to the interval.
    const status = yield* pollUntil(probe, {
      interval: ctx.pollingInterval,
      backoffFrom: ctx.pollingInterval / BACKOFF_START_SHARE,
      attempts: ctx.maxAttempts,
      onExhausted: (attempts) => PollTimeoutError.of({ kind: "ok", attempts }),
    }).pipe(Effect.catch((error) => failEvery(ctx, items, error)))
    const hashes = status.receipts.map((receipt) => receipt.hash)
    if (status.status === "failure" || status.receipts.some((receipt) => receipt.status === "reverted")) {
      return yield* failEvery(
        ctx,
        items,
        BatchFailedError.of({ callsId: sent.id, statusCode: status.statusCode, txHashes: hashes }),
      )
    }
    if (hashes.length === 0) return yield* failEvery(ctx, items, new TransactionHashMissingError())
    const hashOf = (i: number): Hex => (hashes.length === items.length ? hashes[i]! : hashes.at(-1)!)
    yield* updateState(ctx, (snapshot) =>
      items.reduce(
        (current, { stepIndex, itemIndex, id }, i) =>
          updateItem(
            withJournalEntry(current, { _tag: "Sent", item: id, chainId: sent.chainId, hash: hashOf(i) }),
            stepIndex,
            itemIndex,
            (item) => ({
              ...item,
              txHashes: hashes.map((txHash) => ({ txHash, chainId: sent.chainId })),
              ...(sent.sponsored === true ? { sponsored: true } : {}),
            }),
          ),
        snapshot,
      ),
    )
  }).pipe(Effect.withSpan("tradekit.settleBatch", undefined, NO_STACK))

/** A batch asked for with no calls id back: its outcome is unknown, and every item in it fails so. */
export const failUnknownBatch = (
  ctx: ExecutionContext,
  requested: BatchRequestedEntry,
  items: ReadonlyArray<ItemRef>,
) =>
  failEvery(
    ctx,
    items,
    SendOutcomeUnknownError.of({ from: requested.from, chainId: requested.chainId, reason: "batch-unknown" }),
  )

/**
 * True when the batch settings and the wallet allow a batch on `chain`; a capability the wallet cannot tell is a no.
 */
const canBatch = (ctx: ExecutionContext, chain: Chain) =>
  !ctx.config.settings.batchTransactions ||
  ctx.gas !== undefined ||
  ctx.wallet.atomicBatch === undefined ||
  ctx.wallet.sendCalls === undefined ||
  ctx.wallet.callsStatus === undefined
    ? Effect.succeed(false)
    : ctx.wallet
        .atomicBatch(chain)
        .pipe(
          Effect.catch((error) =>
            Effect.as(
              Effect.logDebug(`tradekit: wallet capabilities unknown, sending one by one: ${error.message}`),
              false,
            ),
          ),
        )

/**
 * The paymaster service to sponsor a batch on `chain` with: the execution's on its own chain, the configured
 * chain's on another.
 */
const serviceFor = (ctx: ExecutionContext, chain: Chain): PaymasterService | undefined =>
  chain.id === ctx.chain.id ? ctx.paymasterService : ctx.config.chains.find((c) => c.id === chain.id)?.paymasterService

/**
 * The paymaster service that sponsors a batch on `chain`: none unless the wallet reports support there (one it cannot
 * tell is a no).
 */
const sponsorOf = (ctx: ExecutionContext, chain: Chain): Effect.Effect<PaymasterService | undefined> => {
  const service = serviceFor(ctx, chain)
  const supports = ctx.wallet.paymasterService
  if (service === undefined || supports === undefined) return Effect.succeed(undefined)
  return supports(chain).pipe(
    Effect.catch((error) =>
      Effect.as(Effect.logDebug(`tradekit: paymaster support unknown, not sponsored: ${error.message}`), false),
    ),
    Effect.map((supported) => (supported ? service : undefined)),
  )
}

/** What a batch is journaled with: its items, its chain, and whether it was sponsored. */
interface BatchFacts {
  readonly items: ReadonlyArray<string>
  readonly chainId: number
  readonly sponsored?: boolean
}

/**
 * Journals the wallet's answer to a batch request: its calls id (`BatchSent`), a rejection (`BatchRejected`, then the
 * rejection), or a refusal of the wallet's own (`BatchRefused`: nothing was sent, and the calls go out one by one,
 * `"refused"`). An answer with no usable calls id is none: the batch may be out.
 */
const journalBatchAnswer = (
  ctx: ExecutionContext,
  batch: BatchFacts,
  answer: Effect.Effect<unknown, BatchSendError>,
): Effect.Effect<"refused" | Option.Option<BatchSentEntry>, BatchSendError> =>
  answer.pipe(
    Effect.flatMap((id: unknown) => {
      if (!isCallsId(id)) return Effect.succeed(Option.none<BatchSentEntry>())
      const entry: BatchSentEntry = { _tag: "BatchSent", ...batch, id }
      return Effect.as(appendJournal(ctx, entry), Option.some(entry))
    }),
    Effect.catch((error: BatchSendError): Effect.Effect<"refused" | Option.Option<BatchSentEntry>, BatchSendError> => {
      if (error._tag === "UserRejectedError")
        return Effect.andThen(appendJournal(ctx, { _tag: "BatchRejected", items: batch.items }), Effect.fail(error))
      if (error._tag === "BatchRefusedError")
        return Effect.as(
          appendJournal(ctx, { _tag: "BatchRefused", items: batch.items, reason: messageOf(error) }),
          "refused" as const,
        )
      if (error._tag === "CallsIdMissingError") return Effect.succeed(Option.none<BatchSentEntry>())
      return Effect.fail(error)
    }),
  )

/**
 * Sends `ready` (two or more transactions of the next steps) as one atomic batch (EIP-5792), so the user confirms
 * once — typically an ERC-20 or NFT approval and the sale — and waits for it to land (see {@link settleBatch}).
 * Answers `false`, with nothing sent, when it does not batch: batching is off (`batchTransactions: false`), a gas
 * limit is imposed on the execution (one limit cannot fit calls sent as one transaction), the wallet has no atomic
 * batches on the chain, or there is a single transaction and no sponsor — or the wallet refused this batch with an
 * error of its own (EIP-5792's 57xx codes, an
 * unsupported method or chain): that refusal is journaled (`BatchRefused`), and the items go out one by one, in
 * this run and any resumed one.
 *
 * Journaled before the wallet is asked and the moment it answers: resume waits for a batch with a calls id by
 * that id, never sending a second one; a batch asked for with no usable id back has an unknown outcome
 * (SendOutcomeUnknownError). It is never reconciled by nonce: a smart account's batch may go through a bundler,
 * leaving the account's own nonce unchanged. A batch that fails, or that the user rejects, fails every item in it.
 *
 * Sponsored gas (ERC-7677): when the chain (or the call) names a `paymasterService` and the wallet reports support
 * for it on the chain, the batch carries the capability (a batch of one is then worth sending), the journal's batch
 * entries and the items say `sponsored`, and the account's balance is not checked against the gas.
 */
export const sendReadyBatch = (ctx: ExecutionContext, stepIndex: number, ready: ReadonlyArray<ReadyTransactionItem>) =>
  Effect.gen(function* () {
    const chainId = ready[0]!.chainId
    const chain = viemChainOf(ctx, chainId)
    if (chain === undefined || !(yield* canBatch(ctx, chain))) return false
    const sponsor = yield* sponsorOf(ctx, chain)
    if (ready.length < 2 && sponsor === undefined) return false
    const sponsored = sponsor !== undefined ? { sponsored: true } : {}
    const refs = ready.map((item) => item.ref)
    const ids = refs.map((ref) => ref.id)
    yield* updateState(ctx, (current) => ({
      ...current,
      currentStep: {
        index: stepIndex,
        id: current.steps[stepIndex]?.id ?? "",
        itemIndexes: refs.flatMap((ref) => (ref.stepIndex === stepIndex ? [ref.itemIndex] : [])),
      },
    }))
    const send = Effect.gen(function* () {
      const calls = yield* Effect.forEach(ready, (item) =>
        decodeApiBody(TransactionRequest, planName(ctx), item.item.data),
      )
      // Read live, right before the prompt: the user may have switched accounts since the plan was validated.
      const address = yield* ctx.wallet.address
      const stranger = calls.find((call) => call.from.toLowerCase() !== address.toLowerCase())
      if (stranger !== undefined)
        return yield* WalletAddressMismatchError.of({ expected: address, received: stranger.from })
      // Only the first call meets the chain as it is now: the later ones may need it (an approval, then the
      // sale), so a lone simulation of theirs could refuse a batch that goes through. A revert of the first is
      // certain, and refuses the whole batch before it is journaled or prompted.
      // Unsponsored, the account must also hold at least the first call's gas and every call's value.
      const funds =
        sponsor !== undefined
          ? undefined
          : {
              maxFeePerGas: (c: Chain) => ctx.maxFeePerGas?.(c) ?? Effect.succeed(undefined),
              value: calls.reduce((sum, call) => sum + (call.value ?? 0n), 0n),
            }
      const simulator = yield* Simulator
      if (simulator !== undefined)
        yield* simulator.simulateTransaction({
          wallet: ctx.wallet,
          settings: ctx.config.settings,
          chain,
          request: calls[0]!,
          funds,
        })
      const sendCalls = ctx.wallet.sendCalls!
      return yield* ctx.sendLocks.withLock(
        address,
        chainId,
      )(
        Effect.gen(function* () {
          yield* appendJournal(ctx, { _tag: "BatchRequested", items: ids, chainId, from: address, ...sponsored })
          // Once the wallet answers, its answer is journaled before anything can stop the execution.
          return yield* Effect.uninterruptibleMask((restore) =>
            journalBatchAnswer(
              ctx,
              { items: ids, chainId, ...sponsored },
              restore(
                sendCalls({
                  chain,
                  calls,
                  context: ready.map(({ step, item }) => ({ step, item })),
                  ...(sponsor !== undefined ? { capabilities: { paymasterService: sponsor } } : {}),
                }),
              ),
            ),
          )
        }),
      )
    })
    const answer = yield* send.pipe(Effect.catch((error) => failEvery(ctx, refs, error)))
    if (answer === "refused") {
      yield* Effect.logInfo("tradekit: the wallet refused the batch; its transactions go out one by one")
      return false
    }
    // The wallet accepted something but gave no id to follow it by: the batch may be out, so nothing is sent again.
    if (Option.isNone(answer))
      return yield* failEvery(
        ctx,
        refs,
        SendOutcomeUnknownError.of({ from: yield* ctx.address, chainId, reason: "batch-unknown" }),
      )
    const entry = answer.value
    yield* Effect.logInfo(
      `tradekit: sent ${ready.length} transaction(s) as one ${sponsor !== undefined ? "sponsored " : ""}batch (calls id ${entry.id})`,
    )
    yield* settleBatch(ctx, entry, refs)
    return true
  }).pipe(Effect.withSpan("tradekit.sendReadyBatch", undefined, NO_STACK))
