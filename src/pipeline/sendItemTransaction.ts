import * as Effect from "effect/Effect"
import * as SynchronizedRef from "effect/SynchronizedRef"
import type { Address, Hex } from "viem"
import { ChainNotConfiguredError } from "../errors/index.js"
import { NO_STACK } from "../internal/spanOptions.js"
import type { ChainTxHash, TransactionStep, TransactionStepItem } from "../schema/Step.js"
import { TransactionRequest } from "../schema/TransactionRequest.js"
import { decodeApiBody } from "../services/decodeApiBody.js"
import { confirmTransaction } from "./confirmTransaction.js"
import { type ExecutionContext, planName, updateState, viemChainOf } from "./ExecutionContext.js"
import { updateItem } from "./ExecutionSnapshot.js"
import type { ItemRef } from "./history/itemIdentity.js"
import { type ItemJournal, itemJournal } from "./history/Journal.js"
import { reconcileSend } from "./history/reconcileSend.js"
import type { ItemSend } from "./transaction/ItemSend.js"
import { reportTransaction } from "./transaction/reportTransaction.js"
import { recordSentHash, type SentHere, sendToWallet } from "./transaction/sendToWallet.js"

/** What a transaction item produced: the user's transaction, and the hashes the API reports for it. */
export interface TransactionItemResult {
  readonly internalTxHashes: ReadonlyArray<ChainTxHash>
  readonly txHashes: ReadonlyArray<ChainTxHash>
}

/**
 * Carries out a transaction item: refuses a `from` that is not the wallet and a chain that is not
 * configured, simulates it at the latest block and refuses it when it would revert (a
 * TransactionWouldRevertError, before anything is journaled or prompted; its gas estimate becomes the gas
 * limit when the step gives none, and with the chain's max fee the item's `networkFee`), sends it at most
 * once (the journal records the request, with the account's nonce, before the wallet is asked, and the hash
 * the moment it returns; a request of unknown outcome is reconciled by nonce), with its receipt asked for in the
 * same call where the wallet signs locally (EIP-7966: a receipt in hand needs no watch), confirms it (following
 * replacements), and tells the order book the outcome (the Reservoir protocol's results post) in the
 * background, within a time limit.
 */
export const sendItemTransaction = (
  ctx: ExecutionContext,
  step: TransactionStep,
  item: TransactionStepItem & { readonly data: NonNullable<TransactionStepItem["data"]> },
  position: ItemRef,
) =>
  Effect.gen(function* () {
    const decoded = yield* decodeApiBody(TransactionRequest, planName(ctx), item.data)
    const request = ctx.gas === undefined ? decoded : { ...decoded, gas: ctx.gas }
    const chainId = request.chainId ?? ctx.chain.id
    const chain = viemChainOf(ctx, chainId)
    if (chain === undefined) return yield* ChainNotConfiguredError.of({ chainId, what: "a transaction" })
    const isCrossChain = request.chainId !== undefined && request.chainId !== ctx.chain.id
    const send: ItemSend = {
      step,
      item,
      position,
      request,
      chain,
      chainId,
      isCrossChain,
      withHash: (snapshot, hash) =>
        updateItem(snapshot, position.stepIndex, position.itemIndex, (current) => ({
          ...current,
          txHashes: [{ txHash: hash, chainId, ...(isCrossChain ? { isCrossChainIntent: true } : {}) }],
        })),
    }

    const journal = itemJournal((yield* SynchronizedRef.get(ctx.state)).journal, position.id)
    const { hash, sentHere } = yield* journaledOrSent(ctx, send, journal)
    // The book hears of the transaction as soon as its hash is known, whatever happens to it next.
    yield* reportTransaction(ctx, step.id, hash)
    const confirmation = yield* confirmSent(ctx, send, { hash, sentHere, journal })

    const internalTxHashes: ReadonlyArray<ChainTxHash> = [{ txHash: confirmation.hash, chainId }]
    const apiChainId = confirmation.destinationChainId ?? (isCrossChain ? ctx.chain.id : chainId)
    const txHashes: ReadonlyArray<ChainTxHash> =
      confirmation.apiTxHashes !== undefined && confirmation.apiTxHashes.length > 0
        ? confirmation.apiTxHashes.map((txHash) => ({ txHash, chainId: apiChainId }))
        : internalTxHashes
    return { internalTxHashes, txHashes } satisfies TransactionItemResult
  }).pipe(Effect.withSpan("tradekit.sendItemTransaction", undefined, NO_STACK))

