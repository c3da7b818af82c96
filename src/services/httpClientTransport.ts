import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as Headers from "effect/http/Headers"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import type * as HttpMethod from "effect/http/HttpMethod"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { HttpTransport, revealHeaders, TransportError } from "./HttpTransport.js"

/**
 * The HttpTransport over the effect/http `HttpClient` in context: a proxying, recording or logging client of
 * the app's. Requests go out as tradekit's own transport sends them: no trace headers (a browser would
 * preflight them), redirects handed back to tradekit (`redirect: "manual"` for a fetch-based client, over the
 * app's own `FetchHttpClient.RequestInit`, whose other options stay), and the
 * API key and configured headers redacted wherever the client renders a request.
 *
 * @example
 * ```ts
 * const layer = Tradekit.layerWith({ chains }, httpClientTransport.pipe(Layer.provide(myHttpClientLayer)))
 * ```
 */
export const httpClientTransport: Layer.Layer<HttpTransport, never, HttpClient.HttpClient> = Layer.effect(
  HttpTransport,
  Effect.gen(function* () {
    const client = yield* HttpClient.HttpClient
    return HttpTransport.of({
      send: (request) => {
        const secretNames = Object.entries(request.headers).flatMap(([name, value]) =>
          Redacted.isRedacted(value) ? [name] : [],
        )
        const base = HttpClientRequest.make(request.method as HttpMethod.HttpMethod)(request.url)
        // The headers after the body, which would set its own content type over tradekit's.
        const outgoing = (request.body === undefined ? base : HttpClientRequest.bodyText(base, request.body)).pipe(
          HttpClientRequest.setHeaders(revealHeaders(request.headers)),
        )
        const send = Effect.flatMap(client.execute(outgoing), (response) =>
          Effect.map(response.text, (body) => ({ status: response.status, headers: { ...response.headers }, body })),
        ).pipe(
          Effect.catchTag("HttpClientError", ({ reason }) =>
            Effect.fail(new TransportError(reason._tag, reason.cause, reason.description)),
          ),
          Effect.provideService(HttpClient.TracerPropagationEnabled, false),
          Effect.updateService(Headers.CurrentRedactedNames, (names) => [...names, ...secretNames]),
        )
        // The app's own fetch options (credentials, mode, …) stay; only the redirects are tradekit's.
        return Effect.flatMap(Effect.serviceOption(FetchHttpClient.RequestInit), (init) =>
          Effect.provideService(send, FetchHttpClient.RequestInit, {
            ...Option.getOrUndefined(init),
            redirect: "manual",
          }),
        )
      },
    })
  }),
)
