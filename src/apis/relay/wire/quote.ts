import * as Schema from "effect/Schema"
import { type Address, zeroAddress } from "viem"

/**
 * Relay's quote route and its shapes, in one module: moving to `/quote/v3` (an API key required; `/quote/v2`
 * retires on 2027-02-23) is a change here alone.
 */
export const QUOTE_ROUTE = "/quote/v2"

/** A destination call as Relay's quote takes it: value a decimal string. */
export interface QuoteCall {
  readonly to: Address
  readonly data: `0x${string}`
  readonly value: string
}

/** What a quote for calls asks: native currency in, the calls' exact value out, refunds and recipient the user. */
export const callQuoteRequest = (request: {
  readonly user: Address
  readonly originChainId: number
  readonly destinationChainId: number
  readonly txs: ReadonlyArray<QuoteCall>
  readonly referrer?: string | undefined
}) => ({
  user: request.user,
  originChainId: request.originChainId,
  destinationChainId: request.destinationChainId,
  originCurrency: zeroAddress,
  destinationCurrency: zeroAddress,
  amount: request.txs.reduce((sum, tx) => sum + BigInt(tx.value), 0n).toString(),
  tradeType: "EXACT_OUTPUT",
  txs: request.txs,
  recipient: request.user,
  refundTo: request.user,
  ...(request.referrer !== undefined && request.referrer !== "" ? { referrer: request.referrer } : {}),
  includeProtocolData: true,
})

const Uint = Schema.String
const Refund = Schema.Struct({
  chainId: Schema.String,
  recipient: Schema.String,
  currency: Schema.String,
  minimumAmount: Uint,
  deadline: Schema.Number,
  extraData: Schema.String,
})

/** A Relay protocol v2 order (`protocol.v2.orderData`): what the deposit's id is the hash of. */
export const RelayOrderData = Schema.Struct({
  version: Schema.String,
  solverChainId: Schema.String,
  solver: Schema.String,
  salt: Uint,
  inputs: Schema.Array(
    Schema.Struct({
      payment: Schema.Struct({ chainId: Schema.String, currency: Schema.String, amount: Uint, weight: Uint }),
      refunds: Schema.Array(Refund),
    }),
  ),
  output: Schema.Struct({
    chainId: Schema.String,
    payments: Schema.Array(
      Schema.Struct({
        recipient: Schema.String,
        currency: Schema.String,
        minimumAmount: Uint,
        expectedAmount: Uint,
      }),
    ),
    calls: Schema.Array(Schema.String),
    deadline: Schema.Number,
    extraData: Schema.String,
  }),
  fees: Schema.Array(
    Schema.Struct({
      recipientChainId: Schema.String,
      recipient: Schema.String,
      currencyChainId: Schema.String,
      currency: Schema.String,
      amount: Uint,
    }),
  ),
})
export type RelayOrderData = typeof RelayOrderData.Type

/** A fee of Relay's answer: its currency and amount. */
const RelayFee = Schema.Struct({
  currency: Schema.optional(
    Schema.Struct({
      address: Schema.String,
      symbol: Schema.optional(Schema.String),
      decimals: Schema.optional(Schema.Number),
    }),
  ),
  amount: Schema.optional(Schema.String),
  amountFormatted: Schema.optional(Schema.String),
})

/** Relay's quote answer, as tradekit reads it: the steps, the fees, and the protocol data the deposit is held to. */
export const QuoteAnswer = Schema.Struct({
  steps: Schema.Array(Schema.Unknown),
  fees: Schema.optional(Schema.Struct({ relayer: Schema.optional(RelayFee) })),
  details: Schema.optional(Schema.Unknown),
  protocol: Schema.optional(
    Schema.Struct({
      v2: Schema.Struct({
        orderId: Schema.String,
        orderData: RelayOrderData,
        paymentDetails: Schema.Struct({
          chainId: Schema.String,
          depository: Schema.String,
          currency: Schema.String,
          amount: Uint,
        }),
      }),
    }),
  ),
})
export type QuoteAnswer = typeof QuoteAnswer.Type
