import * as Schema from "effect/Schema"
import type { Hex } from "viem"
import { TxHash } from "./primitives.js"

/** What to subscribe to: a transaction by hash, or a cross-chain request by id. */
export type StatusFilter = { readonly txHash: Hex } | { readonly requestId: string }

/** The `data` of a `transaction.status` message. */
export const StatusUpdate = Schema.Struct({
  txHash: Schema.optional(Schema.String),
  requestId: Schema.optional(Schema.String),
  status: Schema.Literals(["pending", "success", "failure"]),
  txHashes: Schema.optional(Schema.Array(TxHash)),
  destinationChainId: Schema.optional(Schema.Number),
  details: Schema.optional(Schema.String),
})
export type StatusUpdate = typeof StatusUpdate.Type
