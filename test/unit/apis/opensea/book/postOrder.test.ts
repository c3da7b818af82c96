/** Posting a signed order to OpenSea: a throttled post waits and tries again; other refusals reach the caller. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/testing/TestClock"
import { OpenSeaError } from "../../../../../src/apis/opensea/book/OpenSeaError.js"
import { postSigned } from "../../../../../src/apis/opensea/book/postOrder.js"
import type { OpenSeaClient } from "../../../../../src/apis/opensea/wire/OpenSeaClient.js"
import { requestFailure } from "../../../../../src/apis/opensea/wire/OpenSeaClient.js"
import { APIError } from "../../../../../src/errors/index.js"

const post = { endpoint: "/api/v2/orders/ethereum/seaport/listings", body: { parameters: {} } }
const HASH = `0x${"ab".repeat(32)}`

/** A client whose posts answer `answers` in turn (an OpenSeaError fails the post), counting them. */
const clientAnswering = (answers: ReadonlyArray<unknown>) => {
  let calls = 0
  const client: OpenSeaClient = {
    request: () =>
      Effect.suspend(() => {
        const answer = answers[Math.min(calls++, answers.length - 1)]
        return answer instanceof OpenSeaError ? Effect.fail(answer) : Effect.succeed(answer)
      }),
    ask: () => Effect.die("not asked"),
  }
  return { client, calls: () => calls }
}

/** OpenSea's throttle, asking to wait `retryAfterMs`. */
const throttled = (retryAfterMs?: number) =>
  requestFailure(
    new APIError({
      message: "Request was throttled.",
      statusCode: 429,
      book: "opensea",
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    }),
  )

describe("postSigned", () => {
  const cancel = {
    endpoint: `/api/v2/orders/chain/ethereum/protocol/0x0000000000000068f116a894984e2db1123eb395/${HASH}/cancel`,
    body: {},
  }

  it.effect("an off-chain cancel keeps the time after which OpenSea assures it, with the order's hash", () =>
    Effect.gen(function* () {
      const until = "2026-11-29T00:10:00.000Z"
      const { client } = clientAnswering([{ last_signature_issued_valid_until: until }])
      expect(yield* postSigned(client, cancel, "0xsig")).toEqual({ results: [{ orderId: HASH, fillableUntil: until }] })
    }),
  )

  it.effect("a cancel answer without the time (or unreadable) still names the order, and guesses no time", () =>
    Effect.gen(function* () {
      for (const answer of [{}, { last_signature_issued_valid_until: null }, "taken"]) {
        const { client } = clientAnswering([answer])
        expect(yield* postSigned(client, cancel, "0xsig")).toEqual({ results: [{ orderId: HASH }] })
      }
    }),
  )

  it.effect("a throttled post waits the whole seconds OpenSea asked for, then posts again", () =>
    Effect.gen(function* () {
      const { client, calls } = clientAnswering([throttled(1500), { order_hash: HASH }])
      const fiber = yield* Effect.forkChild(postSigned(client, post, "0xsig"))
      yield* TestClock.adjust("1 second")
      expect(calls()).toBe(1)
      yield* TestClock.adjust("1 second")
      expect(yield* Fiber.join(fiber)).toEqual({ orderId: HASH })
      expect(calls()).toBe(2)
    }),
  )

  it.effect("still throttled after its retries, the post is refused, safe to post again, with OpenSea's wait", () =>
    Effect.gen(function* () {
      const { client, calls } = clientAnswering([throttled(1500)])
      const fiber = yield* Effect.forkChild(Effect.flip(postSigned(client, post, "0xsig")))
      yield* TestClock.adjust("10 seconds")
      const error = yield* Fiber.join(fiber)
      expect(error).toMatchObject({ _tag: "OrderPostRefusedError", statusCode: 429, retryAfterMs: 2000 })
      expect(error.message).toBe("OpenSea throttled the post and stored nothing: Request was throttled.")
      expect(calls()).toBe(3)
    }),
  )

  it.effect("any other refusal is not tried again: it may have stored the order", () =>
    Effect.gen(function* () {
      const refused = new APIError({ message: "Service down", statusCode: 503, book: "opensea" })
      const { client, calls } = clientAnswering([requestFailure(refused)])
      expect(yield* Effect.flip(postSigned(client, post, "0xsig"))).toBe(refused)
      expect(calls()).toBe(1)
    }),
  )
})
