import * as Schema from "effect/Schema"
import { TxHash } from "./primitives.js"
import { OrderData, TransferRecord } from "./Step.js"

/** The answer of an item's `check` endpoint. */
export const CheckResponse = Schema.Struct({
  status: Schema.optional(Schema.String),
  txHashes: Schema.optional(Schema.Array(TxHash)),
  details: Schema.optional(Schema.String),
  synced: Schema.optional(Schema.Boolean),
  destinationChainId: Schema.optional(Schema.Number),
})
export type CheckResponse = typeof CheckResponse.Type

/** The answer of `/transfers/bulk/v2`. */
export const TransfersResponse = Schema.Struct({
  transfers: Schema.optional(Schema.Array(TransferRecord)),
})
export type TransfersResponse = typeof TransfersResponse.Type

/** The answer to a signature post: several orders, or a single one. */
export const PostResponse = Schema.Struct({
  results: Schema.optional(Schema.Array(OrderData)),
  orderId: Schema.optional(Schema.String),
  crossPostingOrderId: Schema.optional(Schema.NullishOr(Schema.String)),
  orderIndex: Schema.optional(Schema.Union([Schema.Number, Schema.String])),
})
export type PostResponse = typeof PostResponse.Type
