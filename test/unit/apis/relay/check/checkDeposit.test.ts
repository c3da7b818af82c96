import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { encodeFunctionData, getAddress, type Hex, parseAbi, parseEther, zeroAddress } from "viem"
import { checkDeposit, type DepositExpectation } from "../../../../../src/apis/relay/check/checkDeposit.js"
import { relayCallBytes, relayOrderId } from "../../../../../src/apis/relay/check/relayOrderId.js"
import type { QuoteAnswer, RelayOrderData } from "../../../../../src/apis/relay/wire/quote.js"

const USER = getAddress("0x00000000000000000000000000000000000000a1")
const STRANGER = getAddress("0x00000000000000000000000000000000000000b2")
const DEPOSITORY = getAddress("0x4cd00e387622c35bddb9b4c962c136462338bc31")
const NFT = getAddress("0x00000000000000000000000000000000000000c3")
const VALUE = parseEther("0.01")
const depositAbi = parseAbi(["function depositNative(address depositor, bytes32 id) payable"])

const expectation: DepositExpectation = {
  user: USER,
  originChainId: 1,
  destinationChainId: 8453,
  txs: [{ to: NFT, data: "0x40c10f19", value: VALUE.toString() }],
  depository: DEPOSITORY,
  maxFeeBps: 500n,
}

/** An honest quote for the expectation, paying `amount`, its order changed by `change` (the id recomputed). */
const quoteOf = (amount = VALUE, change: (order: RelayOrderData) => RelayOrderData = (order) => order): QuoteAnswer => {
  const orderData = change({
    version: "v1",
    solverChainId: "1",
    solver: "0xf70da97812cb96acdf810712aa562db8dfa3dbef",
    salt: "7",
    inputs: [
      {
        payment: { chainId: "1", currency: zeroAddress, amount: amount.toString(), weight: "1" },
        refunds: [
          { chainId: "1", recipient: USER, currency: zeroAddress, minimumAmount: "0", deadline: 2e9, extraData: "0x" },
        ],
      },
    ],
    output: {
      chainId: "8453",
      payments: [],
      calls: [relayCallBytes({ to: NFT, data: "0x40c10f19", value: VALUE })],
      deadline: 2e9,
      extraData: "0x",
    },
    fees: [],
  })
  const orderId = relayOrderId(orderData)
  return {
    steps: [
      {
        id: "deposit",
        kind: "transaction",
        items: [
          {
            status: "incomplete",
            data: {
              from: USER,
              to: DEPOSITORY,
              data: encodeFunctionData({ abi: depositAbi, functionName: "depositNative", args: [USER, orderId] }),
              value: amount.toString(),
              chainId: 1,
            },
          },
        ],
      },
    ],
    protocol: {
      v2: {
        orderId,
        orderData,
        paymentDetails: { chainId: "1", depository: DEPOSITORY, currency: zeroAddress, amount: amount.toString() },
      },
    },
  }
}

/** The quote with its one deposit's data changed. */
const withDeposit = (quote: QuoteAnswer, data: Record<string, unknown>): QuoteAnswer => {
  const step = quote.steps[0] as { items: ReadonlyArray<{ data: Record<string, unknown> }> }
  return { ...quote, steps: [{ ...step, items: [{ ...step.items[0]!, data: { ...step.items[0]!.data, ...data } }] }] }
}

const ruleOf = (quote: QuoteAnswer) => Effect.map(Effect.flip(checkDeposit(quote, expectation)), (e) => e.check)

describe("checkDeposit", () => {
  it.effect("passes an honest quote, with the order id and the amount deposited", () =>
    Effect.gen(function* () {
      const quote = quoteOf(VALUE + VALUE / 100n)
      expect(yield* checkDeposit(quote, expectation)).toEqual({
        orderId: quote.protocol!.v2.orderId as Hex,
        amount: VALUE + VALUE / 100n,
      })
    }),
  )

  it.effect.each([
    ["no protocol data", () => ({ ...quoteOf(), protocol: undefined }), "order"],
    ["a deposit to another address", () => withDeposit(quoteOf(), { to: STRANGER }), "target"],
    ["a deposit on another chain", () => withDeposit(quoteOf(), { chainId: 10 }), "chain"],
    ["another function", () => withDeposit(quoteOf(), { data: "0xe8017952" }), "function"],
    [
      "another depositor",
      () =>
        withDeposit(quoteOf(), {
          data: encodeFunctionData({
            abi: depositAbi,
            functionName: "depositNative",
            args: [STRANGER, `0x${"0".repeat(64)}`],
          }),
        }),
      "offerer",
    ],
    [
      "an order id that is not the order's hash",
      () => ({ ...quoteOf(), protocol: { v2: { ...quoteOf().protocol!.v2, orderId: `0x${"1".repeat(64)}` } } }),
      "order",
    ],
    ["other calls", () => quoteOf(VALUE, (o) => ({ ...o, output: { ...o.output, calls: [] } })), "calldata"],
    ["another destination", () => quoteOf(VALUE, (o) => ({ ...o, output: { ...o.output, chainId: "10" } })), "chain"],
    [
      "a refund to a stranger",
      () =>
        quoteOf(VALUE, (o) => ({
          ...o,
          inputs: o.inputs.map((i) => ({ ...i, refunds: i.refunds.map((r) => ({ ...r, recipient: STRANGER })) })),
        })),
      "recipient",
    ],
    ["more than the fee bound", () => quoteOf(VALUE * 2n), "value"],
    ["less than the calls' value", () => quoteOf(VALUE / 2n), "value"],
    [
      "a deposit other than the order's payment",
      () => withDeposit(quoteOf(), { value: (VALUE + 1n).toString() }),
      "payment",
    ],
  ] as const)("refuses %s", ([, quote, rule]) => Effect.map(ruleOf(quote()), (check) => expect(check).toBe(rule)))
})
