import * as Effect from "effect/Effect"
import type { ExecuteResponse } from "../../schema/ExecuteResponse.js"
import type { CommonActionParameters } from "./ActionOptions.js"
import { precheckProgress } from "./precheckProgress.js"
import { runAction, type RunActionOptions } from "./runAction.js"

/**
 * Runs an action with the caller's common parameters: a precheck resolves to the API's answer (after one
 * progress update with its steps), an execution to `true`.
 * @internal
 */
export const performAction = (
  parameters: CommonActionParameters,
  options: Omit<RunActionOptions, "plugins" | "onProgress">,
) =>
  runAction({ ...options, plugins: parameters.plugins, onProgress: parameters.onProgress }).pipe(
    Effect.flatMap((result) =>
      result._tag === "Prechecked"
        ? Effect.as(
            precheckProgress(parameters, result.response, result.request, options.chain.id),
            result.response as ExecuteResponse | true,
          )
        : Effect.succeed(true as const),
    ),
  )
