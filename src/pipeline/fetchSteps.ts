import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { APIError, type ApiRequestError } from "../errors/index.js"
import { ExecuteResponse } from "../schema/ExecuteResponse.js"
import type { ApiClientService } from "../services/ApiClient.js"
import type { RetryPolicy } from "../services/RetryPolicy.js"
import { messageOf } from "../errors/messageOf.js"
import { decodeApiBody } from "../services/decodeApiBody.js"
import type { ExecuteRequest } from "./ExecutionContext.js"

/**
 * Posts an execute request and decodes the steps. A body with an `error` is an APIError; a body without
 * valid steps is a MalformedResponseError. Nothing has been signed or sent when either happens.
 */
export const fetchSteps = (
  api: ApiClientService,
  baseApiUrl: string,
  request: ExecuteRequest,
  options: { readonly signature?: Option.Option<string>; readonly retry?: RetryPolicy } = {},
): Effect.Effect<ExecuteResponse, ApiRequestError> =>
  Effect.gen(function* () {
    const response = yield* api.request({
      baseApiUrl,
      path: request.path,
      method: "POST",
      body: request.body,
      query: Option.match(options.signature ?? Option.none(), { onNone: () => ({}), onSome: (value) => ({ signature: value }) }),
      ...(options.retry !== undefined ? { retry: options.retry } : {}),
    })
    const body = response.body
    if (typeof body === "object" && body !== null && "error" in body && (body as { error?: unknown }).error) {
      const error = (body as { error: unknown }).error
      return yield* new APIError({ message: messageOf(error), statusCode: response.status, rawError: body, endpoint: request.path })
    }
    return yield* decodeApiBody(ExecuteResponse, request.path, body)
  }).pipe(Effect.withSpan("tradekit.fetchSteps"))
