import * as Schema from "effect/Schema"
import { isPositive } from "./checks.js"
import { Address, AmountString, Hex, TxHash } from "./primitives.js"

/** An EIP-191 personal message to sign: a 32-byte hex message is signed as raw bytes, anything else as text. */
export const Eip191Sign = Schema.Struct({
  signatureKind: Schema.Literal("eip191"),
  message: Schema.String,
})

/**
 * The EIP-712 domain: the fields EIP-712 names must have their types (a name and version are strings, the
 * verifying contract an address, the salt 32 bytes); the chain id is checked against the configured chains.
 */
export const Eip712Domain = Schema.StructWithRest(
  Schema.Struct({
    name: Schema.optional(Schema.String),
    version: Schema.optional(Schema.String),
    chainId: Schema.optional(Schema.NullOr(Schema.Union([Schema.Number, Schema.String]))),
    verifyingContract: Schema.optional(Address),
    salt: Schema.optional(TxHash),
  }),
  [Schema.Record(Schema.String, Schema.Unknown)],
)

/** EIP-712 typed data to sign; its primary type must be one of its types. */
export const Eip712Sign = Schema.Struct({
  signatureKind: Schema.Literal("eip712"),
  domain: Eip712Domain,
  types: Schema.Record(Schema.String, Schema.Array(Schema.Struct({ name: Schema.String, type: Schema.String }))),
  primaryType: Schema.String,
  value: Schema.Record(Schema.String, Schema.Unknown),
}).check(
  Schema.makeFilter(
    (sign) =>
      Object.hasOwn(sign.types, sign.primaryType) || `a primary type "${sign.primaryType}" that is not among the types`,
  ),
)

/** What a signature item asks the wallet to sign. */
export const Sign = Schema.Union([Eip191Sign, Eip712Sign])
export type Sign = typeof Sign.Type

/** Where a signature item's result is posted, and with what body. */
export const Post = Schema.Struct({
  endpoint: Schema.String,
  method: Schema.optional(Schema.String),
  body: Schema.optional(Schema.Unknown),
})
export type Post = typeof Post.Type

/** The endpoint an item is polled on until the API reports it done. Method defaults to POST. */
export const Check = Schema.Struct({
  endpoint: Schema.String,
  method: Schema.optional(Schema.String),
  body: Schema.optional(Schema.Unknown),
})
export type Check = typeof Check.Type

/** A transaction the wallet is asked to send. */
export const TransactionData = Schema.Struct({
  from: Address,
  to: Address,
  data: Schema.optional(Hex),
  value: Schema.optional(AmountString),
  chainId: Schema.optional(Schema.Int.check(isPositive)),
  gas: Schema.optional(AmountString),
  maxFeePerGas: Schema.optional(AmountString),
  maxPriorityFeePerGas: Schema.optional(AmountString),
})
export type TransactionData = typeof TransactionData.Type

/** What a signature item asks: something to sign, something to post, or both. */
export const SignatureData = Schema.Struct({
  sign: Schema.optional(Sign),
  post: Schema.optional(Post),
})
export type SignatureData = typeof SignatureData.Type

/** A transaction hash with the chain it lives on. */
export const ChainTxHash = Schema.Struct({
  txHash: TxHash,
  chainId: Schema.Number,
  isCrossChainIntent: Schema.optional(Schema.Boolean),
})
export type ChainTxHash = typeof ChainTxHash.Type

/** An order the API created from a posted signature. */
export const OrderData = Schema.Struct({
  orderId: Schema.String,
  crossPostingOrderId: Schema.optional(Schema.NullishOr(Schema.String)),
  orderIndex: Schema.optional(Schema.Union([Schema.Number, Schema.String])),
  /**
   * An off-chain cancel's: until when a fill signature the book handed out before the cancel may still be used (ISO
   * 8601, OpenSea's `last_signature_issued_valid_until`); the cancel is assured only after it.
   */
  fillableUntil: Schema.optional(Schema.String),
})
export type OrderData = typeof OrderData.Type

