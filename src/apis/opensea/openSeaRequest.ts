import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import { type HttpTransportService, TransportError } from "../../services/HttpTransport.js"
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

/** What failed on the way, as effect/http words it: "Transport error (GET https://…/path)", without the query. */
const unreachableMessage = ({ reason, description }: TransportError, method: string, href: string): string =>
  `${reason.replace(/Error$/, "")}${description ? `: ${description}` : " error"} (${method} ${href.split("?")[0]})`

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * Calls OpenSea over `send` with the API key: a non-2xx answer fails with its status, OpenSea's message and its
 * `retry-after`; a network failure fails as a 503 (transient: the caller's retry policy tries again).
 */
export const makeOpenSeaCall =
  (send: HttpTransportService["send"], config: ResolvedOpenSeaConfig): OpenSeaCall =>
  (method, path, body) => {
    const href = `${config.apiBaseUrl}${path}`
    return Effect.gen(function* () {
      const url = yield* Effect.try({ try: () => new URL(href), catch: (cause) => new TransportError("InvalidUrlError", cause) })
      const response = yield* send({
        method,
        url,
        headers: {
          "x-api-key": Redacted.make(config.apiKey),
          accept: "application/json",
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const answer = parse(response.body)
      if (response.status >= 200 && response.status < 300) return answer as Json
      return yield* Effect.fail(new OpenSeaFailure(response.status, refusalMessage(response.status, answer), response.headers["retry-after"]))
    }).pipe(
      Effect.catchTag("TransportError", (error) =>
        Effect.fail(new OpenSeaFailure(503, `OpenSea could not be reached: ${unreachableMessage(error, method, href)}`)),
      ),
    )
  }
