import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientError from "effect/http/HttpClientError"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { ApiClient } from "../../../src/apis/reservoir/ApiClient.js"
import { ClientConfig } from "../../../src/services/ClientConfig.js"
import { HttpTransport, TransportError } from "../../../src/services/HttpTransport.js"
import { httpClientTransport } from "../../../src/services/httpClientTransport.js"
import { NO_RETRY } from "../../../src/services/RetryPolicy.js"

/** effect/http's fetch client over a `fetch` that records what it is called with and answers with `answer`. */
const overFetchHttpClient = (answer: (url: string) => Response) => {
  const calls: Array<{ readonly url: string; readonly init: RequestInit }> = []
  const fetch = (async (input: URL | string, init: RequestInit) => {
    calls.push({ url: String(input), init })
    return answer(String(input))
  }) as typeof globalThis.fetch
  const layer = httpClientTransport.pipe(
    Layer.provide(FetchHttpClient.layer),
    Layer.provide(Layer.succeed(FetchHttpClient.Fetch, fetch)),
  )
  return { layer, calls }
}

describe("httpClientTransport", () => {
  it.effect(
    "sends the request as tradekit's own transport does: its headers and body, no trace headers, redirects handed back",
    () =>
      Effect.gen(function* () {
        const { layer, calls } = overFetchHttpClient((url) =>
          new URL(url).pathname === "/moved"
            ? new Response(null, { status: 302, headers: { location: "/here" } })
            : new Response(`{"ok":true}`),
        )
        const response = yield* HttpTransport.use((transport) =>
          transport.send({
            method: "POST",
            url: new URL("https://api.test/moved?txHash=0xa&txHash=0xb"),
            headers: { "content-type": "application/json", "x-api-key": Redacted.make("k-123") },
            body: `{"a":1}`,
          }),
        ).pipe(Effect.withSpan("caller"), Effect.provide(layer))
        expect(response).toMatchObject({ status: 302, headers: { location: "/here" }, body: "" })
        expect(calls).toHaveLength(1)
        expect(calls[0]!.url).toBe("https://api.test/moved?txHash=0xa&txHash=0xb")
        expect(calls[0]!.init.redirect).toBe("manual")
        expect(calls[0]!.init.method).toBe("POST")
        expect(new TextDecoder().decode(calls[0]!.init.body as Uint8Array)).toBe(`{"a":1}`)
        const headers = calls[0]!.init.headers as Record<string, string>
        expect(headers).toMatchObject({ "content-type": "application/json", "x-api-key": "k-123" })
        expect(Object.keys(headers).filter((name) => name === "traceparent" || name === "b3")).toEqual([])
      }),
  )

  it.effect("keeps the app's own fetch options, and hands redirects back all the same", () =>
    Effect.gen(function* () {
      const { layer, calls } = overFetchHttpClient(() => new Response(`{"ok":true}`))
      yield* HttpTransport.use((transport) =>
        transport.send({ method: "GET", url: new URL("https://api.test/x"), headers: {} }),
      ).pipe(
        Effect.provide(layer),
        Effect.provideService(FetchHttpClient.RequestInit, { credentials: "include", redirect: "follow" }),
      )
      expect(calls[0]!.init).toMatchObject({ credentials: "include", redirect: "manual" })
    }),
  )

  it.effect("runs the ApiClient over the app's HttpClient: the redirect rule and the answers are tradekit's", () =>
    Effect.gen(function* () {
      const { layer, calls } = overFetchHttpClient((url) =>
        url.endsWith("/moved")
          ? new Response(null, { status: 302, headers: { location: "/here" } })
          : new Response(`{"arrived":true}`),
      )
      const config = ClientConfig.layer({ chains: [], retry: NO_RETRY, apiKey: "k-123" })
      const response = yield* ApiClient.use((client) =>
        client.forChain("https://api.test").request({ path: "/moved", method: "GET" }),
      ).pipe(Effect.provide(ApiClient.layer.pipe(Layer.provide(Layer.merge(layer, config)))))
      expect(response).toEqual({ status: 200, body: { arrived: true } })
      expect(calls.map((call) => call.url)).toEqual(["https://api.test/moved", "https://api.test/here"])
    }),
  )

  it.effect("fails with a TransportError named after the HttpClient's reason, keeping its cause", () =>
    Effect.gen(function* () {
      const failing = HttpClient.make((request) =>
        Effect.fail(
          new HttpClientError.HttpClientError({
            reason: new HttpClientError.TransportError({ request, cause: "ECONNRESET", description: "reset" }),
          }),
        ),
      )
      const exit = yield* Effect.exit(
        HttpTransport.use((transport) =>
          transport.send({ method: "GET", url: new URL("https://api.test/x"), headers: {} }),
        ).pipe(Effect.provide(httpClientTransport.pipe(Layer.provide(Layer.succeed(HttpClient.HttpClient, failing))))),
      )
      expect(exit).toEqual(Exit.fail(new TransportError("TransportError", "ECONNRESET", "reset")))
    }),
  )
})
