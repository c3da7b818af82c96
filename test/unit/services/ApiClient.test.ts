import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as References from "effect/References"
import * as Schema from "effect/Schema"
import * as TestClock from "effect/testing/TestClock"
import { ApiClient } from "../../../src/apis/reservoir/ApiClient.js"
import { ClientConfig, type ClientOptions } from "../../../src/services/ClientConfig.js"
import { HttpTransport, TransportError } from "../../../src/services/HttpTransport.js"
import { NO_RETRY } from "../../../src/services/RetryPolicy.js"
import { makeFakeApi } from "../../../src/testing/FakeApi.js"
import { VERSION } from "../../../src/version.js"

const clientOver = (http: Layer.Layer<HttpTransport>, options: ClientOptions = {}) =>
  ApiClient.layer.pipe(
    Layer.provideMerge(Layer.merge(http, ClientConfig.layer({ chains: [], retry: NO_RETRY, ...options }))),
  )

const failureOf = (exit: Exit.Exit<unknown, unknown>) =>
  Option.getOrThrow(Cause.findErrorOption((exit as Exit.Failure<unknown, unknown>).cause)) as {
    _tag: string
    message: string
    [k: string]: unknown
  }

/** Captures log lines at every level, as text. */
const captureLogs = () => {
  const lines: Array<string> = []
  const logger = Logger.make(({ logLevel, message }) =>
    lines.push(`${logLevel.toUpperCase()} ${Array.isArray(message) ? message.join(" ") : String(message)}`),
  )
  return { lines, layer: Layer.merge(Logger.layer([logger]), Layer.succeed(References.MinimumLogLevel, "All")) }
}