/** A transfer the indexer saw in one of the item's transactions. */
export const TransferRecord = Schema.Struct({
  txHash: Schema.String,
  token: Schema.optional(Schema.Struct({ contract: Schema.String, tokenId: Schema.String })),
  from: Schema.optional(Schema.String),
  to: Schema.optional(Schema.String),
  amount: Schema.optional(Schema.Union([Schema.String, Schema.Number])),
})
export type TransferRecord = typeof TransferRecord.Type

/**
 * A transaction item's estimated network fee, filled in by tradekit (never by the API): the gas the simulation
 * needs, the max fee per gas (the item's own, else the chain's current one) and their product, in wei, as
 * decimal strings. The fee is an upper bound: a transaction pays the base fee plus its tip, at most this.
 */
export const NetworkFee = Schema.Struct({
  gas: Schema.String,
  maxFeePerGas: Schema.String,
  fee: Schema.String,
  /** Who pays the fee: the user, or a paymaster service's sponsor (ERC-7677). Absent: the user. */
  paidBy: Schema.optional(Schema.Literals(["user", "sponsor"])),
  /** What the user pays of it, in wei: the fee, or "0" when a sponsor pays. */
  userFee: Schema.optional(Schema.String),
})
export type NetworkFee = typeof NetworkFee.Type

const itemFields = {
  status: Schema.Literals(["incomplete", "complete"]),
  check: Schema.optional(Check),
  orderIds: Schema.optional(Schema.Array(Schema.String)),
  orderIndexes: Schema.optional(Schema.Array(Schema.Number)),
  orderData: Schema.optional(Schema.Array(OrderData)),
  txHashes: Schema.optional(Schema.Array(ChainTxHash)),
  internalTxHashes: Schema.optional(Schema.Array(ChainTxHash)),
  transfersData: Schema.optional(Schema.Array(TransferRecord)),
  error: Schema.optional(Schema.String),
  errorData: Schema.optional(Schema.Unknown),
  /** The book's latest word on a sent transaction it follows (Relay's `waiting`, `pending`, `delayed`, …). */
  checkStatus: Schema.optional(Schema.String),
  tip: Schema.optional(Schema.String),
  networkFee: Schema.optional(NetworkFee),
  /** The item's transaction was sent in a batch a paymaster service sponsored: the user paid no gas for it. */
  sponsored: Schema.optional(Schema.Boolean),
}

/** An item of a transaction step; `data` is absent while the API is not ready to hand it out. */
export const TransactionStepItem = Schema.Struct({ ...itemFields, data: Schema.optional(TransactionData) })
export type TransactionStepItem = typeof TransactionStepItem.Type

/** An item of a signature step; `data` is absent while the API is not ready to hand it out. */
export const SignatureStepItem = Schema.Struct({ ...itemFields, data: Schema.optional(SignatureData) })
export type SignatureStepItem = typeof SignatureStepItem.Type

const stepFields = {
  id: Schema.String,
  action: Schema.optional(Schema.String),
  description: Schema.optional(Schema.String),
  error: Schema.optional(Schema.String),
  errorData: Schema.optional(Schema.Unknown),
}

/** A step whose items are transactions to send. */
export const TransactionStep = Schema.Struct({
  ...stepFields,
  kind: Schema.Literal("transaction"),
  items: Schema.optional(Schema.Array(TransactionStepItem)),
})
export type TransactionStep = typeof TransactionStep.Type

/** A step whose items are messages to sign (and post). */
export const SignatureStep = Schema.Struct({
  ...stepFields,
  kind: Schema.Literal("signature"),
  items: Schema.optional(Schema.Array(SignatureStepItem)),
})
export type SignatureStep = typeof SignatureStep.Type

/** One step of an execution: every item of it is done before the next step starts. */
export const Step = Schema.Union([TransactionStep, SignatureStep])
export type Step = typeof Step.Type

/** An item of either kind of step. */
export type StepItem = TransactionStepItem | SignatureStepItem
