import { encodeAbiParameters, type Hex, hashStruct, type TypedData } from "viem"
import type { RelayOrderData } from "../wire/quote.js"

/**
 * Relay protocol v2's order types (`@reservoir0x/relay-protocol-sdk`, `Order`): an order id is the EIP-712 struct
 * hash of the order under them, with no domain. On EVM chains an address or bytes field is its raw bytes.
 */
const ORDER_TYPES = {
  Order: [
    { name: "version", type: "string" },
    { name: "solverChainId", type: "string" },
    { name: "solver", type: "address" },
    { name: "salt", type: "uint256" },
    { name: "inputs", type: "Input[]" },
    { name: "output", type: "Output" },
    { name: "fees", type: "Fee[]" },
  ],
  Input: [
    { name: "payment", type: "InputPayment" },
    { name: "refunds", type: "InputRefund[]" },
  ],
  InputPayment: [
    { name: "chainId", type: "string" },
    { name: "currency", type: "bytes" },
    { name: "amount", type: "uint256" },
    { name: "weight", type: "uint256" },
  ],
  InputRefund: [
    { name: "chainId", type: "string" },
    { name: "recipient", type: "bytes" },
    { name: "currency", type: "bytes" },
    { name: "minimumAmount", type: "uint256" },
    { name: "deadline", type: "uint32" },
    { name: "extraData", type: "bytes" },
  ],
  Output: [
    { name: "chainId", type: "string" },
    { name: "payments", type: "OutputPayment[]" },
    { name: "deadline", type: "uint32" },
    { name: "calls", type: "bytes[]" },
    { name: "extraData", type: "bytes" },
  ],
  OutputPayment: [
    { name: "recipient", type: "bytes" },
    { name: "currency", type: "bytes" },
    { name: "minimumAmount", type: "uint256" },
    { name: "expectedAmount", type: "uint256" },
  ],
  Fee: [
    { name: "recipientChainId", type: "string" },
    { name: "recipient", type: "bytes" },
    { name: "currencyChainId", type: "string" },
    { name: "currency", type: "bytes" },
    { name: "amount", type: "uint256" },
  ],
} as const

/** The id of a Relay order, as the protocol computes it: what the deposit names and the quote calls `orderId`. */
export const relayOrderId = (order: RelayOrderData): Hex =>
  // Typed as a generic TypedData: the decoded order's strings are the typed data's uints and bytes, which viem encodes.
  hashStruct({ types: ORDER_TYPES as TypedData, primaryType: "Order", data: order })

/** One destination call as a Relay order carries it: `abi.encode((address to), (bytes data), (uint256 value))`. */
export const relayCallBytes = (call: { readonly to: Hex; readonly data: Hex; readonly value: bigint }): Hex =>
  encodeAbiParameters(
    [
      { type: "tuple", components: [{ name: "to", type: "address" }] },
      { type: "tuple", components: [{ name: "data", type: "bytes" }] },
      { type: "tuple", components: [{ name: "value", type: "uint256" }] },
    ],
    [{ to: call.to }, { data: call.data }, { value: call.value }],
  )
