import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as SynchronizedRef from "effect/SynchronizedRef"
import type { Hex } from "viem"
import { ChainNotConfiguredError, PollTimeoutError, SignatureCheckError } from "../errors/index.js"
import { CheckResponse, PostResponse } from "../schema/StatusResponses.js"
import type { OrderData, SignatureStep, SignatureStepItem } from "../schema/Step.js"
import { typedDataOf } from "../services/internal/typedData.js"
import { type ExecutionContext, updateState } from "./ExecutionContext.js"
import { notYetOnTransientFailure } from "./notYetOnTransientFailure.js"
import { pollUntil } from "./pollUntil.js"

const rawBytesMessage = /^0x[0-9a-fA-F]{64}$/

const orderDataOf = (response: PostResponse): ReadonlyArray<OrderData> | undefined =>
  response.results ??
  (response.orderId !== undefined
    ? [{ orderId: response.orderId, crossPostingOrderId: response.crossPostingOrderId, orderIndex: response.orderIndex ?? 0 }]
    : undefined)

/** What a signature item produced. */
export interface SignatureItemResult {
  readonly orderData?: ReadonlyArray<OrderData>
  readonly txHashes?: ReadonlyArray<Hex>
}

/**
 * Carries out a signature item: signs (eip191 — an exact 32-byte hex message as raw bytes, else as text —
 * or eip712, refusing a typed-data domain on a chain that is not configured), posts the result with the
 * `signature` query, and polls the item's check until it reports success.
 */
export const signItem = (ctx: ExecutionContext, step: SignatureStep, item: SignatureStepItem) =>
  Effect.gen(function* () {
    const data = item.data ?? {}
    const context = { step, item }
    // An item with orderData was posted already (an execution resumed after a reload): not signed again.
    const posted = item.orderData !== undefined
    let ownSignature: Hex | undefined
    if (data.sign !== undefined && !posted) {
      const sign = data.sign
      let signature: Hex
      if (sign.signatureKind === "eip191") {
        const message = rawBytesMessage.test(sign.message) ? { raw: sign.message as Hex } : sign.message
        signature = yield* ctx.wallet.signMessage({ message, chainId: ctx.chain.id, context })
      } else {
        const domainChainId = sign.domain.chainId === undefined ? undefined : Number(sign.domain.chainId)
        if (domainChainId !== undefined && !ctx.config.chains.some((chain) => chain.id === domainChainId)) {
          return yield* ChainNotConfiguredError.of(domainChainId, "typed data")
        }
        signature = yield* ctx.wallet.signTypedData({ typedData: typedDataOf(sign), chainId: ctx.chain.id, context })
      }
      ownSignature = signature
      yield* updateState(ctx, (snapshot) => ({ ...snapshot, signature }))
    }

    let result: SignatureItemResult = posted ? { orderData: item.orderData } : {}
    if (data.post !== undefined && !posted) {
      // An item posts its own signature: items of a step sign concurrently, and the latest one is another's.
      const signature = ownSignature ?? (yield* SynchronizedRef.get(ctx.state)).signature
      const response = yield* ctx.api.requestDecoded(
        {
          baseApiUrl: ctx.chain.baseApiUrl,
          path: data.post.endpoint,
          method: data.post.method ?? "POST",
          body: data.post.body,
          query: signature === undefined ? {} : { signature },
        },
        PostResponse,
      )
      const orderData = orderDataOf(response)
      if (orderData !== undefined) result = { orderData }
    }

    if (item.check !== undefined) {
      const check = item.check
      const probe = ctx.api
        .requestDecoded(
          { baseApiUrl: ctx.chain.baseApiUrl, path: check.endpoint, method: check.method ?? "POST", body: check.body },
          CheckResponse,
        )
        .pipe(
          Effect.flatMap((answer) =>
            answer.status === "failure"
              ? Effect.fail(new SignatureCheckError({ message: answer.details || "Transaction failed" }))
              : Effect.succeed(answer.status === "success" ? Option.some(answer) : Option.none()),
          ),
        )
      const answer = yield* pollUntil(notYetOnTransientFailure(probe), {
        interval: ctx.pollingInterval,
        attempts: ctx.maxAttempts,
        onExhausted: (attempts) => PollTimeoutError.after("ok", attempts),
      })
      if (answer.txHashes !== undefined) result = { ...result, txHashes: answer.txHashes }
    }
    return result
  }).pipe(Effect.withSpan("tradekit.signItem"))
