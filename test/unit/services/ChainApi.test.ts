import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as TestClock from "effect/testing/TestClock"
import { makeChainApi } from "../../../src/services/ChainApi.js"
import type { RedactedHeaders } from "../../../src/services/ClientConfig.js"
import type { TransportRequest, TransportResponse } from "../../../src/services/HttpTransport.js"
import { TransportError } from "../../../src/services/HttpTransport.js"
import { NO_RETRY } from "../../../src/services/RetryPolicy.js"

const BASE = "https://api.example.com/base"
const json = (status: number, body: unknown): TransportResponse => ({
  status,
  headers: {},
  body: JSON.stringify(body),
})

/** A transport that answers with `answers` in turn (the last one again once they run out) and records requests. */
const scripted = (...answers: Array<Effect.Effect<TransportResponse, TransportError>>) => {
  const sent: Array<TransportRequest> = []
  const send = (request: TransportRequest) => {
    sent.push(request)
    return answers[Math.min(sent.length, answers.length) - 1] ?? Effect.succeed(json(200, {}))
  }
  return { send, sent }
}

const api = (
  wire: ReturnType<typeof scripted>,
  credentials: RedactedHeaders = { "x-api-key": Redacted.make("secret") },
  retry = NO_RETRY,
) => makeChainApi(wire.send, BASE, { retry, timeout: 1000 }, credentials)

