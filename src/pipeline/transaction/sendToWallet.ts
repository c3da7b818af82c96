import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { Hex } from "viem"
import { Simulator } from "../../capabilities/Simulator.js"
import {
  type InsufficientFundsError,
  TransactionHashMissingError,
  type TransactionWouldRevertError,
  WalletAddressMismatchError,
  type WalletCallError,
  WalletError,
} from "../../errors/index.js"
import { TxHash } from "../../schema/primitives.js"
import type { SyncSent } from "../../services/Wallet.js"
import { appendJournal, type ExecutionContext, updateState } from "../ExecutionContext.js"
import { updateItem, withJournalEntry } from "../ExecutionSnapshot.js"
import type { Filled } from "./fillTransaction.js"
import type { ItemSend } from "./ItemSend.js"

const isTransactionHash = Schema.is(TxHash)

/** A send made here: its hash, and its receipt when the node answered the send with it. */
export interface SentHere {
  readonly hash: Hex
  readonly receipt?: SyncSent["receipt"]
}

/** How asking the wallet to send can fail. */
export type SendToWalletError =
  | WalletAddressMismatchError
  | TransactionWouldRevertError
  | InsufficientFundsError
  | WalletCallError
  | TransactionHashMissingError
  | WalletError

/** Records `hash` as the item's transaction, in the journal and on the item, in one snapshot. */
export const recordSentHash = (ctx: ExecutionContext, send: ItemSend, hash: Hex) =>
  updateState(ctx, (snapshot) =>
    send.withHash(
      withJournalEntry(snapshot, { _tag: "Sent", item: send.position.id, chainId: send.chainId, hash }),
      hash,
    ),
  )

/** The wallet's answer as a hash, once checked: none, or something that is not a transaction hash, is refused. */
const hashOf = (sent: unknown): Effect.Effect<Hex, TransactionHashMissingError | WalletError> =>
  sent === undefined || sent === null || sent === "0x"
    ? Effect.fail(new TransactionHashMissingError())
    : isTransactionHash(sent)
      ? Effect.succeed(sent as Hex)
      : Effect.fail(
          new WalletError({
            operation: "sendTransaction",
            message: "Wallet sendTransaction failed: the wallet answered something that is not a transaction hash",
          }),
        )

/**
 * Asks the wallet to send the item once: from the wallet's current account only (read live, right before the
 * prompt), filled (simulated here, or filled by a wallet that signs locally, inside the account's send lock, as
 * the nonce must be), with the request journaled before the wallet is asked and the hash the moment it answers.
 * A refusal is journaled as proof that nothing went out. A filled transaction asks for its receipt in the same
 * call (EIP-7966).
 * @internal
 */
export const sendToWallet = (ctx: ExecutionContext, send: ItemSend): Effect.Effect<SentHere, SendToWalletError> =>
  Effect.gen(function* () {
    const { chain, chainId, request, position, step, item } = send
    const address = yield* ctx.wallet.address
    if (request.from.toLowerCase() !== address.toLowerCase())
      return yield* WalletAddressMismatchError.of({ expected: address, received: request.from })
    // A wallet whose reads follow its chain is moved to the transaction's first: simulated, funded and filled there.
    if (ctx.wallet.moveToChain !== undefined) yield* ctx.wallet.moveToChain(chain)
    // Any wallet that does not fill transactions is simulated here, before anything is journaled, so a refused
    // item leaves no trace of a send to reconcile.
    // A client without the simulation sends the request as the step gives it.
    const simulator = ctx.config.settings.simulate ? yield* Simulator : undefined
    const prepare = simulator?.preparedFill
    const prepareTransaction = ctx.wallet.prepareTransaction
    const simulated: Filled | undefined =
      simulator === undefined
        ? { toSend: request, networkFee: undefined }
        : prepareTransaction === undefined
          ? yield* simulator.simulatedFill(ctx, send)
          : undefined
    return yield* ctx.sendLocks.withLock(
      address,
      chainId,
    )(
      Effect.gen(function* () {
        const { toSend, networkFee, ...filled }: Filled = simulated ?? (yield* prepare!(prepareTransaction!, send))
        // A filled transaction goes out with exactly the nonce it was filled with; any other nonce is the wallet's
        // to pick, and the one read here only a guess at it.
        const exactNonce = filled.nonce !== undefined
        const nonce =
          filled.nonce ??
          (ctx.wallet.nextNonce === undefined ? undefined : yield* ctx.wallet.nextNonce({ chain, address }))
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
              updateItem(withJournalEntry(snapshot, requested), position.stepIndex, position.itemIndex, (current) => ({
                ...current,
                networkFee,
              })),
            )
        const sendSync = exactNonce && nonce !== undefined ? ctx.wallet.sendTransactionSync : undefined
        const toWallet: Effect.Effect<
          { readonly hash: unknown; readonly receipt?: SyncSent["receipt"] },
          WalletCallError
        > =
          sendSync !== undefined
            ? sendSync({ chain, request: toSend, context: { step, item }, nonce: nonce! })
            : Effect.map(
                ctx.wallet.sendTransaction({ chain, request: toSend, context: { step, item }, nonce }),
                (hash) => ({ hash }),
              )
        // Once the wallet answers, its hash is journaled before anything can stop the execution.
        return yield* Effect.uninterruptibleMask((restore) =>
          restore(toWallet).pipe(
            Effect.tapError((error) =>
              error._tag === "UserRejectedError"
                ? appendJournal(ctx, { _tag: "SendRejected", item: position.id })
                : Effect.void,
            ),
            Effect.flatMap(({ hash: sent, receipt }) =>
              Effect.flatMap(hashOf(sent), (hash) => Effect.as(recordSentHash(ctx, send, hash), { hash, receipt })),
            ),
          ),
        )
      }),
    )
  })
