/**
 * What the OpenSea devnet tests share: calling the devnet's OpenSea routes over real HTTP, and turning a route's
 * `fulfillment_data.transaction` into a transaction with viem alone — as a client would, from the function name and
 * the spec's argument names, numbers given as JSON numbers, decimal strings or hex.
 */
import {
  type AbiParameter,
  type Address,
  createWalletClient,
  encodeFunctionData,
  getAbiItem,
  type Hex,
  http,
  type LocalAccount,
} from "viem"
import { seaportAbi } from "../../../devnet/artifacts/seaport/index.js"
import { devnetChain, devnetPublicClient } from "../../../devnet/chain/deploy.js"
import type { Devnet } from "../../../devnet/index.js"

/** A route's answer. */
export interface Answer {
  readonly status: number
  readonly headers: Headers
  readonly body: any
}

/** Calls an OpenSea route of the devnet with its API key (or `apiKey` when given, `null` for none). */
export async function openSea(
  devnet: Devnet,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  apiKey: string | null = devnet.openSea.apiKey,
): Promise<Answer> {
  const response = await fetch(`${devnet.openSea.apiBaseUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(apiKey === null ? {} : { "x-api-key": apiKey }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: response.status, headers: response.headers, body: await response.json() }
}

/** The arguments of each Seaport function, by the spec's `input_data` names. */
const argumentNames: Record<string, ReadonlyArray<string>> = {
  fulfillBasicOrder: ["parameters"],
  fulfillAdvancedOrder: ["advancedOrder", "criteriaResolvers", "fulfillerConduitKey", "recipient"],
  matchAdvancedOrders: ["orders", "criteriaResolvers", "fulfillments", "recipient"],
}

/** A wire value as viem wants it for an ABI parameter: uints as bigints, tuples by component name. */
function toAbiValue(value: any, param: AbiParameter): unknown {
  if (param.type.endsWith("[]"))
    return (value as unknown[]).map((v) => toAbiValue(v, { ...param, type: param.type.slice(0, -2) }))
  if (param.type === "tuple") {
    const components = (param as { components: ReadonlyArray<AbiParameter> }).components
    return Object.fromEntries(components.map((c) => [c.name, toAbiValue(value[c.name!], c)]))
  }
  if (param.type.startsWith("uint")) return BigInt(value)
  return value
}

/** The transaction a fulfilment answer asks for: `to`, `value` and the encoded call. */
export function fulfillmentCall(transaction: any): { to: Address; value: bigint; data: Hex } {
  const name = (transaction.function as string).split("(")[0]!
  const alias = name === "fulfillBasicOrder_efficient_6GL6yc" ? "fulfillBasicOrder" : name
  const item = getAbiItem({ abi: seaportAbi, name: name as "fulfillAdvancedOrder" }) as unknown as {
    inputs: ReadonlyArray<AbiParameter>
  }
  const args = argumentNames[alias]!.map((key, i) => toAbiValue(transaction.input_data[key], item.inputs[i]!))
  return {
    to: transaction.to,
    value: BigInt(transaction.value),
    data: encodeFunctionData({ abi: seaportAbi, functionName: name as "fulfillAdvancedOrder", args: args as never }),
  }
}

/** Sends a transaction from `account` on the devnet's origin chain and waits for a successful receipt. */
export async function send(
  devnet: Devnet,
  account: LocalAccount,
  call: { to: Address; value?: bigint; data?: Hex },
): Promise<Hex> {
  const endpoint = { chainId: devnet.originChainId, rpcUrl: devnet.rpcUrls[devnet.originChainId]! }
  const wallet = createWalletClient({ account, chain: devnetChain(endpoint), transport: http(endpoint.rpcUrl) })
  const hash = await wallet.sendTransaction(call)
  const receipt = await devnetPublicClient(endpoint).waitForTransactionReceipt({ hash, pollingInterval: 20 })
  if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`)
  return hash
}
