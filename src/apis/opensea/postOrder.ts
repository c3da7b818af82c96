import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import type { Json } from "./Json.js"
import { OpenSeaFailure } from "./OpenSeaFailure.js"
import type { PlanContext } from "./PlanContext.js"

/** The longest `retry-after` a post waits for before giving up. */
const MAX_RETRY_AFTER_SECONDS = 60

/**
 * Retries a post OpenSea turned away for now (429, 599, other 5xx): after its `retry-after` when it gives one,
 * else a second. The executor never retries a post itself (it cannot know the order was not stored), but these
 * answers say it was not.
 */
const retryTurnedAway = <A>(post: Effect.Effect<A, OpenSeaFailure>, times: number): Effect.Effect<A, OpenSeaFailure> =>
  Effect.catchIf(
    post,
    (failure) => times > 0 && (failure.status === 429 || failure.status >= 500),
    (failure) => {
      const seconds = Number(failure.retryAfter ?? 1)
      if (!Number.isFinite(seconds) || seconds > MAX_RETRY_AFTER_SECONDS) return Effect.fail(failure)
      return Effect.andThen(Effect.sleep(Duration.seconds(Math.max(seconds, 0))), retryTurnedAway(post, times - 1))
    },
  )

/** The signature the executor adds to a post as its `signature` query parameter. */
const signatureOf = (url: URL) =>
  Effect.fromNullishOr(url.searchParams.get("signature")).pipe(Effect.mapError(() => new OpenSeaFailure(400, "The post carries no signature")))

/**
 * Answers the post of a signed order (`/opensea/orders`): the signature moves from the query into the body
 * OpenSea takes — a listing or an item offer to `orders/{chain}/seaport/…`, a collection offer to `offers` —
 * and the order's hash comes back as its `orderId`.
 */
export const postOrder = (ctx: PlanContext, url: URL, body: Json, retries: number) =>
  Effect.gen(function* () {
    const signature = yield* signatureOf(url)
    const post =
      body?.kind === "collection-offer"
        ? ctx.call("POST", "/api/v2/offers", {
            protocol_data: { parameters: body.parameters, signature },
            criteria: { collection: { slug: body.slug } },
            protocol_address: body.protocol_address,
          })
        : ctx.call("POST", `/api/v2/orders/${ctx.chainName}/seaport/${body?.kind === "item-offer" ? "offers" : "listings"}`, {
            parameters: body?.parameters,
            signature,
            protocol_address: body?.protocol_address,
          })
    const answer = yield* retryTurnedAway(post, retries)
    const orderId = answer?.order_hash ?? answer?.order?.order_hash
    if (typeof orderId !== "string") return yield* Effect.fail(new OpenSeaFailure(502, "OpenSea took the order but sent no order_hash"))
    return { message: "Success", orderId }
  })

/** Answers an off-chain cancel's post (`/opensea/cancel`): the maker's signature goes to OpenSea as `offererSignature`. */
export const postCancel = (ctx: PlanContext, url: URL, body: Json, retries: number) =>
  Effect.gen(function* () {
    const signature = yield* signatureOf(url)
    yield* retryTurnedAway(
      ctx.call("POST", `/api/v2/orders/chain/${ctx.chainName}/protocol/${body?.protocol_address}/${body?.orderHash}/cancel`, {
        offererSignature: signature,
      }),
      retries,
    )
    return { message: "Success" }
  })
