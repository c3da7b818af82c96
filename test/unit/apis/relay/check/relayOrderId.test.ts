import { type Hex, zeroAddress } from "viem"
import { describe, expect, it } from "vitest"
import { relayOrderId as devnetOrderId, encodeRelayCall, type RelayOrder } from "../../../../../devnet/relay/order.js"
import { relayCallBytes, relayOrderId } from "../../../../../src/apis/relay/check/relayOrderId.js"

const USER = "0x00000000000000000000000000000000000000a1"
const order: RelayOrder = {
  version: "v1",
  solverChainId: "8453",
  solver: "0xf70da97812cb96acdf810712aa562db8dfa3dbef",
  salt: "123456789012345678901234567890",
  inputs: [
    {
      payment: { chainId: "1", currency: zeroAddress, amount: "1000000000000000", weight: "1" },
      refunds: [
        {
          chainId: "1",
          recipient: USER,
          currency: zeroAddress,
          minimumAmount: "1",
          deadline: 1_900_000_000,
          extraData: "0x",
        },
      ],
    },
  ],
  output: {
    chainId: "8453",
    payments: [],
    calls: [relayCallBytes({ to: USER, data: "0x1234", value: 10n })],
    deadline: 1_900_000_000,
    extraData: "0x",
  },
  fees: [],
}

describe("relayOrderId", () => {
  it("is the devnet's id of the same order (the devnet's is checked against Relay's protocol SDK)", () => {
    expect(relayOrderId(order)).toBe(devnetOrderId(order))
  })

  it("changes with every field that the deposit pays for: calls, refunds, output chain, salt", () => {
    const id = relayOrderId(order)
    const variants: ReadonlyArray<RelayOrder> = [
      { ...order, salt: "1" },
      { ...order, output: { ...order.output, chainId: "10" } },
      { ...order, output: { ...order.output, calls: [] } },
      {
        ...order,
        inputs: [{ ...order.inputs[0]!, refunds: [{ ...order.inputs[0]!.refunds[0]!, recipient: zeroAddress }] }],
      },
    ]
    for (const variant of variants) expect(relayOrderId(variant)).not.toBe(id)
  })
})

describe("relayCallBytes", () => {
  it("encodes a call as the devnet's Relay (checked against Relay's SDK) puts it in an order", () => {
    const call = { to: USER, data: "0xabcdef" as Hex, value: 10n ** 16n } as const
    expect(relayCallBytes(call)).toBe(encodeRelayCall(call))
  })
})
