import * as Schema from "effect/Schema"
import { formatMessage } from "./internal/formatMessage.js"

/**
 * The account cannot pay for the transaction: its ETH balance is below the gas it needs at the chain's max fee
 * plus the value it sends. It was not sent, so no wallet prompt and no gas. A chain whose `paymasterService`
 * sponsors the gas (with a wallet that supports it) is not refused for this.
 */
export class InsufficientFundsError extends Schema.TaggedError<InsufficientFundsError>()("InsufficientFundsError", {
  message: Schema.String,
  /** The account that would pay. */
  address: Schema.String,
  chainId: Schema.Number,
  /** Its balance, in wei (a decimal string). */
  balance: Schema.String,
  /** What the transaction needs, gas × max fee + value, in wei (a decimal string); unknown when the node refused it. */
  required: Schema.optional(Schema.String),
}) {
  /** Builds the error: the account cannot pay for gas, with its balance and what is needed. */
  static of(fields: {
    readonly address: string
    readonly chainId: number
    readonly balance: bigint | undefined
    readonly required?: bigint | undefined
    readonly details?: string | undefined
  }): InsufficientFundsError {
    return new InsufficientFundsError({
      address: fields.address,
      chainId: fields.chainId,
      balance: (fields.balance ?? 0n).toString(),
      ...(fields.required !== undefined ? { required: fields.required.toString() } : {}),
      message: formatMessage(
        "The account cannot pay for gas: its ETH balance is too low, so the transaction was not sent",
        {
          meta: {
            Account: fields.address,
            Chain: fields.chainId,
            "Balance (wei)": fields.balance?.toString(),
            "Needed, gas × max fee + value (wei)": fields.required?.toString(),
          },
          ...(fields.details !== undefined ? { details: fields.details } : {}),
        },
      ),
    })
  }
}
