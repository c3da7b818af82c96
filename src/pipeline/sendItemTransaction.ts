import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as SynchronizedRef from "effect/SynchronizedRef"
import type { Address, Hex } from "viem"
import {
  ChainNotConfiguredError,
  type InsufficientFundsError,
  TransactionHashMissingError,
  type TransactionWouldRevertError,
  WalletAddressMismatchError,
  type WalletCallError,
  WalletError,
} from "../errors/index.js"
import { TxHash } from "../schema/primitives.js"
import type { ChainTxHash, NetworkFee, TransactionStep, TransactionStepItem } from "../schema/Step.js"
import { TransactionRequest } from "../schema/TransactionRequest.js"
import { decodeApiBody } from "../services/decodeApiBody.js"
import type { SyncSent, WalletService } from "../services/Wallet.js"
import { confirmTransaction } from "./confirmTransaction.js"
import { appendJournal, type ExecutionContext, updateState, viemChainOf } from "./ExecutionContext.js"
import { type ExecutionSnapshot, updateItem, withJournalEntry } from "./ExecutionSnapshot.js"
import { networkFeeOf } from "./estimateNetworkFee.js"
import type { ItemRef } from "./history/itemIdentity.js"
import { itemJournal } from "./history/Journal.js"
import { reconcileSend } from "./history/reconcileSend.js"
import { simulateTransaction, wouldRevert } from "./simulateTransaction.js"

/** What a transaction item produced: the user's transaction, and the hashes the API reports for it. */
export interface TransactionItemResult {
  readonly internalTxHashes: ReadonlyArray<ChainTxHash>
  readonly txHashes: ReadonlyArray<ChainTxHash>
}

const isTransactionHash = Schema.is(TxHash)

/** A send made here: its hash, and its receipt when the node answered the send with it. */
interface SentHere {
  readonly hash: Hex
  readonly receipt?: SyncSent["receipt"]
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
    const decoded = yield* decodeApiBody(TransactionRequest, ctx.request.path, item.data)
    const request = ctx.gas === undefined ? decoded : { ...decoded, gas: ctx.gas }
    const chainId = request.chainId ?? ctx.chain.id
    const chain = viemChainOf(ctx, chainId)
    if (chain === undefined) return yield* ChainNotConfiguredError.of({ chainId, what: "a transaction" })
    const isCrossChain = request.chainId !== undefined && request.chainId !== ctx.chain.id

    const withHash = (snapshot: ExecutionSnapshot, hash: Hex) =>
      updateItem(snapshot, position.stepIndex, position.itemIndex, (current) => ({
        ...current,
        txHashes: [{ txHash: hash, chainId, ...(isCrossChain ? { isCrossChainIntent: true } : {}) }],
      }))
    const recordHashOnItem = (hash: Hex) => updateState(ctx, (snapshot) => withHash(snapshot, hash))
    // The journal entry and the item's hash land in one snapshot.
    const recordHash = (hash: Hex) =>
      updateState(ctx, (snapshot) => withHash(withJournalEntry(snapshot, { _tag: "Sent", item: position.id, chainId, hash }), hash))

