import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { APIError, type ApiRequestError, MalformedResponseError } from "../../errors/index.js"
import { messageOf } from "../../errors/messageOf.js"
import { NO_STACK } from "../../internal/spanOptions.js"
import { ExecuteResponse } from "../../schema/ExecuteResponse.js"
import type { TradeRequest } from "../../schema/TradeRequest.js"
import type { ChainApi } from "../../services/ChainApi.js"
import { decodeApiBody } from "../../services/decodeApiBody.js"
import { NO_RETRY, type RetryPolicy, withRetry } from "../../services/RetryPolicy.js"
import { EXECUTE_ROUTES } from "./executeRoutes.js"

// The retry policy decides on a malformed answer as on a 502 (the server answered, but not usably): the
// error travels as one through the policy, and comes out as itself when the retries are spent.
const asBadGateway = (error: ApiRequestError): ApiRequestError =>
  error._tag === "MalformedResponseError"
    ? new APIError({ message: error.message, statusCode: 502, rawError: error, endpoint: error.endpoint })
    : error

// An item's `networkFee` is tradekit's own estimate (see `simulate`): one the API sent is dropped, never shown as ours.
const withoutApiNetworkFees = (response: ExecuteResponse): ExecuteResponse => ({
  ...response,
  steps: response.steps.map((step) =>
    step.items === undefined
      ? step
      : ({ ...step, items: step.items.map(({ networkFee: _fromApi, ...item }) => item) } as typeof step),
  ),
})

const unwrapMalformed = (error: ApiRequestError): ApiRequestError =>
  error._tag === "APIError" && error.rawError instanceof MalformedResponseError ? error.rawError : error

/**
 * Posts a request to its action's execute route and decodes the steps. A body with an `error` is an APIError; a body without
 * valid steps is a MalformedResponseError. Nothing has been signed or sent when either happens. A `networkFee`
 * the API put on an item is dropped: only tradekit's own estimate is shown.
 *
 * With `retry`, a transient failure and a malformed answer alike are retried under that policy, sharing
 * one budget (callers pass it only while nothing is signed or sent). Without it, the client's policy
 * retries transient failures and a malformed answer fails at once.
 */
export const fetchPlan = (
  api: ChainApi,
  request: TradeRequest,
  options: { readonly signature?: Option.Option<string>; readonly retry?: RetryPolicy } = {},
): Effect.Effect<ExecuteResponse, ApiRequestError> => {
  const path = EXECUTE_ROUTES[request.action]
  const once = (retry: RetryPolicy | undefined) =>
    Effect.gen(function* () {
      const response = yield* api.request({
        path,
        method: "POST",
        body: request.params,
        query: Option.match(options.signature ?? Option.none(), {
          onNone: () => ({}),
          onSome: (value) => ({ signature: value }),
        }),
        ...(retry !== undefined ? { retry } : {}),
      })
      const body = response.body
      if (typeof body === "object" && body !== null && "error" in body && (body as { error?: unknown }).error) {
        const error = (body as { error: unknown }).error
        return yield* new APIError({
          message: messageOf(error),
          statusCode: response.status,
          rawError: body,
          endpoint: path,
        })
      }
      return withoutApiNetworkFees(yield* decodeApiBody(ExecuteResponse, path, body))
    })
  const fetched =
    options.retry === undefined
      ? once(undefined)
      : withRetry(options.retry, path, Effect.mapError(once(NO_RETRY), asBadGateway)).pipe(
          Effect.mapError(unwrapMalformed),
        )
  return fetched.pipe(Effect.withSpan("tradekit.fetchPlan", undefined, NO_STACK))
}
