/**
 * `POST /quote/v2` of the devnet Relay, for calls paid in the native currency: the request's order (protocol v2),
 * its id, and the answer in Relay's published shape (`steps`, `fees`, `details`, `protocol.v2` when asked). The
 * destination calls are simulated first (the solver's multicall through the router), as Relay does, so a call
 * that would revert is refused with `DESTINATION_TX_FAILED` before anything is deposited.
 */
import {
  type Address,
  BaseError,
  encodeFunctionData,
  formatEther,
  type Hex,
  isAddress,
  isHex,
  type LocalAccount,
  type PublicClient,
  toHex,
  zeroAddress,
} from "viem"
import { relayDepositoryAbi, relayRouterAbi } from "../artifacts/index.js"
import type { RelayChainContracts } from "./deploy.js"
import { invalidInput, RelayApiError } from "./errors.js"
import { encodeRelayCall, encodeRelayExtraData, type RelayOrder, relayOrderId } from "./order.js"
import type { RelayCall, RelayRequests } from "./requests.js"

/** What the quote route needs of the devnet. */
export interface QuoteContext {
  readonly solver: LocalAccount
  readonly requests: RelayRequests
  readonly chains: ReadonlyMap<number, { readonly contracts: RelayChainContracts; readonly client: PublicClient }>
}

/** A quote request, checked. */
interface QuoteInput {
  readonly user: Address
  readonly recipient: Address
  readonly refundTo: Address | undefined
  readonly originChainId: number
  readonly destinationChainId: number
  readonly amount: bigint
  readonly txs: ReadonlyArray<RelayCall>
  readonly includeProtocolData: boolean
}

/** How long a quote's order stays fillable. */
const ORDER_TTL_SECONDS = 600

/** Checks the body of `POST /quote/v2`; throws Relay's 400 on anything the devnet cannot quote. */
export function parseQuote(body: unknown, chains: ReadonlyMap<number, unknown>): QuoteInput {
  if (typeof body !== "object" || body === null) throw invalidInput("body must be a JSON object")
  const b = body as Record<string, unknown>
  const address = (name: string, optional = false): Address | undefined => {
    const v = b[name]
    if (v === undefined && optional) return undefined
    if (typeof v !== "string" || !isAddress(v, { strict: false })) throw invalidInput(`${name} must be an address`)
    return v as Address
  }
  const user = address("user")!
  const chainId = (name: string): number => {
    const v = b[name]
    if (typeof v !== "number" || !Number.isInteger(v)) throw invalidInput(`${name} must be a chain id`)
    if (!chains.has(v)) throw new RelayApiError(400, "UNSUPPORTED_CHAIN", `chain ${v} is not supported`)
    return v
  }
  const originChainId = chainId("originChainId")
  const destinationChainId = chainId("destinationChainId")
  for (const name of ["originCurrency", "destinationCurrency"]) {
    if (address(name)!.toLowerCase() !== zeroAddress) {
      throw new RelayApiError(400, "NO_QUOTES", `the devnet Relay quotes native ${name} only`)
    }
  }
  if (typeof b.amount !== "string" || !/^[0-9]+$/.test(b.amount)) throw invalidInput("amount must be a decimal string")
  if (!["EXACT_INPUT", "EXACT_OUTPUT", "EXPECTED_OUTPUT"].includes(String(b.tradeType))) {
    throw invalidInput("tradeType must be EXACT_INPUT, EXACT_OUTPUT or EXPECTED_OUTPUT")
  }
  const txs = parseTxs(b.txs)
  const amount = BigInt(b.amount)
  const total = txs.reduce((sum, tx) => sum + tx.value, 0n)
  if (txs.length > 0 && total !== amount) {
    throw new RelayApiError(400, "INVALID_EXTRA_TXS", `amount ${amount} must equal the calls' total value ${total}`)
  }
  return {
    user,
    recipient: address("recipient", true) ?? user,
    refundTo: address("refundTo", true),
    originChainId,
    destinationChainId,
    amount,
    txs,
    includeProtocolData: b.includeProtocolData === true,
  }
}

function parseTxs(value: unknown): ReadonlyArray<RelayCall> {
  if (value === undefined) return []
  if (!Array.isArray(value)) throw invalidInput("txs must be an array")
  return value.map((tx, i) => {
    const { to, value: v, data } = (tx ?? {}) as Record<string, unknown>
    if (typeof to !== "string" || !isAddress(to, { strict: false }))
      throw invalidInput(`txs[${i}].to must be an address`)
    if (v !== undefined && (typeof v !== "string" || !/^[0-9]+$/.test(v))) {
      throw invalidInput(`txs[${i}].value must be a decimal string`)
    }
    if (data !== undefined && (typeof data !== "string" || !isHex(data)))
      throw invalidInput(`txs[${i}].data must be hex`)
    return {
      to: to as Address,
      value: BigInt((v as string | undefined) ?? "0"),
      data: (data as Hex | undefined) ?? "0x",
    }
  })
}

