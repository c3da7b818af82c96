import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { OrderPostRefusedError } from "../../errors/index.js"
import type { PostResponse } from "../../schema/StatusResponses.js"
import type { Post } from "../../schema/Step.js"
import { NO_RETRY } from "../../services/RetryPolicy.js"
import type { Json } from "./Json.js"
import { OpenSeaFailure, requestErrorOf } from "./OpenSeaFailure.js"
import type { OpenSeaCall } from "./openSeaRequest.js"

/** The longest wait a post takes before giving up on a throttled post. */
const MAX_RETRY_AFTER_SECONDS = 60
/** How often a throttled post is tried again. */
const THROTTLED_RETRIES = 2

/** OpenSea's routes that take a signed order or a signed cancel: what a post of an OpenSea plan may name. */
const POST_ROUTES = [
  /^\/api\/v2\/orders\/[a-z0-9_]+\/seaport\/(listings|offers)$/,
  /^\/api\/v2\/offers$/,
  /^\/api\/v2\/orders\/chain\/[a-z0-9_]+\/protocol\/0x[0-9a-fA-F]{40}\/0x[0-9a-fA-F]{64}\/cancel$/,
]

/** Whether `endpoint` is one of OpenSea's post routes. */
export const isOpenSeaPost = (endpoint: string): boolean => POST_ROUTES.some((route) => route.test(endpoint))

/** The body OpenSea takes: the signature where its route reads it (a cancel's `offererSignature`, a criteria offer's `protocol_data`). */
const signedBody = (post: Post, signature: string): unknown => {
  const body = (post.body ?? {}) as Record<string, Json>
  if (post.endpoint.endsWith("/cancel")) return { offererSignature: signature }
  if (post.endpoint === "/api/v2/offers") return { ...body, protocol_data: { ...body.protocol_data, signature } }
  return { ...body, signature }
}

/**
 * Retries a post OpenSea throttled (429: it stored nothing), after its `retry-after` when it gives one, else a
 * second; still throttled, the post is refused (an OrderPostRefusedError, safe to post again later).
 */
const retryThrottled = (post: Effect.Effect<Json, OpenSeaFailure>, times: number): Effect.Effect<Json, OpenSeaFailure> =>
  Effect.catchIf(
    post,
    (failure) => times > 0 && failure.status === 429,
    (failure) => {
      const seconds = Number(failure.retryAfter ?? 1)
      if (!Number.isFinite(seconds) || seconds > MAX_RETRY_AFTER_SECONDS) return Effect.fail(failure)
      return Effect.andThen(Effect.sleep(Duration.seconds(Math.max(seconds, 0))), retryThrottled(post, times - 1))
    },
  )

/**
 * Posts a signed order or cancel to OpenSea, the signature where its route takes it, and answers with the
 * order's hash as its `orderId`. Only a throttled post is tried again: any other failure may have stored it.
 */
export const postSigned = (call: OpenSeaCall, post: Post, signature: string | undefined) =>
  Effect.gen(function* () {
    if (signature === undefined) return yield* Effect.fail(requestErrorOf(new OpenSeaFailure(400, "The post carries no signature"), post.endpoint))
    const answer = yield* retryThrottled(call("POST", post.endpoint, signedBody(post, signature), { retry: NO_RETRY }), THROTTLED_RETRIES).pipe(
      Effect.mapError((failure) =>
        failure.status === 429
          ? new OrderPostRefusedError({
              book: "opensea",
              statusCode: 429,
              message: `OpenSea throttled the post and stored nothing: ${failure.message}`,
              ...(failure.retryAfter !== undefined && Number.isFinite(Number(failure.retryAfter))
                ? { retryAfterMs: Number(failure.retryAfter) * 1000 }
                : {}),
            })
          : requestErrorOf(failure, post.endpoint),
      ),
    )
    if (post.endpoint.endsWith("/cancel")) return {} satisfies PostResponse
    const orderId = answer?.order_hash ?? answer?.order?.order_hash
    if (typeof orderId !== "string") {
      return yield* Effect.fail(requestErrorOf(new OpenSeaFailure(502, "OpenSea took the order but sent no order_hash"), post.endpoint))
    }
    return { orderId } satisfies PostResponse
  })
