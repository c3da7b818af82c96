/**
 * Shared helpers of the devnet end-to-end tests: a tradekit layer (config + fetch ApiClient + viem wallet)
 * for a devnet user, an executor runner that returns the typed outcome, and on-chain / API reads.
 */

import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import { type Address, createWalletClient, type Hex, http } from "viem"
import { devnetERC721Abi, devnetERC1155Abi, exchangeAbi, wrappedNativeAbi } from "../../../devnet/artifacts/index.js"
import { devnetPublicClient } from "../../../devnet/chain/deploy.js"
import type { Devnet, DevnetAccount } from "../../../devnet/index.js"
import { ApiClient } from "../../../src/apis/reservoir/ApiClient.js"
import { fetchPlan } from "../../../src/apis/reservoir/fetchPlan.js"
import { withReservoirBook } from "../../../src/apis/reservoir/reservoirBook.js"
import { capabilitiesLayer } from "../../../src/capabilities/capabilitiesLayer.js"
import { executorCapabilities } from "../../../src/capabilities/executorCapabilities.js"
import type { ExecutionError } from "../../../src/errors/index.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import { executeSteps, type Guard } from "../../../src/pipeline/executeSteps.js"
import type { ActionName } from "../../../src/schema/ActionName.js"
import type { ExecuteResponse } from "../../../src/schema/ExecuteResponse.js"
import type { TradeRequest } from "../../../src/schema/TradeRequest.js"
import { ClientConfig, type ClientSettings } from "../../../src/services/ClientConfig.js"
import { walletLayer } from "../../../src/services/viemWallet.js"

/** A viem wallet client of a devnet user on the origin chain; `onMethod` hears every JSON-RPC method it calls. */
export const walletClientOf = (devnet: Devnet, user: DevnetAccount, onMethod?: (method: string) => void) =>
  createWalletClient({
    account: user.account,
    chain: devnet.chains[0]!.viemChain!,
    transport: http(devnet.rpcUrls[devnet.originChainId], {
      ...(onMethod !== undefined
        ? {
            onFetchRequest: async (request: Request) => {
              const body = (await request.clone().json()) as { method: string } | ReadonlyArray<{ method: string }>
              for (const call of Array.isArray(body) ? body : [body]) onMethod(call.method)
            },
          }
        : {}),
    }),
  })

/** Everything executeSteps needs, for `user` against the devnet. */
export const devnetLayer = (
  devnet: Devnet,
  user: DevnetAccount,
  settings: ClientSettings = {},
  onMethod?: (method: string) => void,
) => {
  const config = ClientConfig.layer({ ...settings, chains: devnet.chains })
  const origin = devnetPublicClient({ chainId: devnet.originChainId, rpcUrl: devnet.rpcUrls[devnet.originChainId]! })
  return Layer.mergeAll(
    config,
    withReservoirBook(ApiClient.layerFetch.pipe(Layer.provide(config))),
    walletLayer(walletClientOf(devnet, user, onMethod), {
      publicClients: { [devnet.originChainId]: origin },
      receiptPollingInterval: 100,
    }),
    capabilitiesLayer(executorCapabilities),
  )
}

export interface RunOptions {
  readonly chainId?: number
  readonly response?: ExecuteResponse
  readonly guards?: ReadonlyArray<Guard>
  readonly gas?: bigint
  readonly onProgress?: (snapshot: ExecutionSnapshot) => void
  readonly settings?: ClientSettings
  /** Hears every JSON-RPC method the user's wallet client calls. */
  readonly onWalletMethod?: (method: string) => void
}

/** An execute path of one of the actions, e.g. `/execute/buy/v7`. */
type ActionPath = `/execute/${ActionName}/${string}`

/**
 * The typed request for an action's route: the tests name the devnet API's routes (it is a Reservoir-protocol API),
 * and the Reservoir book posts the request back to the same route.
 */
const requestOf = (path: ActionPath, body: unknown): TradeRequest =>
  ({ action: path.split("/")[2] as ActionName, params: body }) as TradeRequest

/** Runs an execution through the core executor; resolves with the final snapshot or the typed error. */
export const execute = (
  devnet: Devnet,
  user: DevnetAccount,
  path: ActionPath,
  body: unknown,
  options: RunOptions = {},
) =>
  Effect.runPromise(
    Effect.result(
      executeSteps({
        request: requestOf(path, body),
        ...(options.chainId !== undefined ? { chainId: options.chainId } : {}),
        ...(options.response !== undefined ? { response: options.response } : {}),
        ...(options.guards !== undefined ? { guards: options.guards } : {}),
        ...(options.gas !== undefined ? { gas: options.gas } : {}),
        onProgress: (snapshot) => Effect.sync(() => options.onProgress?.(snapshot)),
      }),
    ).pipe(Effect.provide(devnetLayer(devnet, user, options.settings, options.onWalletMethod))),
  )