    // What goes to the wallet: the request with its gas limit (the estimate when the step gives none, so the wallet
    // need not estimate again), the item's network fee when it is known, and the nonce when the filling read it.
    interface Filled {
      readonly toSend: TransactionRequest
      readonly networkFee: NetworkFee | undefined
      readonly nonce?: number | undefined
    }
    const simulatedFill = (): Effect.Effect<Filled, TransactionWouldRevertError | InsufficientFundsError | WalletCallError> =>
      Effect.gen(function* () {
        const funds = { maxFeePerGas: (c: typeof chain) => ctx.maxFeePerGas?.(c) ?? Effect.succeed(undefined) }
        const gas = yield* simulateTransaction({ wallet: ctx.wallet, settings: ctx.config.settings, chain, request, funds })
        const maxFeePerGas = gas === undefined ? undefined : (request.maxFeePerGas ?? (yield* ctx.maxFeePerGas?.(chain) ?? Effect.succeed(undefined)))
        return {
          toSend: gas === undefined || request.gas !== undefined ? request : { ...request, gas },
          networkFee: gas === undefined || maxFeePerGas === undefined ? undefined : networkFeeOf(gas, maxFeePerGas),
        }
      })
    const preparedFill = (prepare: NonNullable<WalletService["prepareTransaction"]>): Effect.Effect<Filled, TransactionWouldRevertError> =>
      prepare({ chain, request }).pipe(
        Effect.flatMap((filled): Effect.Effect<Filled, TransactionWouldRevertError> => {
          if (filled._tag === "Reverted") return Effect.fail(wouldRevert(filled, request, chain))
          const { gas, maxFeePerGas } = filled.request
          return Effect.succeed({
            toSend: filled.request,
            nonce: filled.nonce,
            networkFee: gas === undefined || maxFeePerGas === undefined ? undefined : networkFeeOf(gas, maxFeePerGas),
          })
        }),
        // A wallet that cannot fill it sends it the usual way, as one that cannot simulate does.
        Effect.catchTags({
          WalletError: (error) => unfilled(error.message),
          UserRejectedError: (error) => unfilled(error.message),
          ChainMismatchError: (error) => unfilled(error.message),
          WalletTimeoutError: (error) => unfilled(error.message),
        }),
      )
    const unfilled = (why: string) =>
      Effect.as(Effect.logDebug(`tradekit: could not fill a transaction, sending it unfilled: ${why}`), {
        toSend: request,
        networkFee: undefined,
      } satisfies Filled)

    const send = Effect.gen(function* () {
      // Read live, right before the prompt: the user may have switched accounts since the plan was validated.
      const address = yield* ctx.wallet.address
      if (request.from.toLowerCase() !== address.toLowerCase())
        return yield* WalletAddressMismatchError.of({ expected: address, received: request.from })
      // A wallet that signs locally fills the transaction in one round trip — simulation, gas, fees and the nonce it
      // goes out with — inside the lock, as the nonce must be; any other is simulated here, before anything is
      // journaled, so a refused item leaves no trace of a send to reconcile.
      const prepare = !ctx.config.settings.simulate ? undefined : ctx.wallet.prepareTransaction
      const simulated = prepare === undefined ? yield* simulatedFill() : undefined
      return yield* ctx.sendLocks.withLock(
        address,
        chainId,
      )(
        Effect.gen(function* () {
          const { toSend, networkFee, ...filled } = simulated ?? (yield* preparedFill(prepare!))
          // A filled transaction goes out with exactly the nonce it was filled with; any other nonce is the wallet's
          // to pick, and the one read here only a guess at it.
          const exactNonce = filled.nonce !== undefined
          const nonce = filled.nonce ?? (ctx.wallet.nextNonce === undefined ? undefined : yield* ctx.wallet.nextNonce({ chain, address }))
          const requested = {
            _tag: "SendRequested",
            item: position.id,
            chainId,
            from: address,
            ...(nonce !== undefined ? { nonce } : {}),
            ...(exactNonce ? { exactNonce } : {}),
          } as const
          yield* networkFee === undefined
            ? appendJournal(ctx, requested)
            : updateState(ctx, (snapshot) =>
                updateItem(withJournalEntry(snapshot, requested), position.stepIndex, position.itemIndex, (current) => ({ ...current, networkFee })),
              )
          // A transaction that goes out with exactly its filled nonce can ask for its receipt in the same call.
          const sendSync = exactNonce && nonce !== undefined ? ctx.wallet.sendTransactionSync : undefined
          const toWallet: Effect.Effect<{ readonly hash: unknown; readonly receipt?: SyncSent["receipt"] }, WalletCallError> =
            sendSync !== undefined
              ? sendSync({ chain, request: toSend, context: { step, item }, nonce: nonce! })
              : Effect.map(ctx.wallet.sendTransaction({ chain, request: toSend, context: { step, item }, nonce }), (hash) => ({ hash }))
          // Once the wallet answers, its hash is journaled before anything can stop the execution.
          return yield* Effect.uninterruptibleMask((restore) =>
            restore(toWallet).pipe(
              // A refusal is the wallet's answer: proof that nothing went out, should the item be tried again.
              Effect.tapError((error) =>
                error._tag === "UserRejectedError" ? appendJournal(ctx, { _tag: "SendRejected", item: position.id }) : Effect.void,
              ),
              Effect.flatMap(
                ({ hash: sent, receipt }): Effect.Effect<SentHere, TransactionHashMissingError | WalletError> =>
                  sent === undefined || sent === null || sent === "0x"
                    ? Effect.fail(new TransactionHashMissingError())
                    : isTransactionHash(sent)
                      ? Effect.as(recordHash(sent as Hex), { hash: sent as Hex, receipt })
                      : Effect.fail(
                          new WalletError({
                            operation: "sendTransaction",
                            message: "Wallet sendTransaction failed: the wallet answered something that is not a transaction hash",
                          }),
                        ),
              ),
            ),
          )
        }),
      )
    })

