/**
 * What the devnet Relay tests share: a started devnet, and Relay's API over real HTTP, as a client would call it.
 */
import { type Address, createPublicClient, createWalletClient, custom, type Hex, http, type LocalAccount } from "viem"
import { devnetChain } from "../../../devnet/chain/index.js"
import type { Devnet } from "../../../devnet/index.js"
import { PROMPTS } from "../devnet/fixture.js"

/** An HTTP answer: status, headers and JSON body. */
export interface Answer<T = Record<string, unknown>> {
  readonly status: number
  readonly headers: Headers
  readonly body: T
}

/** Calls the devnet's Relay API. */
export async function relayApi<T = Record<string, unknown>>(
  devnet: Devnet,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
): Promise<Answer<T>> {
  const res = await fetch(`${devnet.relay.apiUrl}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  })
  return { status: res.status, headers: res.headers, body: (await res.json()) as T }
}

/** viem clients of `chainId` for `account`. */
export function clients(devnet: Devnet, chainId: number, account: LocalAccount) {
  const chain = devnetChain({ chainId, rpcUrl: devnet.rpcUrls[chainId]! })
  return {
    public: createPublicClient({ chain, transport: http(devnet.rpcUrls[chainId]!), pollingInterval: 50 }),
    wallet: createWalletClient({ account, chain, transport: http(devnet.rpcUrls[chainId]!) }),
  }
}

/**
 * `account`'s wallet on `chainId`, as a page holds it: `methods` records every method it is asked, `before` runs
 * before each request that prompts the user.
 */
export function recordingWallet(
  devnet: Devnet,
  chainId: number,
  account: LocalAccount,
  methods: Array<string> = [],
  before?: () => Promise<void>,
) {
  const chain = devnet.chains.find((c) => c.id === chainId)!.viemChain!
  const rpc = http(devnet.rpcUrls[chainId])({ chain })
  return createWalletClient({
    account,
    chain,
    transport: custom({
      request: async (args: { method: string; params?: unknown }) => {
        methods.push(args.method)
        if (PROMPTS.has(args.method)) await before?.()
        return rpc.request(args as never)
      },
    }),
  })
}

/** Polls `/intents/status/v3` until the request leaves `waiting`/`pending`/`submitted`/`depositing`. */
export async function finalStatus(
  devnet: Devnet,
  requestId: Hex,
  timeoutMs = 15_000,
): Promise<Record<string, unknown>> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const { body } = await relayApi(devnet, "GET", `/intents/status/v3?requestId=${requestId}`)
    if (!["waiting", "depositing", "pending", "submitted", "delayed"].includes(String(body.status))) return body
    if (Date.now() > until) throw new Error(`request ${requestId} still ${String(body.status)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** The deposit transaction of a quote's `deposit` step, as the steps protocol gives it. */
export interface DepositData {
  readonly from: Address
  readonly to: Address
  readonly data: Hex
  readonly value: string
  readonly chainId: number
}
