import * as Effect from "effect/Effect"
import type * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import type { Json } from "./Json.js"
import type { ResolvedOpenSeaConfig } from "./OpenSeaConfig.js"
import { OpenSeaFailure } from "./OpenSeaFailure.js"

/** One call of OpenSea's API v2: its answer's JSON body, or an OpenSeaFailure. */
export type OpenSeaCall = (method: "GET" | "POST", path: string, body?: unknown) => Effect.Effect<Json, OpenSeaFailure>

/** OpenSea's message for a refusal: its `errors` joined, else its `message` or `detail`, else the status. */
const refusalMessage = (status: number, body: unknown): string => {
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {}
  if (Array.isArray(record.errors) && record.errors.length > 0) return record.errors.map(String).join("; ")
  if (typeof record.message === "string" && record.message !== "") return record.message
  if (typeof record.detail === "string" && record.detail !== "") return record.detail
  return `OpenSea answered ${status}`
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * Calls OpenSea over `http` with the API key: a non-2xx answer fails with its status, OpenSea's message and its
 * `retry-after`; a network failure fails as a 503 (transient: the caller's retry policy tries again).
 */
export const makeOpenSeaCall =
  (http: HttpClient.HttpClient, config: ResolvedOpenSeaConfig): OpenSeaCall =>
  (method, path, body) =>
    Effect.gen(function* () {
      const base = HttpClientRequest.make(method)(`${config.apiBaseUrl}${path}`).pipe(
        HttpClientRequest.setHeaders({ "x-api-key": config.apiKey, accept: "application/json" }),
      )
      const request = body === undefined ? base : HttpClientRequest.bodyJsonUnsafe(base, body)
      const response = yield* http.execute(request)
      const answer = parse(yield* response.text)
      if (response.status >= 200 && response.status < 300) return answer as Json
      return yield* Effect.fail(new OpenSeaFailure(response.status, refusalMessage(response.status, answer), response.headers["retry-after"]))
    }).pipe(Effect.catchTag("HttpClientError", (error) => Effect.fail(new OpenSeaFailure(503, `OpenSea could not be reached: ${error.message}`))))
