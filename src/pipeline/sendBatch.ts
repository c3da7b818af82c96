import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as SynchronizedRef from "effect/SynchronizedRef"
import type { Chain, Hex } from "viem"
import type { PaymasterService } from "../chains/ChainConfig.js"
import { BACKOFF_START_SHARE } from "../chains/polling.js"
import {
  BatchFailedError,
  type ExecutionError,
  PollTimeoutError,
  SendOutcomeUnknownError,
  TransactionHashMissingError,
  WalletAddressMismatchError,
} from "../errors/index.js"
import { messageOf } from "../errors/messageOf.js"
import { TransactionRequest } from "../schema/TransactionRequest.js"
import { decodeApiBody } from "../services/decodeApiBody.js"
import type { CallsStatus } from "../services/Wallet.js"
import { appendJournal, type ExecutionContext, itemKey, stepKeyAt, updateState, viemChainOf } from "./ExecutionContext.js"
import { type ExecutionSnapshot, updateItem, updateStep, withJournalEntry } from "./ExecutionSnapshot.js"
import { type BatchSentEntry, itemJournal } from "./Journal.js"
import { pollUntil } from "./pollUntil.js"
import { type ReadyTransactionItem, readyTransactionItems } from "./readyTransactionItems.js"
import { simulateTransaction } from "./simulateTransaction.js"

/** Where an item of a batch sits in the execution. */
interface BatchItem {
  readonly stepIndex: number
  readonly itemIndex: number
  readonly key: string
}

/** Finds the items named by their keys in the current steps; keys of items no longer there are left out. */
const positionsOf = (snapshot: ExecutionSnapshot, keys: ReadonlyArray<string>, stepKeyOf: (stepIndex: number) => string): ReadonlyArray<BatchItem> =>
  snapshot.steps.flatMap((step, stepIndex) =>
    (step.items ?? []).flatMap((_, itemIndex) => {
      const key = itemKey(stepKeyOf(stepIndex), itemIndex)
      return keys.includes(key) ? [{ stepIndex, itemIndex, key }] : []
    }),
  )

/** Every item of a batch fails with the batch's error: it is recorded on each item and its step. */
const failEvery = (ctx: ExecutionContext, items: ReadonlyArray<BatchItem>, error: ExecutionError) =>
  Effect.andThen(
    updateState(ctx, (snapshot) =>
      items.reduce(
        (current, { stepIndex, itemIndex }) =>
          updateStep(
            updateItem(current, stepIndex, itemIndex, (item) => ({
              ...item,
              error: messageOf(error),
              errorData: { _tag: error._tag, message: messageOf(error) },
            })),
            stepIndex,
            (step) => ({ ...step, error: messageOf(error) }),
          ),
        snapshot,
      ),
    ),
    Effect.fail(error),
  )

/**
 * Waits for a sent batch to land, asked on a backoff up to the interval and bounded like any poll (a status the wallet
 * cannot give yet is "not yet"), then journals each item's transaction the way a single send does (`Sent`,
 * with the hash on the item) so that each item is confirmed through the same path as a single send: its
 * check, `synced` and transfers — with no receipt to watch, as the status has reported it. An atomic batch is usually one transaction for every item; when the wallet
 * reports one receipt per call, item `i` takes receipt `i`. Every item shows every hash of the batch until it
 * is confirmed. A failed or reverted batch fails every item with a BatchFailedError.
 */