/**
 * The item's transaction: the one the journal records as sent (shown on the item at once), the one a request of
 * unknown outcome is reconciled to (adopted), else a new send — at most one per item.
 */
const journaledOrSent = (ctx: ExecutionContext, send: ItemSend, journal: ItemJournal) =>
  Effect.gen(function* () {
    const alreadySent = journal.sent?.hash as Hex | undefined
    const reconciled =
      alreadySent === undefined && journal.sendRequested !== undefined
        ? yield* reconcileSend(ctx, send.chain, send.request, { ...journal, sendRequested: journal.sendRequested })
        : undefined
    if (reconciled?._tag === "Adopt") {
      yield* Effect.logInfo(`tradekit: adopted transaction ${reconciled.hash}, sent before the execution stopped`)
      yield* recordSentHash(ctx, send, reconciled.hash)
      return { hash: reconciled.hash, sentHere: undefined }
    }
    if (alreadySent !== undefined) {
      // A transaction sent before a resume shows on its item at once, as the journal knows it.
      if (send.item.txHashes === undefined) yield* updateState(ctx, (snapshot) => send.withHash(snapshot, alreadySent))
      return { hash: alreadySent, sentHere: undefined }
    }
    const sentHere = yield* sendToWallet(ctx, send)
    return { hash: sentHere.hash, sentHere }
  })

/**
 * Confirms the item's transaction, following replacements (each new hash journaled), and tells the book when it
 * fails. The nonce it went out with lets the receipt watch spot a replacement without reading the original — only
 * when it is known for certain: a nonce read before a wallet's prompt is a guess another send may have taken, and
 * a watch told it would report a successful sale "cancelled". Without it, the watch reads the sent transaction.
 */
const confirmSent = (
  ctx: ExecutionContext,
  send: ItemSend,
  sent: { readonly hash: Hex; readonly sentHere: SentHere | undefined; readonly journal: ItemJournal },
) =>
  Effect.gen(function* () {
    const { request, position } = send
    const requested = itemJournal((yield* SynchronizedRef.get(ctx.state)).journal, position.id).sendRequested
    const watched =
      sent.sentHere === undefined || requested?.nonce === undefined || requested.exactNonce !== true
        ? undefined
        : {
            from: requested.from as Address,
            nonce: requested.nonce,
            to: request.to,
            value: request.value ?? 0n,
            input: request.data ?? "0x",
          }
    let finalHash = sent.hash
    return yield* confirmTransaction(ctx, {
      hash: sent.hash,
      chain: send.chain,
      check: send.item.check,
      isCrossChain: send.isCrossChain,
      sent: watched,
      // A batch's transaction is journaled once the wallet reported it mined and successful; a send may have
      // answered with its receipt.
      receipt:
        sent.journal.batchSent !== undefined && sent.journal.sent !== undefined
          ? { status: "success" }
          : sent.sentHere?.receipt,
      onStage: (stage) =>
        updateState(ctx, (snapshot) =>
          snapshot.steps[position.stepIndex]?.items?.[position.itemIndex]?.checkStatus === stage
            ? snapshot
            : updateItem(snapshot, position.stepIndex, position.itemIndex, (current) => ({
                ...current,
                checkStatus: stage,
              })),
        ),
      onReplaced: (replacement) =>
        Effect.andThen(
          Effect.sync(() => {
            finalHash = replacement
          }),
          recordSentHash(ctx, send, replacement),
        ),
    }).pipe(Effect.tapError((error) => reportTransaction(ctx, send.step.id, finalHash, error.message)))
  })
