import * as Effect from "effect/Effect"
import type { ExecuteRequest } from "../../pipeline/ExecutionContext.js"
import { snapshotOf } from "../../pipeline/ExecutionSnapshot.js"
import { deepFreeze } from "../../pipeline/internal/deepFreeze.js"
import type { ExecuteResponse } from "../../schema/ExecuteResponse.js"
import type { CommonActionParameters } from "./ActionOptions.js"

/**
 * Publishes a precheck's answer as one snapshot, as reservoir-sdk calls onProgress with the fetched steps: a
 * frozen copy, as every snapshot is, so writing into it cannot change the answer the precheck resolves to.
 */
export const precheckProgress = (
  parameters: CommonActionParameters,
  response: ExecuteResponse,
  request: ExecuteRequest,
  chainId: number,
): Effect.Effect<void> =>
  parameters.onProgress === undefined ? Effect.void : parameters.onProgress(deepFreeze(snapshotOf(structuredClone(response), request, chainId)))
