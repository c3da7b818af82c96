/**
 * The devnet's Relay order id against vectors computed by Relay's own protocol SDK
 * (`getOrderId` of `@reservoir0x/relay-protocol-sdk` 0.0.63, on the orders below, with both chains EVM). The SDK is
 * no dependency of this repository (it pulls in the Tron, Solana, Sui and Bitcoin stacks), so its answers are kept
 * here; `test/integration/devnet-relay/orderId.test.ts` asks the SDK itself when it is unpacked beside the tests.
 */
import { describe, expect, it } from "vitest"
import { type RelayOrder, relayOrderId } from "../../../devnet/relay/order.js"

const vectors: ReadonlyArray<{ readonly order: RelayOrder; readonly id: string }> = [
  {
    order: {
      version: "v1",
      solverChainId: "31337",
      solver: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
      salt: "1",
      inputs: [
        {
          payment: {
            chainId: "31337",
            currency: "0x0000000000000000000000000000000000000000",
            amount: "20000000000000000",
            weight: "1",
          },
          refunds: [
            {
              chainId: "31337",
              recipient: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
              currency: "0x0000000000000000000000000000000000000000",
              minimumAmount: "0",
              deadline: 1800000000,
              extraData: "0x",
            },
          ],
        },
      ],
      output: {
        chainId: "31338",
        payments: [],
        calls: [
          "0x0000000000000000000000005fbdb2315678afecb367f032d93f642f64180aa3000000000000000000000000000000000000000000000000000000000000006000000000000000000000000000000000000000000000000000470de4df820000000000000000000000000000000000000000000000000000000000000000000440c10f1900000000000000000000000000000000000000000000000000000000",
        ],
        deadline: 1800000000,
        extraData: "0x",
      },
      fees: [],
    } as RelayOrder,
    id: "0x7cba5a4165ec1dad82969a7d1aab718a8e5db6a2f89ebc617a37de865d565491",
  },
  {
    order: {
      version: "v1",
      solverChainId: "31338",
      solver: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
      salt: "123456789012345678901234567890",
      inputs: [
        {
          payment: {
            chainId: "31337",
            currency: "0x0000000000000000000000000000000000000000",
            amount: "5",
            weight: "2",
          },
          refunds: [],
        },
      ],
      output: {
        chainId: "31338",
        payments: [
          {
            recipient: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
            currency: "0x0000000000000000000000000000000000000000",
            minimumAmount: "4",
            expectedAmount: "5",
          },
        ],
        calls: [],
        deadline: 1900000000,
        extraData: "0x1234",
      },
      fees: [
        {
          recipientChainId: "31337",
          recipient: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
          currencyChainId: "31337",
          currency: "0x0000000000000000000000000000000000000000",
          amount: "1",
        },
      ],
    } as RelayOrder,
    id: "0x413579c7e0d6ec6de1a612bbd0d6d28cee8ad7b30b8014104f90bceca5888a6c",
  },
]

describe("relayOrderId", () => {
  it("is the id Relay's protocol SDK computes for each order", () => {
    for (const { order, id } of vectors) expect(relayOrderId(order)).toBe(id)
  })

  it("changes when any part of the order changes (a call, a refund's recipient)", () => {
    const [first] = vectors
    const order = first!.order
    const otherCall = { ...order, output: { ...order.output, calls: [`${order.output.calls[0]}00` as `0x${string}`] } }
    expect(relayOrderId(otherCall)).not.toBe(first!.id)
    const refund = order.inputs[0]!.refunds[0]!
    const otherRefund = {
      ...order,
      inputs: [{ ...order.inputs[0]!, refunds: [{ ...refund, recipient: order.solver }] }],
    }
    expect(relayOrderId(otherRefund)).not.toBe(first!.id)
  })
})
