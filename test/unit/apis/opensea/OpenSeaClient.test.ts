/** OpenSea's client over tradekit's transport: what goes out, and how a refusal or an outage comes back. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import { makeOpenSeaClient } from "../../../../src/apis/opensea/wire/OpenSeaClient.js"
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

const clientOver = (send: (request: TransportRequest) => Effect.Effect<TransportResponse, TransportError>) =>
  makeOpenSeaClient({ send, apiBaseUrl: "https://os.test", apiKey: "os-key", retry: NO_RETRY, timeout: 5000 })

const callOver = (send: (request: TransportRequest) => Effect.Effect<TransportResponse, TransportError>) =>
  clientOver(send).request

describe("makeOpenSeaClient", () => {
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
        expect([throttled.reason, throttled.message]).toEqual([
          { _tag: "Throttled", retryAfterMs: 2000 },
          "Too many requests",
        ])
        expect(throttled.requestError?._tag === "APIError" && throttled.requestError.statusCode).toBe(429)
        const structured = transport(
          Effect.succeed({
            status: 400,
            headers: {},
            body: `{"errors":[{"code":"bad","message":"Zero amount item"}]}`,
          }),
        )
        const refused = yield* Effect.flip(callOver(structured.send)("POST", "/api/v2/offers", {}))
        expect([refused.reason._tag, refused.message]).toEqual(["BadRequest", "Zero amount item"])
        const down = transport(Effect.fail(new TransportError("TransportError", new TypeError("fetch failed"))))
        const outage = yield* Effect.flip(callOver(down.send)("GET", "/api/v2/x"))
        expect(outage.reason._tag).toBe("Unreachable")
        expect(outage.message).toBe(`OpenSea could not be reached: ${outage.requestError?.message}`)
        expect(outage.requestError?._tag).toBe("HttpRequestError")
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
              failure.requestError?._tag === "APIError" ? failure.requestError.retryAfterMs : undefined,
              failure.requestError?._tag === "APIError" ? failure.requestError.book : undefined,
            ],
          )
        expect(yield* waitOf({ "retry-after": "7" })).toEqual([7_000, "opensea"])
        expect(yield* waitOf({ "retry-after": "Thu, 01 Jan 1970 00:00:45 GMT" })).toEqual([45_000, "opensea"])
        expect(yield* waitOf({ "x-ratelimit-reset": "30" })).toEqual([30_000, "opensea"])
        expect(yield* waitOf({})).toEqual([undefined, "opensea"])
      }),
  )

  it.effect("sends no key header without a key, and asks JSON of OpenSea", () =>
    Effect.gen(function* () {
      const { sent, send } = transport(Effect.succeed({ status: 200, headers: {}, body: "{}" }))
      const keyless = makeOpenSeaClient({ send, apiBaseUrl: "https://os.test", retry: NO_RETRY, timeout: 5000 })
      yield* keyless.request("GET", "/api/v2/x")
      expect(Object.keys(sent[0]!.headers)).not.toContain("x-api-key")
      expect([sent[0]!.headers.accept, sent[0]!.headers["content-type"]]).toEqual([
        "application/json",
        "application/json",
      ])
    }),
  )

  it.effect(
    "`ask` decodes the answer with its schema; an answer of another shape is unreadable, naming the route",
    () =>
      Effect.gen(function* () {
        const Answer = Schema.Struct({ order_hash: Schema.String })
        const good = transport(Effect.succeed({ status: 200, headers: {}, body: `{"order_hash":"0xab","extra":1}` }))
        expect(yield* clientOver(good.send).ask(Answer, "GET", "/api/v2/o")).toEqual({ order_hash: "0xab", extra: 1 })
        const bad = transport(Effect.succeed({ status: 200, headers: {}, body: `{"order_hash":7}` }))
        const unreadable = yield* Effect.flip(clientOver(bad.send).ask(Answer, "GET", "/api/v2/o"))
        expect(unreadable.reason._tag).toBe("Unreadable")
        expect(unreadable.requestError?._tag).toBe("MalformedResponseError")
        expect(unreadable.message).toContain("/api/v2/o")
      }),
  )
})
