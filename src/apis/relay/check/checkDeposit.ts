import * as Effect from "effect/Effect"
import { type Address, decodeFunctionData, type Hex, isAddressEqual, parseAbi, zeroAddress } from "viem"
import { OrderCheckError, type OrderCheckRule } from "../../../errors/OrderCheckError.js"
import type { QuoteAnswer, QuoteCall } from "../wire/quote.js"
import { relayCallBytes, relayOrderId } from "./relayOrderId.js"

/** The Depository's deposit functions, as relay-depository publishes them. */
const depositoryAbi = parseAbi([
  "function depositNative(address depositor, bytes32 id) payable",
  "function depositErc20(address depositor, address token, uint256 amount, bytes32 id)",
])

/** What the user asked, and what tradekit trusts of its own: what a quote is held to. */
export interface DepositExpectation {
  readonly user: Address
  readonly originChainId: number
  readonly destinationChainId: number
  readonly txs: ReadonlyArray<QuoteCall>
  /** The origin chain's Depository, from tradekit's table (never the quote's). */
  readonly depository: Address
  /** The most the deposit may exceed the calls' value by, in basis points of it. */
  readonly maxFeeBps: bigint
}

/** A transaction the quote asks the wallet to send. */
interface DepositTransaction {
  readonly from?: string
  readonly to?: string
  readonly data?: string
  readonly value?: string | number
  readonly chainId?: number
}

const refuse = (check: OrderCheckRule, short: string, facts: Readonly<Record<string, string | bigint>> = {}) =>
  Effect.fail(OrderCheckError.of({ book: "relay", check, short, facts }))

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** The transactions of the quote's steps; a signature step is refused (a native call's deposit needs none). */
const transactionsOf = (steps: ReadonlyArray<unknown>) =>
  Effect.gen(function* () {
    const transactions: Array<DepositTransaction> = []
    for (const step of steps as ReadonlyArray<{ kind?: string; items?: ReadonlyArray<{ data?: unknown }> }>) {
      if (step.kind !== "transaction")
        return yield* refuse("function", "The quote asks for a signature: a native deposit needs none")
      for (const item of step.items ?? []) transactions.push((item.data ?? {}) as DepositTransaction)
    }
    if (transactions.length !== 1)
      return yield* refuse("order", "The quote does not ask for exactly one deposit", {
        Got: `${transactions.length} transactions`,
      })
    return transactions[0]!
  })

/** Holds the order the deposit pays for to the calls asked: its id, its chains, its calls, its refunds and payments. */
const checkOrder = (protocol: NonNullable<QuoteAnswer["protocol"]>["v2"], expect: DepositExpectation) =>
  Effect.gen(function* () {
    const order = protocol.orderData
    const id = relayOrderId(order)
    if (!same(id, protocol.orderId))
      return yield* refuse("order", "The quote's order id is not the hash of its order", {
        Expected: id,
        Got: protocol.orderId,
      })
    if (order.output.chainId !== String(expect.destinationChainId))
      return yield* refuse("chain", "The order makes its calls on another chain than the one asked", {
        Expected: String(expect.destinationChainId),
        Got: order.output.chainId,
      })
    const asked = expect.txs.map((tx) => relayCallBytes({ to: tx.to, data: tx.data, value: BigInt(tx.value) }))
    if (asked.length !== order.output.calls.length || asked.some((call, i) => !same(call, order.output.calls[i]!)))
      return yield* refuse("calldata", "The order's destination calls are not the calls asked, byte for byte")
    const strangers = [
      ...order.inputs.flatMap((input) => input.refunds.map((refund) => refund.recipient)),
      ...order.output.payments.map((payment) => payment.recipient),
    ].filter((recipient) => !same(recipient, expect.user))
    if (strangers.length > 0)
      return yield* refuse("recipient", "The order refunds or pays someone other than the user", {
        Expected: expect.user,
        Got: strangers.join(", "),
      })
    if (order.inputs.some((input) => input.payment.chainId !== String(expect.originChainId)))
      return yield* refuse("chain", "The order is paid on another chain than the one asked", {
        Expected: String(expect.originChainId),
      })
  })

/**
 * Holds a Relay quote for calls to what the user asked, before the deposit is signed: one `depositNative` from the
 * user's wallet on the origin chain to the origin's published Depository, naming the quote's order, whose id is the
 * hash of its data as Relay's protocol computes it; that order makes exactly the calls asked on the destination
 * chain and refunds or pays only the user; and the amount deposited is what the order's payment and the payment
 * details say, within the calls' value and the fee bound. An OrderCheckError names the rule; nothing is sent.
 */
export const checkDeposit = (
  quote: QuoteAnswer,
  expect: DepositExpectation,
): Effect.Effect<{ readonly orderId: Hex; readonly amount: bigint }, OrderCheckError> =>
  Effect.gen(function* () {
    const protocol = quote.protocol?.v2
    if (protocol === undefined)
      return yield* refuse("order", "The quote carries no protocol data to check the deposit against")
    const deposit = yield* transactionsOf(quote.steps)
    if (deposit.chainId !== expect.originChainId)
      return yield* refuse("chain", "The deposit goes out on another chain than the origin asked", {
        Expected: String(expect.originChainId),
        Got: String(deposit.chainId),
      })
    if (deposit.to === undefined || !same(deposit.to, expect.depository))
      return yield* refuse("target", "The deposit does not go to the origin chain's Relay Depository", {
        Expected: expect.depository,
        Got: deposit.to ?? "none",
      })
    if (!same(protocol.paymentDetails.depository, expect.depository))
      return yield* refuse("target", "The quote's payment details name another Depository", {
        Expected: expect.depository,
        Got: protocol.paymentDetails.depository,
      })
    const call = yield* Effect.try({
      try: () => decodeFunctionData({ abi: depositoryAbi, data: (deposit.data ?? "0x") as Hex }),
      catch: () => undefined,
    }).pipe(Effect.orElseSucceed(() => undefined))
    if (call?.functionName !== "depositNative")
      return yield* refuse("function", "The deposit is not the Depository's `depositNative`", {
        Got: call?.functionName ?? String(deposit.data).slice(0, 10),
      })
    const [depositor, id] = call.args
    if (!isAddressEqual(depositor, expect.user) || (deposit.from !== undefined && !same(deposit.from, expect.user)))
      return yield* refuse("offerer", "The deposit is not made by and for the user's wallet", {
        Expected: expect.user,
        Got: depositor,
      })
    if (!same(id, protocol.orderId))
      return yield* refuse("order", "The deposit names another order than the quote's", {
        Expected: protocol.orderId,
        Got: id,
      })
    yield* checkOrder(protocol, expect)
    const amount = BigInt(deposit.value ?? 0)
    const [payment] = protocol.orderData.inputs
    if (
      amount !== BigInt(protocol.paymentDetails.amount) ||
      payment === undefined ||
      amount !== BigInt(payment.payment.amount) ||
      !same(payment.payment.currency, zeroAddress) ||
      !same(protocol.paymentDetails.currency, zeroAddress)
    )
      return yield* refuse("payment", "The deposit pays another amount or currency than its order", {
        Deposit: amount,
        Order: payment?.payment.amount ?? "none",
      })
    const value = expect.txs.reduce((sum, tx) => sum + BigInt(tx.value), 0n)
    const most = value + (value * expect.maxFeeBps) / 10_000n
    if (amount < value || amount > most)
      return yield* refuse("value", "The deposit is outside the calls' value and the fee bound", {
        Least: value,
        Most: most,
        Got: amount,
      })
    return { orderId: protocol.orderId as Hex, amount }
  })
