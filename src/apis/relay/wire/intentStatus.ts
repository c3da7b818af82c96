import * as Schema from "effect/Schema"

/** `GET /intents/status/v3?requestId=`: how far Relay is with a request. */
export const STATUS_ROUTE = "/intents/status/v3"

/** Relay's statuses of a request. */
export const IntentStatusName = Schema.Literals([
  "waiting",
  "depositing",
  "pending",
  "submitted",
  "success",
  "delayed",
  "refund",
  "failure",
])

/** Relay's answer on a request: its status, the deposit's transactions and the fill's (or the refund's). */
export const IntentStatus = Schema.Struct({
  status: IntentStatusName,
  details: Schema.optional(Schema.NullOr(Schema.String)),
  inTxHashes: Schema.optional(Schema.Array(Schema.String)),
  txHashes: Schema.optional(Schema.Array(Schema.String)),
  originChainId: Schema.optional(Schema.Number),
  destinationChainId: Schema.optional(Schema.Number),
})
export type IntentStatus = typeof IntentStatus.Type
