import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as SynchronizedRef from "effect/SynchronizedRef"
import type { Hex } from "viem"
import {
  type ApiRequestError,
  ChainNotConfiguredError,
  HttpRequestError,
  type OrderCheckError,
  type OrderPostRefusedError,
  OrderPostUnknownError,
  PollTimeoutError,
  SignatureCheckError,
  type WalletCallError,
} from "../errors/index.js"
import { NO_STACK } from "../internal/spanOptions.js"
import { pollAnswer } from "../polling/pollAnswer.js"
import type { PostResponse } from "../schema/StatusResponses.js"
import type { OrderData, SignatureStep, SignatureStepItem } from "../schema/Step.js"
import { typedDataOf } from "../services/internal/typedData.js"
import { isTransientFailure } from "../services/RetryPolicy.js"
import { appendJournal, type ExecutionContext, updateState, viemChainOf } from "./ExecutionContext.js"
import { withJournalEntry } from "./ExecutionSnapshot.js"
import { itemJournal } from "./history/Journal.js"

const rawBytesMessage = /^0x[0-9a-fA-F]{64}$/

const orderDataOf = (response: PostResponse): ReadonlyArray<OrderData> | undefined =>
  response.results ??
  (response.orderId !== undefined
    ? [
        {
          orderId: response.orderId,
          crossPostingOrderId: response.crossPostingOrderId,
          orderIndex: response.orderIndex ?? 0,
        },
      ]
    : undefined)

/** What a signature item produced. */
export interface SignatureItemResult {
  readonly orderData?: ReadonlyArray<OrderData>
  readonly txHashes?: ReadonlyArray<Hex>
}

/**
 * A post failure after which the API may hold the order: any transient failure, and also an answer that could
 * not be read or a request aborted in flight.
 */
const mayHoldOrder = (error: ApiRequestError | OrderCheckError | OrderPostRefusedError): error is ApiRequestError =>
  error._tag !== "OrderCheckError" &&
  error._tag !== "OrderPostRefusedError" &&
  (isTransientFailure(error) ||
    error._tag === "MalformedResponseError" ||
    (error._tag === "HttpRequestError" && error.reason === "aborted"))

/**
 * Carries out a signature item: signs (eip191 — an exact 32-byte hex message as raw bytes, else as text —
 * or eip712; the plan's validation refused a typed-data domain on a chain that is not configured), posts the result
 * with the
 * `signature` query, and polls the item's check until it reports success. The journal makes each side effect
 * happen at most once: a signature is recorded the moment the wallet returns it and is never asked for again;
 * an order is posted at most once per signature (never retried: a post with no answer is an
 * OrderPostUnknownError, as the API may hold the order).
 */
export const signItem = (ctx: ExecutionContext, step: SignatureStep, item: SignatureStepItem, key: string) =>
  Effect.gen(function* () {
    const data = item.data ?? {}
    const context = { step, item }
    const journal = itemJournal((yield* SynchronizedRef.get(ctx.state)).journal, key)
    // A posted item (journaled, or with orderData from a snapshot of an older version) is not signed again.
    const posted = journal.posted !== undefined || item.orderData !== undefined
    let ownSignature = journal.signature as Hex | undefined
    if (data.sign !== undefined && !posted && ownSignature === undefined) {
      const sign = data.sign
      // The journal entry and the execution's latest signature land in one snapshot.
      const record = (signature: Hex) =>
        updateState(ctx, (snapshot) => ({
          ...withJournalEntry(snapshot, {
            _tag: "Signed",
            item: key,
            signature,
            ...(data.post !== undefined ? { post: data.post } : {}),
          }),
          signature,
        }))
      let request: Effect.Effect<Hex, WalletCallError>
      if (sign.signatureKind === "eip191") {
        const message = rawBytesMessage.test(sign.message) ? { raw: sign.message as Hex } : sign.message
        request = ctx.wallet.signMessage({ message, chainId: ctx.chain.id, context })
      } else {
        // The chain the domain names (validatePlan refused one that is not configured), else the step's.
        const domainChainId = sign.domain.chainId == null ? ctx.chain.id : Number(sign.domain.chainId)
        const chain = viemChainOf(ctx, domainChainId)
        if (chain === undefined)
          return yield* ChainNotConfiguredError.of({ chainId: domainChainId, what: "typed data" })
        request = ctx.wallet.signTypedData({ typedData: typedDataOf(sign), chain, context })
      }
      ownSignature = yield* Effect.uninterruptibleMask((restore) => restore(request).pipe(Effect.tap(record)))
    }

    const postedOrderData = journal.posted?.orderData ?? item.orderData
    let result: SignatureItemResult = posted && postedOrderData !== undefined ? { orderData: postedOrderData } : {}
    // What was signed is posted: the journal's post when the signature came before this plan (a resume).
    const post = journal.signature !== undefined && journal.signedPost !== undefined ? journal.signedPost : data.post
    if (post !== undefined && !posted) {
      if (post !== data.post) yield* ctx.book.checkItem(step, { ...item, data: { ...data, post } })
      if (journal.postRequested)
        return yield* OrderPostUnknownError.of({ endpoint: post.endpoint, reason: "an earlier post got no answer" })
      // An item posts its own signature: items of a step sign concurrently, and the latest one is another's.
      const signature = ownSignature ?? (yield* SynchronizedRef.get(ctx.state)).signature
      const response = yield* ctx.book.post(post, signature).pipe(
        // Inside the uninterruptible region the post runs to its answer or this limit, whichever comes first.
        Effect.timeoutOrElse({
          duration: ctx.config.settings.postTimeout,
          orElse: () =>
            Effect.fail(
              new HttpRequestError({
                reason: "timeout",
                endpoint: post.endpoint,
                message: `timeout of ${ctx.config.settings.postTimeout}ms exceeded`,
              }),
            ),
        }),
        Effect.tapError((error) =>
          mayHoldOrder(error) ? appendJournal(ctx, { _tag: "PostRequested", item: key }) : Effect.void,
        ),
        Effect.mapError((error) =>
          mayHoldOrder(error) ? OrderPostUnknownError.of({ endpoint: post.endpoint, reason: error.message }) : error,
        ),
        Effect.tap((answer) => {
          const orderData = orderDataOf(answer)
          return appendJournal(ctx, { _tag: "Posted", item: key, ...(orderData !== undefined ? { orderData } : {}) })
        }),
        Effect.uninterruptible,
      )
      const orderData = orderDataOf(response)
      if (orderData !== undefined) result = { orderData }
    }
    const signatureStatus = ctx.book.signatureStatus
    if (item.check !== undefined && signatureStatus !== undefined) {
      const check = item.check
      const answer = yield* pollAnswer(
        signatureStatus(check),
        (answer) =>
          answer.status === "failure"
            ? Effect.fail(new SignatureCheckError({ message: answer.details || "Transaction failed" }))
            : Effect.succeed(answer.status === "success" ? Option.some(answer) : Option.none()),
        {
          interval: ctx.pollingInterval,
          attempts: ctx.maxAttempts,
          onExhausted: (attempts) => PollTimeoutError.of({ kind: "ok", attempts }),
        },
      )
      if (answer.txHashes !== undefined) result = { ...result, txHashes: answer.txHashes }
    }
    return result
  }).pipe(Effect.withSpan("tradekit.signItem", undefined, NO_STACK))