describe("ApiClient", () => {
  it.effect("sends tradekit's headers on every request, the API key only as x-api-key", () =>
    Effect.gen(function* () {
      const api = makeFakeApi().route("POST", "/execute/buy/v7", { body: { ok: true } })
      const response = yield* ApiClient.use((client) =>
        client.forChain("https://api.test/").request({ path: "/execute/buy/v7", body: { a: 1 } }),
      ).pipe(Effect.provide(clientOver(api.layer, { apiKey: "k-123", uiVersion: "ui-9" })))
      expect(response).toEqual({ status: 200, body: { ok: true } })
      const [request] = api.requests
      expect(request!.url.href).toBe("https://api.test/execute/buy/v7")
      expect(request!.headers).toMatchObject({
        "content-type": "application/json",
        "x-rkc-version": VERSION,
        "x-api-key": "k-123",
        "x-rkui-version": "ui-9",
      })
      expect(request!.body).toEqual({ a: 1 })
    }),
  )

  it.effect("omits x-api-key and x-rkui-version when they are not configured", () =>
    Effect.gen(function* () {
      const api = makeFakeApi().route("GET", "/x", { body: {} })
      yield* ApiClient.use((c) => c.forChain("https://api.test").request({ path: "/x", method: "GET" })).pipe(
        Effect.provide(clientOver(api.layer)),
      )
      expect(Object.keys(api.requests[0]!.headers).sort()).toEqual(["content-type", "x-rkc-version"])
    }),
  )

  it.effect("sends no trace headers, even from inside a span", () =>
    Effect.gen(function* () {
      const api = makeFakeApi().route("GET", "/x", { body: {} })
      yield* ApiClient.use((c) => c.forChain("https://api.test").request({ path: "/x", method: "GET" })).pipe(
        Effect.withSpan("caller"),
        Effect.provide(clientOver(api.layer)),
      )
      expect(Object.keys(api.requests[0]!.headers).sort()).toEqual(["content-type", "x-rkc-version"])
    }),
  )

  it.effect("keeps a base path and appends query lists as repeated parameters", () =>
    Effect.gen(function* () {
      const api = makeFakeApi().route("GET", "/chains/1/transfers/bulk/v2", { body: {} })
      yield* ApiClient.use((c) =>
        c
          .forChain("https://api.test/chains/1")
          .request({ path: "/transfers/bulk/v2", method: "GET", query: { txHash: ["0xa", "0xb"] } }),
      ).pipe(Effect.provide(clientOver(api.layer)))
      expect(api.requests[0]!.url.search).toBe("?txHash=0xa&txHash=0xb")
    }),
  )

  it.effect("maps a non-2xx answer to an APIError with the body's message and statusCode", () =>
    Effect.gen(function* () {
      const api = makeFakeApi()
        .route("POST", "/a", { status: 400, body: { message: "Invalid token", statusCode: 422, error: "Bad Request" } })
        .route("POST", "/b", { status: 503, body: { error: "Service down" } })
        .route("POST", "/c", { status: 500 })
      const run = (path: string) =>
        Effect.exit(ApiClient.use((c) => c.forChain("https://api.test").request({ path }))).pipe(
          Effect.provide(clientOver(api.layer)),
        )
      expect(failureOf(yield* run("/a"))).toMatchObject({
        _tag: "APIError",
        message: "Invalid token",
        statusCode: 422,
        rawError: { message: "Invalid token", statusCode: 422, error: "Bad Request" },
      })
      expect(failureOf(yield* run("/b"))).toMatchObject({ _tag: "APIError", message: "Service down", statusCode: 503 })
      expect(failureOf(yield* run("/c"))).toMatchObject({
        _tag: "APIError",
        message: "Request failed with status code 500",
        statusCode: 500,
      })
    }),
  )

  it.effect("keeps the cause of a network failure", () =>
    Effect.gen(function* () {
      const failing = HttpTransport.of({
        send: () => Effect.fail(new TransportError("TransportError", new Error("ECONNRESET"))),
      })
      const exit = yield* Effect.exit(
        ApiClient.use((c) => c.forChain("https://api.test").request({ path: "/a" })),
      ).pipe(Effect.provide(clientOver(Layer.succeed(HttpTransport, failing))))
      const error = failureOf(exit)
      expect(error).toMatchObject({
        _tag: "HttpRequestError",
        reason: "network",
        message: "Network Error",
        endpoint: "/a",
      })
      expect(String((error.cause as { cause: unknown }).cause)).toContain("ECONNRESET")
    }),
  )

  it.effect("times out after httpTimeout with the older SDK's wording", () =>
    Effect.gen(function* () {
      const api = makeFakeApi().route("POST", "/slow", () => Effect.never)
      const fiber = yield* Effect.forkChild(
        Effect.exit(ApiClient.use((c) => c.forChain("https://api.test").request({ path: "/slow" }))).pipe(
          Effect.provide(clientOver(api.layer, { httpTimeout: 1500 })),
        ),
      )
      yield* TestClock.adjust("1500 millis")
      expect(failureOf(yield* Fiber.join(fiber))).toMatchObject({
        _tag: "HttpRequestError",
        reason: "timeout",
        message: "timeout of 1500ms exceeded",
      })
    }),
  )

  it.effect("follows a same-origin redirect and refuses one to another origin", () =>
    Effect.gen(function* () {
      const api = makeFakeApi()
        .route("GET", "/moved", { status: 302, headers: { location: "/here" } })
        .route("GET", "/here", { body: { arrived: true } })
        .route("GET", "/away", { status: 307, headers: { location: "https://evil.test/steal" } })
      const run = (path: string) =>
        Effect.exit(ApiClient.use((c) => c.forChain("https://api.test").request({ path, method: "GET" }))).pipe(
          Effect.provide(clientOver(api.layer, { apiKey: "secret" })),
        )
      expect(yield* run("/moved")).toEqual(Exit.succeed({ status: 200, body: { arrived: true } }))
      expect(failureOf(yield* run("/away"))).toMatchObject({ _tag: "HttpRequestError", reason: "redirect" })
      expect(api.requests.map((r) => r.url.origin)).toEqual([
        "https://api.test",
        "https://api.test",
        "https://api.test",
      ])
    }),
  )

  it.effect(
    "follows a 303 with a GET and no body, any other redirect with the same method and body, at most 5 in a row",
    () =>
      Effect.gen(function* () {
        const api = makeFakeApi()
          .route("POST", "/see-other", { status: 303, headers: { location: "/result" } })
          .route("POST", "/temporary", { status: 307, headers: { location: "/result" } })
          .route("GET", "/result", { body: { via: "GET" } })
          .route("POST", "/result", { body: { via: "POST" } })
          .route("POST", /^\/loop\//, (request) => ({
            status: 307,
            headers: { location: `/loop/${Number(request.path.slice(6)) + 1}` },
          }))
        const run = (path: string) =>
          Effect.exit(ApiClient.use((c) => c.forChain("https://api.test").request({ path, body: { a: 1 } }))).pipe(
            Effect.provide(clientOver(api.layer)),
          )
        expect(yield* run("/see-other")).toEqual(Exit.succeed({ status: 200, body: { via: "GET" } }))
        expect(api.requestsTo("/result")[0]).toMatchObject({ method: "GET", body: undefined })
        expect(yield* run("/temporary")).toEqual(Exit.succeed({ status: 200, body: { via: "POST" } }))
        expect(api.requestsTo("/result")[1]).toMatchObject({ method: "POST", body: { a: 1 } })
        expect(failureOf(yield* run("/loop/0"))).toMatchObject({
          _tag: "HttpRequestError",
          reason: "redirect",
          endpoint: "/loop/0",
        })
        expect(api.requestsTo(/^\/loop\//).map((request) => request.path)).toEqual([
          "/loop/0",
          "/loop/1",
          "/loop/2",
          "/loop/3",
          "/loop/4",
          "/loop/5",
        ])
      }),
  )

  it.effect("fails with a typed error, sending nothing, when the body cannot be encoded as JSON", () =>
    Effect.gen(function* () {
      const api = makeFakeApi().route("POST", "/a", { body: {} })
      const cyclic: Record<string, unknown> = { a: 1 }
      cyclic.self = cyclic
      const run = (body: unknown) =>
        Effect.exit(ApiClient.use((c) => c.forChain("https://api.test").request({ path: "/a", body }))).pipe(
          Effect.provide(clientOver(api.layer)),
        )
      const exit = yield* run(cyclic)
      expect(Exit.isFailure(exit) && Cause.hasDies(exit.cause)).toBe(false)
      expect(failureOf(exit)).toMatchObject({ _tag: "HttpRequestError", reason: "encoding", endpoint: "/a" })
      expect(failureOf(exit).message).toMatch(
        /^Could not encode the request body as JSON: Converting circular structure to JSON/,
      )
      expect(failureOf(yield* run({ amount: 1n }))).toMatchObject({
        _tag: "HttpRequestError",
        reason: "encoding",
        message: "Could not encode the request body as JSON: Do not know how to serialize a BigInt",
      })
      expect(api.requests).toEqual([])
    }),
  )

  it.effect("waits as long as Retry-After asks up to 60 s, and fails at once with a typed error beyond that", () =>
    Effect.gen(function* () {
      const retry = { times: 3, baseDelay: "250 millis", maxDelay: "5 seconds" } as const
      const api = makeFakeApi()
        .route("POST", "/patient", [
          { status: 429, headers: { "retry-after": "60" }, body: { message: "slow down" } },
          { body: { ok: true } },
        ])
        .route("POST", "/stall", {
          status: 503,
          headers: { "retry-after": "3600" },
          body: { message: "come back later" },
        })
      const run = (path: string) =>
        Effect.exit(ApiClient.use((c) => c.forChain("https://api.test").request({ path, retry }))).pipe(
          Effect.provide(clientOver(api.layer)),
        )
      const patient = yield* Effect.forkChild(run("/patient"))
      yield* TestClock.adjust("59 seconds")
      expect(api.requestsTo("/patient")).toHaveLength(1)
      yield* TestClock.adjust("1 second")
      expect(yield* Fiber.join(patient)).toEqual(Exit.succeed({ status: 200, body: { ok: true } }))
      // No clock adjustment: a wait would never end.
      const error = failureOf(yield* run("/stall"))
      expect(error).toMatchObject({
        _tag: "RetryAfterTooLongError",
        endpoint: "/stall",
        statusCode: 503,
        retryAfterMs: 3_600_000,
        maxRetryAfterMs: 60_000,
      })
      expect(error.message).toBe(
        "The API asked to wait 3600 s before trying again, longer than tradekit waits (60 s)\n\nEndpoint: /stall\nStatus code: 503",
      )
      expect(api.requestsTo("/stall")).toHaveLength(1)
    }),
  )

  it.effect("logs a warning when the API marks an endpoint deprecated", () =>
    Effect.gen(function* () {
      const logs = captureLogs()
      const api = makeFakeApi().route("POST", "/old", { body: {}, headers: { deprecation: "true" } })
      yield* ApiClient.use((c) => c.forChain("https://api.test").request({ path: "/old" })).pipe(
        Effect.provide(clientOver(api.layer)),
        Effect.provide(logs.layer),
      )
      expect(logs.lines).toContain("WARN tradekit: the API marks /old as deprecated")
    }),
  )

  it.effect("never logs the API key, even at the most verbose level", () =>
    Effect.gen(function* () {
      const logs = captureLogs()
      const api = makeFakeApi().route("POST", "/a", { status: 500, body: { message: "nope" } })
      const exit = yield* Effect.exit(
        ApiClient.use((c) => c.forChain("https://api.test").request({ path: "/a" })),
      ).pipe(
        Effect.provide(clientOver(api.layer, { apiKey: "very-secret-key" })),
        Effect.tapCause(Effect.logError),
        Effect.provide(logs.layer),
      )
      expect(Exit.isFailure(exit)).toBe(true)
      expect(logs.lines.length).toBeGreaterThan(0)
      expect(logs.lines.join("\n")).not.toContain("very-secret-key")
      expect(JSON.stringify(failureOf(exit))).not.toContain("very-secret-key")
    }),
  )

  it.effect("keeps the key redacted in the resolved configuration", () =>
    Effect.gen(function* () {
      const config = yield* ClientConfig
      expect(Redacted.isRedacted(config.apiKey)).toBe(true)
      expect(String(config.apiKey)).not.toContain("abc")
      expect(JSON.stringify(config)).not.toContain("abc")
    }).pipe(Effect.provide(ClientConfig.layer({ apiKey: "abc" }))),
  )
})

