/** One call of OpenSea's API v2 over tradekit's transport: what goes out, and how a refusal or an outage comes back. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import { makeOpenSeaCall, OPENSEA_ANSWERS } from "../../../../src/apis/opensea/wire/openSeaRequest.js"
import { makeChainApi } from "../../../../src/services/ChainApi.js"
import {
  TransportError,
  type TransportRequest,
  type TransportResponse,
} from "../../../../src/services/HttpTransport.js"
import { NO_RETRY } from "../../../../src/services/RetryPolicy.js"

/** A transport that records each request and answers with `answer`. */
const transport = (answer: Effect.Effect<TransportResponse, TransportError>) => {
  const sent: Array<TransportRequest> = []
  return { sent, send: (request: TransportRequest) => Effect.suspend(() => (sent.push(request), answer)) }
}

const callOver = (send: (request: TransportRequest) => Effect.Effect<TransportResponse, TransportError>) =>
  makeOpenSeaCall(
    makeChainApi(
      send,
      "https://os.test",
      { retry: NO_RETRY, timeout: 5000 },
      { "x-api-key": Redacted.make("os-key") },
      OPENSEA_ANSWERS,
    ),
  )

describe("makeOpenSeaCall", () => {
  it.effect("sends the key (redacted) and the JSON body, and returns the answer's JSON", () =>
    Effect.gen(function* () {
      const { sent, send } = transport(Effect.succeed({ status: 200, headers: {}, body: `{"orders":[]}` }))
      expect(yield* callOver(send)("POST", "/api/v2/offers", { a: 1 })).toEqual({ orders: [] })
      expect(sent).toHaveLength(1)
      expect(sent[0]!.method).toBe("POST")
      expect(sent[0]!.url.href).toBe("https://os.test/api/v2/offers")
      expect(sent[0]!.body).toBe(`{"a":1}`)
      const key = sent[0]!.headers["x-api-key"]
      expect(Redacted.isRedacted(key) && Redacted.value(key)).toBe("os-key")
    }),
  )

  it.effect(
    "a refusal keeps OpenSea's status, its message (structured errors too) and its wait; an outage is a 503",
    () =>
      Effect.gen(function* () {
        const refusing = transport(
          Effect.succeed({ status: 429, headers: { "retry-after": "2" }, body: `{"detail":"Too many requests"}` }),
        )
        const throttled = yield* Effect.flip(callOver(refusing.send)("GET", "/api/v2/x"))
        expect([throttled.status, throttled.message, throttled.retryAfter]).toEqual([429, "Too many requests", "2"])
        const structured = transport(
          Effect.succeed({
            status: 400,
            headers: {},
            body: `{"errors":[{"code":"bad","message":"Zero amount item"}]}`,
          }),
        )
        const refused = yield* Effect.flip(callOver(structured.send)("POST", "/api/v2/offers", {}))
        expect(refused.message).toBe("Zero amount item")
        const down = transport(Effect.fail(new TransportError("TransportError", new TypeError("fetch failed"))))
        const outage = yield* Effect.flip(callOver(down.send)("GET", "/api/v2/x"))
        expect(outage.status).toBe(503)
        expect(outage.cause?._tag).toBe("HttpRequestError")
      }),
  )

  it.effect(
    "the wait OpenSea asks for: `retry-after` in seconds or as an HTTP date, else `x-ratelimit-reset` (epoch seconds)",
    () =>
      Effect.gen(function* () {
        // The TestClock stands at the epoch: a reset at second 30 is 30 s away.
        const waitOf = (headers: Record<string, string>) =>
          Effect.map(
            Effect.flip(
              callOver(transport(Effect.succeed({ status: 429, headers, body: "{}" })).send)("GET", "/api/v2/x"),
            ),
            (failure) => [
              failure.cause?._tag === "APIError" ? failure.cause.retryAfterMs : undefined,
              failure.cause?._tag === "APIError" ? failure.cause.book : undefined,
            ],
          )
        expect(yield* waitOf({ "retry-after": "7" })).toEqual([7_000, "opensea"])
        expect(yield* waitOf({ "retry-after": "Thu, 01 Jan 1970 00:00:45 GMT" })).toEqual([45_000, "opensea"])
        expect(yield* waitOf({ "x-ratelimit-reset": "30" })).toEqual([30_000, "opensea"])
        expect(yield* waitOf({})).toEqual([undefined, "opensea"])
      }),
  )
})