const settleBatch = (ctx: ExecutionContext, chain: Chain, sent: BatchSentEntry, items: ReadonlyArray<BatchItem>) =>
  Effect.gen(function* () {
    const callsStatus = ctx.wallet.callsStatus
    if (callsStatus === undefined)
      return yield* failEvery(ctx, items, SendOutcomeUnknownError.of({ from: yield* ctx.address, chainId: sent.chainId }))
    const probe = callsStatus({ chain, id: sent.id }).pipe(
      Effect.map((status) => (status.status === "pending" ? Option.none<CallsStatus>() : Option.some(status))),
      Effect.catch((error) =>
        Effect.as(Effect.logDebug(`tradekit: calls status of ${sent.id} unknown yet: ${error.message}`), Option.none<CallsStatus>()),
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
      return yield* failEvery(ctx, items, BatchFailedError.of({ callsId: sent.id, statusCode: status.statusCode, txHashes: hashes }))
    }
    if (hashes.length === 0) return yield* failEvery(ctx, items, new TransactionHashMissingError())
    const hashOf = (i: number): Hex => (hashes.length === items.length ? hashes[i]! : hashes.at(-1)!)
    yield* updateState(ctx, (snapshot) =>
      items.reduce(
        (current, { stepIndex, itemIndex, key }, i) =>
          updateItem(
            withJournalEntry(current, { _tag: "Sent", item: key, chainId: sent.chainId, hash: hashOf(i) }),
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
  })

/** True when the batch settings and the wallet allow a batch on `chain`; a capability the wallet cannot tell is a no. */
const canBatch = (ctx: ExecutionContext, chain: Chain) =>
  ctx.config.settings.batchTransactions === false ||
  ctx.gas !== undefined ||
  ctx.wallet.atomicBatch === undefined ||
  ctx.wallet.sendCalls === undefined ||
  ctx.wallet.callsStatus === undefined
    ? Effect.succeed(false)
    : ctx.wallet
        .atomicBatch(chain)
        .pipe(
          Effect.catch((error) => Effect.as(Effect.logDebug(`tradekit: wallet capabilities unknown, sending one by one: ${error.message}`), false)),
        )

/**
 * The paymaster service to sponsor a batch on `chain` with: the execution's on its own chain, the configured
 * chain's on another; none unless the wallet reports `paymasterService` support there (a capability it cannot
 * tell is a no).
 */
const serviceFor = (ctx: ExecutionContext, chain: Chain): PaymasterService | undefined =>
  chain.id === ctx.chain.id ? ctx.paymasterService : ctx.config.chains.find((c) => c.id === chain.id)?.paymasterService

const sponsorOf = (ctx: ExecutionContext, chain: Chain): Effect.Effect<PaymasterService | undefined> => {
  const service = serviceFor(ctx, chain)
  const supports = ctx.wallet.paymasterService
  if (service === undefined || supports === undefined) return Effect.succeed(undefined)
  return supports(chain).pipe(
    Effect.catch((error) => Effect.as(Effect.logDebug(`tradekit: paymaster support unknown, not sponsored: ${error.message}`), false)),
    Effect.map((supported) => (supported ? service : undefined)),
  )
}

/** Sends the ready items as one batch: journaled before the wallet is asked and the moment it answers. */
const sendNewBatch = (ctx: ExecutionContext, chain: Chain, ready: ReadonlyArray<ReadyTransactionItem>, sponsor: PaymasterService | undefined) =>
  Effect.gen(function* () {
    const chainId = ready[0]!.chainId
    const keys = ready.map((item) => item.key)
    const calls = yield* Effect.forEach(ready, (item) => decodeApiBody(TransactionRequest, ctx.request.path, item.item.data))
    // Read live, right before the prompt: the user may have switched accounts since the plan was validated.
    const address = yield* ctx.wallet.address
    const stranger = calls.find((call) => call.from.toLowerCase() !== address.toLowerCase())
    if (stranger !== undefined) return yield* WalletAddressMismatchError.of({ expected: address, received: stranger.from })
    // Only the first call meets the chain as it is now: the later ones may need it (an approval, then the
    // sale), so a lone simulation of theirs could refuse a batch that goes through. A revert of the first is
    // certain, and refuses the whole batch before it is journaled or prompted. Unsponsored, the account must
    // also hold at least the first call's gas and every call's value.
    const funds =
      sponsor !== undefined
        ? undefined
        : {
            maxFeePerGas: (c: Chain) => ctx.maxFeePerGas?.(c) ?? Effect.succeed(undefined),
            value: calls.reduce((sum, call) => sum + (call.value ?? 0n), 0n),
          }
    yield* simulateTransaction({ wallet: ctx.wallet, settings: ctx.config.settings, chain, request: calls[0]!, funds })
    const sponsored = sponsor !== undefined ? { sponsored: true } : {}
    const sendCalls = ctx.wallet.sendCalls!
    return yield* ctx.sendLocks.withLock(
      address,
      chainId,
    )(
      Effect.gen(function* () {
        yield* appendJournal(ctx, { _tag: "BatchRequested", items: keys, chainId, from: address, ...sponsored })
        // Once the wallet answers, its calls id is journaled before anything can stop the execution.
        return yield* Effect.uninterruptibleMask((restore) =>
          restore(
            sendCalls({
              chain,
              calls,
              context: ready.map(({ step, item }) => ({ step, item })),
              ...(sponsor !== undefined ? { capabilities: { paymasterService: sponsor } } : {}),
            }),
          ).pipe(
            Effect.tapError((error) =>
              error._tag === "UserRejectedError" ? appendJournal(ctx, { _tag: "BatchRejected", items: keys }) : Effect.void,
            ),
            Effect.flatMap((id) => {
              const entry: BatchSentEntry = { _tag: "BatchSent", items: keys, chainId, id, ...sponsored }
              return Effect.as(appendJournal(ctx, entry), entry)
            }),
          ),
        )
      }),
    )
  })

/**
 * Sends the transactions that are ready now as one atomic batch (EIP-5792), so the user confirms once —
 * typically an ERC-20 or NFT approval and the sale. Does nothing, leaving the items to be sent one by one,
 * unless: batching is on (`batchTransactions`, the default), no gas limit is imposed on the execution (one
 * limit cannot fit calls sent as one transaction), the wallet has atomic batches on the chain, and two or
 * more items are ready (see `readyTransactionItems`) — or one, when the batch is sponsored.
 *
 * Sponsored gas (ERC-7677): when the chain (or the call) names a `paymasterService` and the wallet reports
 * support for it on the chain, the batch carries the capability, the journal's batch entries and the items say
 * `sponsored`, and the account's balance is not checked against the gas.
 *
 * Once the batch has landed, each item's transaction is in the journal as if sent alone, and the executor
 * confirms it the usual way. Resume: a batch with a calls id is waited for by that id, never sent again; a
 * batch asked for with no id back has an unknown outcome and is refused (SendOutcomeUnknownError), as a
 * single send that cannot be reconciled is. It is not reconciled by nonce as a single send is: a smart
 * account's batch may go through a bundler, leaving the account's own nonce unchanged. A batch that fails, or that the user rejects, fails every item in it.
 */
export const sendReadyBatch = (ctx: ExecutionContext, stepIndex: number) =>
  Effect.gen(function* () {
    const snapshot = yield* SynchronizedRef.get(ctx.state)
    const stepKeyOf = (s: number) => stepKeyAt(snapshot.steps, s)
    const pending = (snapshot.steps[stepIndex]?.items ?? []).flatMap((item, itemIndex) =>
      item.status === "incomplete" ? [itemKey(stepKeyOf(stepIndex), itemIndex)] : [],
    )
    // A batch of an earlier run: wait for it by its id, or refuse when its outcome is unknown.
    for (const key of pending) {
      const journal = itemJournal(snapshot.journal, key)
      if (journal.sent !== undefined) continue
      if (journal.batchSent !== undefined) {
        const chain = viemChainOf(ctx, journal.batchSent.chainId)
        if (chain === undefined) return
        const items = positionsOf(snapshot, journal.batchSent.items, stepKeyOf)
        return yield* settleBatch(ctx, chain, journal.batchSent, items)
      }
      if (journal.batchRequested !== undefined) {
        const items = positionsOf(snapshot, journal.batchRequested.items, stepKeyOf)
        return yield* failEvery(
          ctx,
          items,
          SendOutcomeUnknownError.of({ from: journal.batchRequested.from, chainId: journal.batchRequested.chainId }),
        )
      }
    }

    const ready = readyTransactionItems(snapshot, stepIndex, ctx.chain.id)
    if (ready.length === 0) return
    const chain = viemChainOf(ctx, ready[0]!.chainId)
    // A sponsored batch of one call is worth sending: the user then pays no gas for it.
    if (chain === undefined || (ready.length < 2 && serviceFor(ctx, chain) === undefined) || !(yield* canBatch(ctx, chain))) return
    const sponsor = yield* sponsorOf(ctx, chain)
    if (ready.length < 2 && sponsor === undefined) return
    const items = ready.map(({ stepIndex, itemIndex, key }) => ({ stepIndex, itemIndex, key }))
    yield* updateState(ctx, (current) => ({
      ...current,
      currentStep: {
        index: stepIndex,
        id: current.steps[stepIndex]?.id ?? "",
        itemIndexes: ready.flatMap((item) => (item.stepIndex === stepIndex ? [item.itemIndex] : [])),
      },
    }))
    const sent = yield* sendNewBatch(ctx, chain, ready, sponsor).pipe(Effect.catch((error) => failEvery(ctx, items, error)))
    yield* Effect.logInfo(
      `tradekit: sent ${ready.length} transaction(s) as one ${sponsor !== undefined ? "sponsored " : ""}batch (calls id ${sent.id})`,
    )
    return yield* settleBatch(ctx, chain, sent, items)
  }).pipe(Effect.withSpan("tradekit.sendReadyBatch"))