    const journal = itemJournal((yield* SynchronizedRef.get(ctx.state)).journal, position.id)
    const alreadySent = journal.sent?.hash as Hex | undefined
    const reconciled =
      alreadySent === undefined && journal.sendRequested !== undefined
        ? yield* reconcileSend(ctx, chain, request, { ...journal, sendRequested: journal.sendRequested })
        : undefined
    if (reconciled?._tag === "Adopt") {
      yield* Effect.logInfo(`tradekit: adopted transaction ${reconciled.hash}, sent before the execution stopped`)
      yield* recordHash(reconciled.hash)
    }
    // A transaction sent before a resume shows on its item at once, as the journal knows it.
    if (alreadySent !== undefined && item.txHashes === undefined) yield* recordHashOnItem(alreadySent)
    const sentHere = alreadySent === undefined && reconciled?._tag !== "Adopt" ? yield* send : undefined
    const hash: Hex = alreadySent ?? (reconciled?._tag === "Adopt" ? reconciled.hash : sentHere!.hash)

    const reportResult = (txHash: Hex, errorMessage?: string) =>
      Effect.gen(function* () {
        const snapshot = yield* SynchronizedRef.get(ctx.state)
        const report = ctx.book.report
        if (snapshot.requestId === undefined || report === undefined) return
        // Detached: neither the end nor the interruption of the execution stops it; the time limit does.
        yield* Effect.forkDetach(
          report({ requestId: snapshot.requestId, txHash, stepId: step.id, errorMessage }).pipe(
            Effect.timeout(ctx.config.settings.resultsPostTimeout),
            Effect.catch((error) => Effect.logDebug(`tradekit: results post failed: ${error.message}`)),
          ),
          { startImmediately: true },
        )
      })

    // The API hears of the transaction as soon as its hash is known, whatever happens to it next.
    yield* reportResult(hash)
    // The nonce the transaction went out with lets the receipt watch spot a replacement without reading the original —
    // only when it is known for certain: a nonce read before a wallet's prompt is a guess another send may have taken,
    // and a watch told it would report a successful sale "cancelled". Without it, the watch reads the sent transaction.
    const requested = itemJournal((yield* SynchronizedRef.get(ctx.state)).journal, position.id).sendRequested
    const sent =
      sentHere === undefined || requested?.nonce === undefined || requested.exactNonce !== true
        ? undefined
        : { from: requested.from as Address, nonce: requested.nonce, to: request.to, value: request.value ?? 0n, input: request.data ?? "0x" }
    let finalHash = hash
    const confirmation = yield* confirmTransaction(ctx, {
      hash,
      chain,
      check: item.check,
      isCrossChain,
      sent,
      // A batch's transaction is journaled once the wallet reported it mined and successful; a send may have
      // answered with its receipt.
      receipt: journal.batchSent !== undefined && alreadySent !== undefined ? { status: "success" } : sentHere?.receipt,
      onReplaced: (replacement) =>
        Effect.andThen(
          Effect.sync(() => {
            finalHash = replacement
          }),
          recordHash(replacement),
        ),
    }).pipe(Effect.tapError((error) => reportResult(finalHash, error.message)))

    const internalTxHashes: ReadonlyArray<ChainTxHash> = [{ txHash: confirmation.hash, chainId }]
    const apiChainId = confirmation.destinationChainId ?? (isCrossChain ? ctx.chain.id : chainId)
    const txHashes: ReadonlyArray<ChainTxHash> =
      confirmation.apiTxHashes !== undefined && confirmation.apiTxHashes.length > 0
        ? confirmation.apiTxHashes.map((txHash) => ({ txHash, chainId: apiChainId }))
        : internalTxHashes
    return { internalTxHashes, txHashes } satisfies TransactionItemResult
  }).pipe(Effect.withSpan("tradekit.sendItemTransaction"))