describe("ChainApi.poll", () => {
  const Status = Schema.Struct({ status: Schema.String })
  const settled = (answer: { readonly status: string }) =>
    answer.status === "failure"
      ? Effect.fail(new Error("reported failure"))
      : Effect.succeed(answer.status === "success" ? Option.some(answer.status) : Option.none())
  const pollStatus = (api: ReturnType<typeof makeFakeApi>, attempts: number) =>
    ApiClient.use((c) =>
      c.forChain("https://api.test").poll({ path: "/status", method: "GET" }, Status, settled, {
        interval: "1 second",
        attempts,
        onExhausted: (n) => `exhausted after ${n}`,
      }),
    ).pipe(Effect.provide(clientOver(api.layer)), Effect.exit)

  it.effect("asks again after a transient failure or a pending answer, until settled", () =>
    Effect.gen(function* () {
      const api = makeFakeApi().route("GET", "/status", [
        { status: 503, body: { message: "busy" } },
        { body: { status: "pending" } },
        { body: { unexpected: true } },
        { body: { status: "success" } },
      ])
      const fiber = yield* Effect.forkChild(pollStatus(api, 5))
      yield* TestClock.adjust("3 seconds")
      expect(yield* Fiber.join(fiber)).toEqual(Exit.succeed("success"))
      expect(api.requestsTo("/status")).toHaveLength(4)
    }),
  )

  it.effect("ends at once when settled fails, and with onExhausted when the attempts run out", () =>
    Effect.gen(function* () {
      const failing = makeFakeApi().route("GET", "/status", [
        { body: { status: "pending" } },
        { body: { status: "failure" } },
      ])
      const failed = yield* Effect.forkChild(pollStatus(failing, 5))
      yield* TestClock.adjust("1 second")
      expect(failureOf(yield* Fiber.join(failed))).toMatchObject({ message: "reported failure" })
      expect(failing.requestsTo("/status")).toHaveLength(2)

      const pending = makeFakeApi().route("GET", "/status", { body: { status: "pending" } })
      const exhausted = yield* Effect.forkChild(pollStatus(pending, 3))
      yield* TestClock.adjust("5 seconds")
      expect(yield* Fiber.join(exhausted)).toEqual(Exit.fail("exhausted after 3"))
      expect(pending.requestsTo("/status")).toHaveLength(3)
    }),
  )

  it.effect("refuses a path that leaves the API at once, sending nothing", () =>
    Effect.gen(function* () {
      const api = makeFakeApi()
      const exit = yield* ApiClient.use((c) =>
        c.forChain("https://api.test").poll({ path: "//evil.test/status", method: "GET" }, Status, settled, {
          interval: "1 second",
          attempts: 5,
          onExhausted: () => "exhausted",
        }),
      ).pipe(Effect.provide(clientOver(api.layer)), Effect.exit)
      expect(failureOf(exit)).toMatchObject({ _tag: "UnsafeEndpointError" })
      expect(api.requests).toEqual([])
    }),
  )
})
