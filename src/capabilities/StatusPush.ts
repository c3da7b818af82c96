import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { Hex } from "viem"
import type { TransactionFailedError } from "../errors/index.js"
import type { StatusFilter, StatusUpdate } from "../schema/StatusUpdate.js"

/**
 * Subscribes to the status of a transaction on a chain's `websocketUrl`: succeeds with the pushed `success`,
 * fails on a pushed `failure`, and otherwise never ends (the poll decides).
 */
export type PushStatus = (
  url: string,
  filter: StatusFilter,
  hash: Hex,
  headers?: Readonly<Record<string, string>>,
) => Effect.Effect<StatusUpdate, TransactionFailedError>

/**
 * The status socket, when the client has it (the `statusSocket` capability); none by default: a client made
 * without it refuses a chain with a `websocketUrl` (CapabilityMissingError) rather than polling in silence.
 */
export class StatusPush extends Context.Reference<PushStatus | undefined>("tradekit/StatusPush", {
  defaultValue: () => undefined,
}) {}
