import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import type { Hex } from "viem"
import { OrderPostRefusedError } from "../../../errors/index.js"
import type { PostResponse } from "../../../schema/StatusResponses.js"
import type { Post } from "../../../schema/Step.js"
import { NO_RETRY } from "../../../services/RetryPolicy.js"
import { bulkOrderHeight, bulkOrderLeaves, bulkOrderProof, bulkOrderSignature } from "../seaport/bulkOrderTree.js"
import { CancelAnswer, OrderByHashAnswer, PostAnswer } from "../wire/answers.js"
import { decodeAnswer } from "../wire/decode.js"
import type { OpenSeaClient } from "../wire/OpenSeaClient.js"
import { statusOfPostError, statusOfReason } from "../wire/statusReasons.js"
import { componentsOf } from "../wire/wireOrder.js"
import { requestErrorOf } from "./edgeError.js"
import { isFor, OpenSeaError } from "./OpenSeaError.js"

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

/**
 * The body OpenSea takes: the signature where its route reads it (a cancel's `offererSignature`, a criteria offer's
 * `protocol_data`).
 */
const signedBody = (post: Post, signature: string): unknown => {
  const body = fieldsOf(post.body)
  if (post.endpoint.endsWith("/cancel")) return { offererSignature: signature }
  if (post.endpoint === "/api/v2/offers")
    return { ...body, protocol_data: { ...fieldsOf(body.protocol_data), signature } }
  return { ...body, signature }
}

/** The fields of a body the book built (an object), or none. */
const fieldsOf = (value: unknown): Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Readonly<Record<string, unknown>>)
    : {}

/** The whole seconds OpenSea asked a throttled post to wait, when it said. */
const throttledSeconds = (failure: OpenSeaError): number | undefined =>
  failure.reason._tag === "Throttled" && failure.reason.retryAfterMs !== undefined
    ? Math.ceil(failure.reason.retryAfterMs / 1000)
    : undefined

/**
 * Retries a post OpenSea throttled (it stored nothing), after its `retry-after` when it gives one, else a
 * second; still throttled, the post is refused (an OrderPostRefusedError, safe to post again later).
 */
const retryThrottled = (
  post: Effect.Effect<unknown, OpenSeaError>,
  times: number,
): Effect.Effect<unknown, OpenSeaError> =>
  Effect.catchIf(
    post,
    (failure) => times > 0 && isFor("Throttled")(failure),
    (failure) => {
      const seconds = throttledSeconds(failure) ?? 1
      if (seconds > MAX_RETRY_AFTER_SECONDS) return Effect.fail(failure)
      return Effect.andThen(Effect.sleep(Duration.seconds(Math.max(seconds, 0))), retryThrottled(post, times - 1))
    },
  )

/** The typed error of a post OpenSea refused or that failed on the way. */
const postErrorOf = (post: Post) => (failure: OpenSeaError) => {
  if (!isFor("Throttled")(failure)) return requestErrorOf(failure, post.endpoint)
  const seconds = throttledSeconds(failure)
  return new OrderPostRefusedError({
    book: "opensea",
    statusCode: statusOfReason(failure.reason),
    message: `OpenSea throttled the post and stored nothing: ${failure.message}`,
    ...(seconds !== undefined ? { retryAfterMs: seconds * 1000 } : {}),
  })
}

/**
 * What an off-chain cancel leaves: the order's hash, with the time after which the cancel is assured when OpenSea
 * says it (an unreadable answer still means the cancel was taken: the time is left out, never guessed).
 */
const cancelled = (post: Post, answer: unknown): PostResponse => {
  const orderId = post.endpoint.split("/").at(-2) ?? ""
  const read = Schema.decodeUnknownOption(CancelAnswer)(answer)
  const until = Option.isSome(read) ? read.value.last_signature_issued_valid_until : undefined
  return { results: [{ orderId, ...(typeof until === "string" ? { fillableUntil: until } : {}) }] }
}

/** Posts one signed order or cancel: the order's hash as its `orderId`, and a cancel's assured-after time. */
const postOne = (client: OpenSeaClient, post: Post, signature: string) =>
  Effect.gen(function* () {
    const answer = yield* retryThrottled(
      client.request("POST", post.endpoint, signedBody(post, signature), { retry: NO_RETRY }),
      THROTTLED_RETRIES,
    ).pipe(Effect.mapError(postErrorOf(post)))
    if (post.endpoint.endsWith("/cancel")) return cancelled(post, answer)
    const taken = yield* decodeAnswer(
      PostAnswer,
      post.endpoint,
    )(answer).pipe(
      Effect.mapError(() =>
        requestErrorOf(OpenSeaError.unreadable("OpenSea took the order but sent no order_hash"), post.endpoint),
      ),
    )
    return { orderId: "order_hash" in taken ? taken.order_hash : taken.order.order_hash } satisfies PostResponse
  })