/** Runs an execution that must succeed. */
export const executeOk = async (
  devnet: Devnet,
  user: DevnetAccount,
  path: ActionPath,
  body: unknown,
  options: RunOptions = {},
): Promise<ExecutionSnapshot> => {
  const outcome = await execute(devnet, user, path, body, options)
  if (Result.isFailure(outcome))
    throw new Error(`execution of ${path} failed: ${(outcome.failure as ExecutionError).message}`, {
      cause: outcome.failure,
    })
  return outcome.success
}

/** Fetches an execute answer without executing it (what a precheck does). */
export const fetchOnly = (
  devnet: Devnet,
  user: DevnetAccount,
  path: ActionPath,
  body: unknown,
  chainId = devnet.originChainId,
) =>
  Effect.runPromise(
    Effect.result(
      ApiClient.use((api) => fetchPlan(api.forChain(devnet.apiUrls[chainId]!), requestOf(path, body))),
    ).pipe(Effect.provide(devnetLayer(devnet, user))),
  )

/** Chain reads on the origin chain (or the destination with `chainId`). */
export const reads = (devnet: Devnet, chainId = devnet.originChainId) => {
  const client = devnetPublicClient({ chainId, rpcUrl: devnet.rpcUrls[chainId]! })
  const { exchange } = devnet.contracts.origin
  return {
    client,
    ownerOf: (collection: Address, tokenId: bigint) =>
      client.readContract({ address: collection, abi: devnetERC721Abi, functionName: "ownerOf", args: [tokenId] }),
    balance1155: (collection: Address, owner: Address, id: bigint) =>
      client.readContract({ address: collection, abi: devnetERC1155Abi, functionName: "balanceOf", args: [owner, id] }),
    erc20: (token: Address, owner: Address) =>
      client.readContract({ address: token, abi: wrappedNativeAbi, functionName: "balanceOf", args: [owner] }),
    allowance: (token: Address, owner: Address) =>
      client.readContract({
        address: token,
        abi: wrappedNativeAbi,
        functionName: "allowance",
        args: [owner, exchange],
      }),
    eth: (owner: Address) => client.getBalance({ address: owner }),
    nonce: (owner: Address) => client.getTransactionCount({ address: owner }),
    orderStatus: async (orderId: Hex) => {
      const [filled, cancelled] = await client.readContract({
        address: exchange,
        abi: exchangeAbi,
        functionName: "orderStatus",
        args: [orderId],
      })
      return filled ? "filled" : cancelled ? "cancelled" : "open"
    },
    approvedForAll: (collection: Address, owner: Address) =>
      client.readContract({
        address: collection,
        abi: devnetERC721Abi,
        functionName: "isApprovedForAll",
        args: [owner, exchange],
      }),
  }
}

/** GET on the devnet API, JSON body. */
export const apiGet = async <T = any>(devnet: Devnet, path: string, chainId = devnet.originChainId): Promise<T> => {
  const response = await fetch(`${devnet.apiUrls[chainId]}${path}`)
  return (await response.json()) as T
}

/** POST on the devnet API; resolves with status and JSON body. */
export const apiPost = async <T = any>(
  devnet: Devnet,
  path: string,
  body: unknown,
  chainId = devnet.originChainId,
): Promise<{ status: number; body: T; headers: Headers }> => {
  const response = await fetch(`${devnet.apiUrls[chainId]}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // a malformed body (fault injection) stays text
  }
  return { status: response.status, body: parsed as T, headers: response.headers }
}

/** The order ids of a token's active listings, cheapest first. */
export const listingIds = async (devnet: Devnet, collection: Address, tokenId: bigint): Promise<Hex[]> =>
  (await apiGet<{ orders: { id: Hex }[] }>(devnet, `/orders/asks/v5?token=${collection}:${tokenId}`)).orders.map(
    (o) => o.id,
  )

/** One order from the book, whatever its status. */
export const bookOrder = async (devnet: Devnet, id: Hex, side: "asks" | "bids" = "asks") =>
  (
    await apiGet<{ orders: { id: Hex; status: string; maker: Address; price: { amount: { raw: string } } }[] }>(
      devnet,
      `/orders/${side}/${side === "asks" ? "v5" : "v6"}?ids=${id}&status=any`,
    )
  ).orders[0]

/** The step ids of a snapshot or answer whose items are not empty, in order. */
export const stepIdsWithItems = (steps: ReadonlyArray<{ id: string; items?: ReadonlyArray<unknown> | undefined }>) =>
  steps.filter((s) => (s.items?.length ?? 0) > 0).map((s) => s.id)

/** The wallet methods that ask the user to confirm something: a transaction, a batch, a signature. */
export const PROMPTS: ReadonlySet<string> = new Set([
  "wallet_sendCalls",
  "eth_sendTransaction",
  "eth_sendRawTransaction",
  "eth_sendRawTransactionSync",
  "personal_sign",
  "eth_signTypedData_v4",
])
