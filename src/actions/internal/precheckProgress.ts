import * as Effect from "effect/Effect"
import type { ExecuteRequest } from "../../pipeline/ExecutionContext.js"
import { snapshotOf } from "../../pipeline/ExecutionSnapshot.js"
import type { ExecuteResponse } from "../../schema/ExecuteResponse.js"
import type { CommonActionParameters } from "./ActionOptions.js"

/** Publishes a precheck's answer as one snapshot, as reservoir-sdk calls onProgress with the fetched steps. */
export const precheckProgress = (
  parameters: CommonActionParameters,
  response: ExecuteResponse,
  request: ExecuteRequest,
  chainId: number,
): Effect.Effect<void> =>
  parameters.onProgress === undefined ? Effect.void : parameters.onProgress(snapshotOf(response, request, chainId))
