/**
 * Relay protocol v2 orders as the devnet's Relay quotes them: the order's data (`protocol.v2.orderData`) and its
 * id, the EIP-712 struct hash of the normalised order (no domain), which is also the `id` of the deposit. Written
 * from the published order types of `@reservoir0x/relay-protocol-sdk`, for EVM chains only (an address or bytes
 * field is its raw bytes); test/integration/devnet-relay checks the result against that SDK's `getOrderId`.
 */
import { type Address, encodeAbiParameters, type Hex, hashStruct } from "viem"

/** A Relay protocol v2 order (`protocol.v2.orderData`); chain ids are decimal strings, amounts decimal strings. */
export interface RelayOrder {
  readonly version: "v1"
  readonly solverChainId: string
  readonly solver: Address
  readonly salt: string
  readonly inputs: ReadonlyArray<{
    readonly payment: {
      readonly chainId: string
      readonly currency: Address
      readonly amount: string
      readonly weight: string
    }
    readonly refunds: ReadonlyArray<{
      readonly chainId: string
      readonly recipient: Address
      readonly currency: Address
      readonly minimumAmount: string
      readonly deadline: number
      readonly extraData: Hex
    }>
  }>
  readonly output: {
    readonly chainId: string
    readonly payments: ReadonlyArray<{
      readonly recipient: Address
      readonly currency: Address
      readonly minimumAmount: string
      readonly expectedAmount: string
    }>
    readonly calls: ReadonlyArray<Hex>
    readonly deadline: number
    readonly extraData: Hex
  }
  readonly fees: ReadonlyArray<{
    readonly recipientChainId: string
    readonly recipient: Address
    readonly currencyChainId: string
    readonly currency: Address
    readonly amount: string
  }>
}

/** The order's EIP-712 types, as the protocol publishes them. */
const orderTypes = {
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

/** The order's id: its EIP-712 struct hash. On EVM chains an address, as `bytes`, is its 20 raw bytes. */
export function relayOrderId(order: RelayOrder): Hex {
  // biome-ignore lint/suspicious/noExplicitAny: viem's typed-data inference cannot follow the readonly nested arrays
  return hashStruct({ types: orderTypes, primaryType: "Order", data: order as any })
}

/** One destination call as an order carries it: `abi.encode((address to), (bytes data), (uint256 value))`. */
export function encodeRelayCall(call: { readonly to: Address; readonly data: Hex; readonly value: bigint }): Hex {
  return encodeAbiParameters(
    [
      { type: "tuple", components: [{ name: "to", type: "address" }] },
      { type: "tuple", components: [{ name: "data", type: "bytes" }] },
      { type: "tuple", components: [{ name: "value", type: "uint256" }] },
    ],
    [{ to: call.to }, { data: call.data }, { value: call.value }],
  )
}

/** The output's `extraData` on EVM chains: `abi.encode((address fillContract))`, the contract that makes the calls. */
export function encodeRelayExtraData(fillContract: Address): Hex {
  return encodeAbiParameters(
    [{ type: "tuple", components: [{ name: "fillContract", type: "address" }] }],
    [{ fillContract }],
  )
}