/** An order of a bulk post OpenSea did not take: why, with the status and wait its refusal came with. */
interface RefusedOrder {
  readonly orderId: Hex
  readonly live: false
  readonly reason: string
  readonly status: number
  readonly retryAfterMs?: number | undefined
}

/** What became of one order of a bulk post. */
type BulkOutcome = { readonly orderId: Hex; readonly live: true } | RefusedOrder

/**
 * Whether OpenSea holds the order `hash` (`GET` by hash): after a refused post, an order it holds is live — posted
 * before (a resume), or stored although the answer was lost. Undefined when OpenSea could not say.
 */
const holds = (client: OpenSeaClient, post: Post, protocol: unknown, hash: Hex): Effect.Effect<boolean | undefined> => {
  const chain = post.endpoint.split("/")[4]
  return client.request("GET", `/api/v2/orders/chain/${chain}/protocol/${String(protocol)}/${hash}`).pipe(
    Effect.flatMap(decodeAnswer(OrderByHashAnswer, post.endpoint)),
    Effect.as(true),
    Effect.catch((failure) => Effect.succeed(isFor("NotFound")(failure) ? false : undefined)),
  )
}

/**
 * Posts every order of a bulk signature, one after another, each with the signature, its index and its proof in
 * the tree of the post's orders. All live: their order hashes as `results`. Else an OrderPostRefusedError whose
 * `orders` names each order, live or not and OpenSea's reason; the journal keeps the post unposted, so a resume
 * posts it again, and an order OpenSea already holds counts as live (found by hash when OpenSea refuses it again).
 */
const postBulk = (client: OpenSeaClient, post: Post, signature: string, bodies: ReadonlyArray<unknown>) =>
  Effect.gen(function* () {
    const notComponents = requestErrorOf(
      OpenSeaError.invalid("The bulk post carries an order that is not Seaport's OrderComponents"),
      post.endpoint,
    )
    const orders = yield* Effect.try({
      try: () => Result.all(bodies.map((body) => componentsOf(fieldsOf(body).parameters))),
      catch: () => notComponents,
    }).pipe(Effect.flatMap((read) => Effect.fromResult(Result.mapError(read, () => notComponents))))
    const leaves = bulkOrderLeaves(orders, bulkOrderHeight(orders.length))
    const outcomes = yield* Effect.forEach(bodies, (body, index) => {
      const orderId = leaves[index]!
      const own = { ...post, body }
      return postOne(client, own, bulkOrderSignature(signature as Hex, index, bulkOrderProof(leaves, index))).pipe(
        // OpenSea names the order by its hash: the leaf's, unless it says otherwise.
        Effect.map((answer): BulkOutcome => ({ orderId: (answer.orderId as Hex | undefined) ?? orderId, live: true })),
        Effect.catch((error) =>
          Effect.map(
            holds(client, post, fieldsOf(body).protocol_address, orderId),
            (held): BulkOutcome =>
              held === true
                ? { orderId, live: true }
                : {
                    orderId,
                    live: false,
                    reason:
                      held === undefined
                        ? `${error.message} (OpenSea could not say whether it holds it)`
                        : error.message,
                    status: statusOfPostError(error),
                    retryAfterMs:
                      error._tag === "APIError" || error._tag === "OrderPostRefusedError"
                        ? error.retryAfterMs
                        : undefined,
                  },
          ),
        ),
      )
    })
    const refused = outcomes.filter((outcome): outcome is RefusedOrder => !outcome.live)
    if (refused.length === 0)
      return {
        results: outcomes.map((outcome, orderIndex) => ({ orderId: outcome.orderId, orderIndex })),
      } satisfies PostResponse
    const retryAfterMs = refused.find((outcome) => outcome.retryAfterMs !== undefined)?.retryAfterMs
    return yield* Effect.fail(
      new OrderPostRefusedError({
        book: "opensea",
        statusCode: refused[0]!.status,
        message:
          `OpenSea took ${outcomes.length - refused.length} of the ${outcomes.length} orders of the bulk signature; ` +
          `refused: ${refused.map((outcome) => `${outcome.orderId} (${outcome.reason})`).join("; ")}`,
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
        orders: outcomes.map((outcome) => ({
          orderId: outcome.orderId,
          live: outcome.live,
          ...(outcome.live ? {} : { reason: outcome.reason }),
        })),
      }),
    )
  })

/**
 * Posts a signed order or cancel to OpenSea, the signature where its route takes it, and answers with the
 * order's hash as its `orderId`; a bulk signature's post (`bulkOrders`) posts each of its orders. Only a throttled
 * post is tried again: any other failure may have stored it.
 */
export const postSigned = (client: OpenSeaClient, post: Post, signature: string | undefined) =>
  Effect.gen(function* () {
    if (signature === undefined)
      return yield* Effect.fail(requestErrorOf(OpenSeaError.invalid("The post carries no signature"), post.endpoint))
    const bulk = fieldsOf(post.body).bulkOrders
    return Array.isArray(bulk)
      ? yield* postBulk(client, post, signature, bulk)
      : yield* postOne(client, post, signature)
  })
