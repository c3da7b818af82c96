import * as Effect from "effect/Effect"
import * as FiberSet from "effect/FiberSet"
import * as Ref from "effect/Ref"
import * as SynchronizedRef from "effect/SynchronizedRef"
import type { Hex } from "viem"
import { viemChainFor } from "../chains/viemChainFor.js"
import {
  ChainNotConfiguredError,
  TransactionHashMissingError,
  WalletAddressMismatchError,
} from "../errors/index.js"
import type { ChainTxHash, TransactionStep, TransactionStepItem } from "../schema/Step.js"
import { TransactionRequest } from "../schema/TransactionRequest.js"
import { decodeApiBody } from "../services/decodeApiBody.js"
import { NO_RETRY } from "../services/RetryPolicy.js"
import { confirmTransaction } from "./confirmTransaction.js"
import { type ExecutionContext, updateState } from "./ExecutionContext.js"
import { updateItem } from "./ExecutionSnapshot.js"

/** Where a transaction item sits in the execution. */
export interface ItemPosition {
  readonly stepIndex: number
  readonly itemIndex: number
  readonly key: string
}

/** What a transaction item produced: the user's transaction, and the hashes the API reports for it. */
export interface TransactionItemResult {
  readonly internalTxHashes: ReadonlyArray<ChainTxHash>
  readonly txHashes: ReadonlyArray<ChainTxHash>
}

/**
 * Carries out a transaction item: refuses a `from` that is not the wallet and a chain that is not
 * configured, sends it once (never again for the same item), records the hash, confirms it (following
 * replacements), and tells the API the outcome on `/execute/results/v1` without waiting for its answer.
 */
export const sendItemTransaction = (
  ctx: ExecutionContext,
  step: TransactionStep,
  item: TransactionStepItem & { readonly data: NonNullable<TransactionStepItem["data"]> },
  position: ItemPosition,
) =>
  Effect.gen(function* () {
    const decoded = yield* decodeApiBody(TransactionRequest, ctx.request.path, item.data)
    const request = ctx.gas === undefined ? decoded : { ...decoded, gas: ctx.gas }
    const chainId = request.chainId ?? ctx.chain.id
    const chainConfig = ctx.config.chains.find((chain) => chain.id === chainId)
    if (chainConfig === undefined) return yield* ChainNotConfiguredError.of(chainId, "a transaction")
    const chain = chainId === ctx.chain.id ? ctx.viemChain : viemChainFor(chainConfig)
    const address = yield* ctx.wallet.address
    if (request.from.toLowerCase() !== address.toLowerCase()) {
      return yield* WalletAddressMismatchError.of(address, request.from)
    }
    const isCrossChain = request.chainId !== undefined && request.chainId !== ctx.chain.id

    const recordHash = (hash: Hex) =>
      Effect.zipRight(
        Ref.update(ctx.sent, (sent) => new Map(sent).set(position.key, { hash, chainId })),
        updateState(ctx, (snapshot) =>
          updateItem(snapshot, position.stepIndex, position.itemIndex, (current) => ({
            ...current,
            txHashes: [{ txHash: hash, chainId, ...(isCrossChain ? { isCrossChainIntent: true } : {}) }],
          })),
        ),
      )

    const alreadySent = (yield* Ref.get(ctx.sent)).get(position.key)
    let hash: Hex
    if (alreadySent !== undefined) {
      hash = alreadySent.hash
    } else {
      const sent = yield* ctx.sendLock.withPermits(1)(ctx.wallet.sendTransaction({ chain, request, context: { step, item } }))
      if (sent === undefined || sent === ("0x" as Hex)) return yield* new TransactionHashMissingError()
      hash = sent
      yield* recordHash(hash)
    }

    const reportResult = (txHash: Hex, errorMessage?: string) =>
      Effect.gen(function* () {
        const snapshot = yield* SynchronizedRef.get(ctx.state)
        if (snapshot.requestId === undefined) return
        yield* FiberSet.run(
          ctx.background,
          ctx.api
            .request({
              baseApiUrl: ctx.chain.baseApiUrl,
              path: "/execute/results/v1",
              method: "POST",
              retry: NO_RETRY,
              body: { requestId: snapshot.requestId, txHash, stepId: step.id, ...(errorMessage ? { errorMessage } : {}) },
            })
            .pipe(Effect.catchAll((error) => Effect.logDebug(`tradekit: results post failed: ${error.message}`))),
        )
      })

    let finalHash = hash
    const confirmation = yield* confirmTransaction(ctx, {
      hash,
      chain,
      check: item.check,
      isCrossChain,
      onReplaced: (replacement) =>
        Effect.zipRight(
          Effect.sync(() => {
            finalHash = replacement
          }),
          recordHash(replacement),
        ),
    }).pipe(Effect.tapError((error) => reportResult(finalHash, error.message)))
    yield* reportResult(confirmation.hash)

    const internalTxHashes: ReadonlyArray<ChainTxHash> = [{ txHash: confirmation.hash, chainId }]
    const apiChainId = confirmation.destinationChainId ?? (isCrossChain ? ctx.chain.id : chainId)
    const txHashes: ReadonlyArray<ChainTxHash> =
      confirmation.apiTxHashes !== undefined && confirmation.apiTxHashes.length > 0
        ? confirmation.apiTxHashes.map((txHash) => ({ txHash, chainId: apiChainId }))
        : internalTxHashes
    return { internalTxHashes, txHashes } satisfies TransactionItemResult
  }).pipe(Effect.withSpan("tradekit.sendItemTransaction"))