describe("makeChainApi", () => {
  it.effect("resolves a path under the base URL, and refuses one that would leave it", () =>
    Effect.gen(function* () {
      const chainApi = api(scripted())
      expect((yield* chainApi.resolve("/orders/v1")).href).toBe(`${BASE}/orders/v1`)
      const refused = yield* Effect.flip(chainApi.resolve("https://evil.example/orders"))
      expect(refused).toMatchObject({ _tag: "UnsafeEndpointError", endpoint: "https://evil.example/orders" })
    }),
  )

  it.effect("sends a POST with the JSON body, the query (a list repeated) and the credentials", () =>
    Effect.gen(function* () {
      const wire = scripted(Effect.succeed(json(200, { steps: [] })))
      const answer = yield* api(wire).request({
        path: "/execute/buy/v7",
        body: { items: [1] },
        query: { ids: ["a", "b"], source: "x", skipped: undefined },
      })
      expect(answer).toEqual({ status: 200, body: { steps: [] } })
      const [request] = wire.sent
      expect(request?.method).toBe("POST")
      expect(request?.url.href).toBe(`${BASE}/execute/buy/v7?ids=a&ids=b&source=x`)
      expect(request?.body).toBe('{"items":[1]}')
      expect(Redacted.value(request?.headers["x-api-key"] as Redacted.Redacted<string>)).toBe("secret")
    }),
  )

  it.effect("sends no body with a GET", () =>
    Effect.gen(function* () {
      const wire = scripted(Effect.succeed(json(200, {})))
      yield* api(wire).request({ path: "/orders/v1", method: "get", body: { ignored: true } })
      expect(wire.sent[0]).toMatchObject({ method: "GET", body: undefined })
    }),
  )

  it.effect("refuses a path off the API before sending anything", () =>
    Effect.gen(function* () {
      const wire = scripted()
      const error = yield* Effect.flip(api(wire).request({ path: "//evil.example/x" }))
      expect(error._tag).toBe("UnsafeEndpointError")
      expect(wire.sent).toHaveLength(0)
    }),
  )

  it.effect("fails with an encoding HttpRequestError for a body JSON cannot hold, sending nothing", () =>
    Effect.gen(function* () {
      const wire = scripted()
      const cyclic: Record<string, unknown> = {}
      cyclic.self = cyclic
      const error = yield* Effect.flip(api(wire).request({ path: "/execute/buy/v7", body: cyclic }))
      expect(error).toMatchObject({ _tag: "HttpRequestError", reason: "encoding", endpoint: "/execute/buy/v7" })
      expect(error.message).toMatch(/^Could not encode the request body as JSON: /)
      expect(wire.sent).toHaveLength(0)
    }),
  )

  it.effect("maps a non-2xx answer to an APIError and a transport failure to a network error", () =>
    Effect.gen(function* () {
      const refused = yield* Effect.flip(
        api(scripted(Effect.succeed(json(404, { message: "Not found" })))).request({ path: "/orders/v1" }),
      )
      expect(refused).toMatchObject({ _tag: "APIError", statusCode: 404, message: "Not found", endpoint: "/orders/v1" })
      const dropped = yield* Effect.flip(
        api(scripted(Effect.fail(new TransportError("TransportError", "reset")))).request({ path: "/orders/v1" }),
      )
      expect(dropped).toMatchObject({ _tag: "HttpRequestError", reason: "network", endpoint: "/orders/v1" })
    }),
  )

  it.effect("retries a transient failure by the request's own policy", () =>
    Effect.gen(function* () {
      const wire = scripted(Effect.succeed(json(503, {})), Effect.succeed(json(200, { ok: true })))
      const fiber = yield* Effect.forkChild(
        api(wire).request({ path: "/orders/v1", retry: { times: 1, baseDelay: "10 millis", maxDelay: "10 millis" } }),
      )
      yield* TestClock.adjust("1 second")
      expect((yield* Fiber.join(fiber)).body).toEqual({ ok: true })
      expect(wire.sent).toHaveLength(2)
    }),
  )

  it.effect("bounds each try by the timeout", () =>
    Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(Effect.flip(api(scripted(Effect.never)).request({ path: "/orders/v1" })))
      yield* TestClock.adjust("999 millis")
      expect(fiber.pollUnsafe()).toBeUndefined()
      yield* TestClock.adjust("1 millis")
      expect(yield* Fiber.join(fiber)).toMatchObject({
        _tag: "HttpRequestError",
        reason: "timeout",
        message: "timeout of 1000ms exceeded",
      })
    }),
  )

  it.effect("decodes a body with a schema, or fails with a MalformedResponseError", () =>
    Effect.gen(function* () {
      const Count = Schema.Struct({ count: Schema.Number })
      const good = api(scripted(Effect.succeed(json(200, { count: 2, extra: "kept" }))))
      expect(yield* good.requestDecoded({ path: "/count/v1" }, Count)).toEqual({ count: 2, extra: "kept" })
      const bad = api(scripted(Effect.succeed(json(200, { count: "two" }))))
      const error = yield* Effect.flip(bad.ask({ path: "/count/v1" }, Count))
      expect(error).toMatchObject({ _tag: "MalformedResponseError", endpoint: "/count/v1" })
    }),
  )

  it.effect("polls until the answer settles, taking a transient failure for 'not yet'", () =>
    Effect.gen(function* () {
      const wire = scripted(
        Effect.succeed(json(500, {})),
        Effect.succeed(json(200, { synced: false })),
        Effect.succeed(json(200, { synced: true })),
      )
      const fiber = yield* Effect.forkChild(
        api(wire).poll(
          { path: "/synced/v1", method: "GET" },
          Schema.Struct({ synced: Schema.Boolean }),
          (answer) => Effect.succeed(answer.synced ? Option.some("synced") : Option.none()),
          { interval: "1 second", attempts: 5, onExhausted: (attempts) => `gave up after ${attempts}` },
        ),
      )
      yield* TestClock.adjust("10 seconds")
      expect(yield* Fiber.join(fiber)).toBe("synced")
      expect(wire.sent).toHaveLength(3)
    }),
  )

  it("gives the credentials to a status socket on the API's origin only", () => {
    const chainApi = api(scripted())
    expect(chainApi.socketHeaders("wss://api.example.com/ws")).toEqual({ "x-api-key": "secret" })
    expect(chainApi.socketHeaders("wss://evil.example/ws")).toBeUndefined()
    expect(chainApi.socketHeaders("ws://api.example.com/ws")).toBeUndefined()
    expect(chainApi.socketHeaders("https://api.example.com/ws")).toBeUndefined()
    expect(api(scripted(), {}).socketHeaders("wss://api.example.com/ws")).toBeUndefined()
  })
})
