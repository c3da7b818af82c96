import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { HttpTransport, revealHeaders, TransportError, type TransportRequest } from "../services/HttpTransport.js"

/** A request the fake API received, as the server would see it. */
export interface RecordedRequest {
  readonly method: string
  readonly url: URL
  /** The path without the base URL's host, e.g. `/execute/buy/v7`. */
  readonly path: string
  readonly query: Readonly<Record<string, ReadonlyArray<string>>>
  readonly headers: Readonly<Record<string, string>>
  readonly body: unknown
  /** When it came in, in Clock milliseconds (a TestClock's time in tests). */
  readonly at: number
}

/** An answer of the fake API. `status` defaults to 200; `body` is sent as JSON unless it is a string. */
export interface FakeResponse {
  readonly status?: number
  readonly body?: unknown
  readonly headers?: Readonly<Record<string, string>>
}

/**
 * How a route answers: one response for every call, a list answered in order (the last one repeats), or a
 * function of the request and the call's index that may return an Effect (to wait on a TestClock, or fail
 * as the network would with `FakeApi.networkError`).
 */
export type FakeResponder =
  | FakeResponse
  | ReadonlyArray<FakeResponse>
  | ((request: RecordedRequest, call: number) => FakeResponse | Effect.Effect<FakeResponse, FakeNetworkError>)

/** A failure of the transport itself (a reset connection), as a route's answer. */
export class FakeNetworkError {
  readonly _tag = "FakeNetworkError"
  constructor(readonly message = "connection reset") {}
}

interface Route {
  readonly method: string
  readonly path: string | RegExp
  readonly responder: FakeResponder
  calls: number
}

/** A scripted aggregator API: routes answer by method and path, every request is recorded. */
export interface FakeApi {
  /** Adds (or replaces) the answer of `method path`; `path` may be a RegExp. Returns the fake for chaining. */
  readonly route: (method: string, path: string | RegExp, responder: FakeResponder) => FakeApi
  /** Every request received so far, in order. */
  readonly requests: ReadonlyArray<RecordedRequest>
  /** The requests received on one path. */
  readonly requestsTo: (path: string | RegExp) => ReadonlyArray<RecordedRequest>
  /**
   * The HttpTransport layer that answers from the routes (for `testLayer`, `ApiClient.layer`, `Tradekit.layerWith`).
   */
  readonly layer: Layer.Layer<HttpTransport>
}

const matches = (route: Route, method: string, path: string) =>
  route.method === method && (typeof route.path === "string" ? route.path === path : route.path.test(path))

const respond = (responder: FakeResponder, request: RecordedRequest, call: number) => {
  if (typeof responder === "function") {
    const answer = responder(request, call)
    return Effect.isEffect(answer) ? answer : Effect.succeed(answer)
  }
  if (Array.isArray(responder)) {
    const list = responder as ReadonlyArray<FakeResponse>
    return Effect.succeed(list[Math.min(call, list.length - 1)] ?? {})
  }
  return Effect.succeed(responder as FakeResponse)
}

const decodeBody = (body: string | undefined): unknown => {
  if (body === undefined) return undefined
  try {
    return JSON.parse(body)
  } catch {
    return body
  }
}

const lowerCaseNames = (headers: Readonly<Record<string, string>> | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]))

/**
 * Makes a fake API. Unrouted requests get a 404 with a message naming them.
 *
 * @example
 * const api = makeFakeApi().route("POST", "/execute/buy/v7", { body: { steps: [] } })
 * const layer = testLayer({ api, wallet: makeFakeWallet() })
 */
export const makeFakeApi = (): FakeApi => {
  const routes: Array<Route> = []
  const requests: Array<RecordedRequest> = []

  const send = (request: TransportRequest) =>
    Effect.gen(function* () {
      const url = new URL(request.url)
      const query: Record<string, Array<string>> = {}
      url.searchParams.forEach((value, key) => {
        ;(query[key] ??= []).push(value)
      })
      const recorded: RecordedRequest = {
        method: request.method,
        url,
        path: url.pathname,
        query,
        headers: revealHeaders(request.headers),
        body: decodeBody(request.body),
        at: yield* Clock.currentTimeMillis,
      }
      requests.push(recorded)
      const route = [...routes].reverse().find((candidate) => matches(candidate, request.method, url.pathname))
      const answer: FakeResponse =
        route === undefined
          ? { status: 404, body: { message: `No fake route for ${request.method} ${url.pathname}`, statusCode: 404 } }
          : yield* respond(route.responder, recorded, route.calls++).pipe(
              Effect.mapError((cause) => new TransportError("TransportError", cause, cause.message)),
            )
      return {
        status: answer.status ?? 200,
        headers: { "content-type": "application/json", ...lowerCaseNames(answer.headers) },
        body:
          answer.body === undefined ? "" : typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body),
      }
    })

  const api: FakeApi = {
    route: (method, path, responder) => {
      routes.push({ method: method.toUpperCase(), path, responder, calls: 0 })
      return api
    },
    get requests() {
      return [...requests]
    },
    requestsTo: (path) =>
      requests.filter((request) => (typeof path === "string" ? request.path === path : path.test(request.path))),
    layer: Layer.succeed(HttpTransport, { send }),
  }
  return api
}
