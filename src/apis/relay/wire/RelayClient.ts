import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import { type ApiRequestError, HttpRequestError } from "../../../errors/index.js"
import type { HttpTransportService } from "../../../services/HttpTransport.js"
import { apiRequestErrorOf, networkErrorOf, RESERVOIR_ANSWERS } from "../../../services/internal/apiRequestErrorOf.js"
import { parseApiBody } from "../../../services/internal/parseApiBody.js"
import type { ResolvedRelayOptions } from "../RelayOptions.js"

/** Asks Relay's API: the answer's body, or the request's typed error (Relay's `{ message }` as an APIError). */
export type RelayRequest = (
  method: "GET" | "POST",
  path: string,
  body?: unknown,
) => Effect.Effect<unknown, ApiRequestError>

/** Relay's refusals read as the Reservoir protocol's (`message`), named as Relay's. */
const RELAY_ANSWERS = { ...RESERVOIR_ANSWERS, book: "relay" }

/** Requests to Relay's API over `transport`, with the key in `x-api-key` (redacted in logs) and a time limit. */
export const makeRelayClient =
  (transport: HttpTransportService, options: ResolvedRelayOptions, timeoutMs: number): RelayRequest =>
  (method, path, body) =>
    Effect.gen(function* () {
      const url = new URL(`${options.apiBaseUrl}${path}`)
      const response = yield* transport
        .send({
          method,
          url,
          headers: {
            accept: "application/json",
            ...(body === undefined ? {} : { "content-type": "application/json" }),
            ...(options.apiKey === undefined ? {} : { "x-api-key": Redacted.make(options.apiKey) }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        })
        .pipe(
          Effect.mapError((error) => networkErrorOf(path, error)),
          Effect.timeoutOrElse({
            duration: Duration.millis(timeoutMs),
            orElse: () =>
              Effect.fail(new HttpRequestError({ reason: "timeout", endpoint: path, message: "Request timed out" })),
          }),
        )
      if (response.status < 200 || response.status >= 300)
        return yield* apiRequestErrorOf(path, response, RELAY_ANSWERS)
      return parseApiBody(response.body)
    })