/** Simulates the solver's multicall on the destination chain; a revert is Relay's `DESTINATION_TX_FAILED`. */
async function simulate(ctx: QuoteContext, input: QuoteInput): Promise<void> {
  const chain = ctx.chains.get(input.destinationChainId)!
  const router = chain.contracts.router
  const calls = input.txs.map((tx) => ({ target: tx.to, allowFailure: false, value: tx.value, callData: tx.data }))
  try {
    await chain.client.simulateContract({
      account: ctx.solver.address,
      address: router,
      abi: relayRouterAbi,
      functionName: "multicall",
      args: [calls, input.recipient, input.recipient, "0x"],
      value: input.amount,
    })
  } catch (error) {
    const message = error instanceof BaseError ? error.shortMessage : String(error)
    throw new RelayApiError(400, "DESTINATION_TX_FAILED", `the destination calls would revert: ${message}`, {
      failedCallData: { from: ctx.solver.address, to: router, value: input.amount.toString() },
    })
  }
}

/** The request's protocol v2 order: one native input refundable to `refundTo`, the calls made by the router. */
function orderOf(ctx: QuoteContext, input: QuoteInput, deadline: number): RelayOrder {
  const router = ctx.chains.get(input.destinationChainId)!.contracts.router
  const refundTo = input.refundTo ?? input.user
  return {
    version: "v1",
    solverChainId: String(input.originChainId),
    solver: ctx.solver.address,
    salt: BigInt(toHex(crypto.getRandomValues(new Uint8Array(32)))).toString(),
    inputs: [
      {
        payment: {
          chainId: String(input.originChainId),
          currency: zeroAddress,
          amount: String(input.amount),
          weight: "1",
        },
        refunds: [
          {
            chainId: String(input.originChainId),
            recipient: refundTo,
            currency: zeroAddress,
            minimumAmount: String(input.amount),
            deadline,
            extraData: "0x",
          },
        ],
      },
    ],
    output: {
      chainId: String(input.destinationChainId),
      payments: [],
      calls: input.txs.map(encodeRelayCall),
      deadline,
      extraData: encodeRelayExtraData(router),
    },
    fees: [],
  }
}

/** Quotes `body`: records the request as `waiting` and answers Relay's quote. */
export async function quote(ctx: QuoteContext, body: unknown): Promise<Record<string, unknown>> {
  const input = parseQuote(body, ctx.chains)
  await simulate(ctx, input)
  const now = Date.now()
  const order = orderOf(ctx, input, Math.floor(now / 1000) + ORDER_TTL_SECONDS)
  const requestId = relayOrderId(order)
  ctx.requests.add({ ...input, requestId, order, createdAt: now })
  const depository = ctx.chains.get(input.originChainId)!.contracts.depository
  const answer: Record<string, unknown> = {
    steps: [depositStep(input, requestId, depository)],
    fees: fees(input),
    details: details(input),
  }
  if (input.includeProtocolData) {
    answer.protocol = {
      v2: {
        orderId: requestId,
        hubType: "onchain",
        orderData: order,
        orderSignature: await ctx.solver.signMessage({ message: { raw: requestId } }),
        paymentDetails: {
          chainId: String(input.originChainId),
          depository,
          currency: zeroAddress,
          amount: String(input.amount),
        },
      },
    }
  }
  return answer
}

function depositStep(input: QuoteInput, requestId: Hex, depository: Address): Record<string, unknown> {
  return {
    id: "deposit",
    action: "Confirm transaction in your wallet",
    description: "Depositing funds to the relayer to execute the swap",
    kind: "transaction",
    requestId,
    items: [
      {
        status: "incomplete",
        data: {
          from: input.user,
          to: depository,
          data: encodeFunctionData({
            abi: relayDepositoryAbi,
            functionName: "depositNative",
            args: [input.user, requestId],
          }),
          value: input.amount.toString(),
          chainId: input.originChainId,
        },
        check: { endpoint: `/intents/status/v3?requestId=${requestId}`, method: "GET" },
      },
    ],
  }
}

/** An amount of a chain's native currency, as Relay's answers carry amounts. */
function native(chainId: number, amount: bigint): Record<string, unknown> {
  return {
    currency: {
      chainId,
      address: zeroAddress,
      symbol: "ETH",
      name: "Ether",
      decimals: 18,
      metadata: { isNative: true },
    },
    amount: amount.toString(),
    amountFormatted: formatEther(amount),
    amountUsd: "0",
    minimumAmount: amount.toString(),
  }
}

/** The devnet Relay charges nothing: every fee is zero, in the origin's native currency. */
function fees(input: QuoteInput): Record<string, unknown> {
  const zero = native(input.originChainId, 0n)
  return { gas: zero, relayer: zero, relayerGas: zero, relayerService: zero, app: zero, subsidized: zero }
}

function details(input: QuoteInput): Record<string, unknown> {
  return {
    operation: input.txs.length > 0 ? "call" : "bridge",
    sender: input.user,
    recipient: input.recipient,
    currencyIn: native(input.originChainId, input.amount),
    currencyOut: native(input.destinationChainId, input.amount),
    refundCurrency: native(input.originChainId, input.amount),
    rate: "1",
    timeEstimate: 1,
  }
}
