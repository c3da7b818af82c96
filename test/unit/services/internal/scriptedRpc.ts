import { type Account, type Chain, createClient, custom, defineChain } from "viem"

/** A chain for the viem wallet tests: no RPC URL, so nothing can reach a network. */
export const testChain = (id: number, name = `Chain ${id}`): Chain =>
  defineChain({
    id,
    name,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [`https://rpc-${id}.example`] } },
  })

/** How the scripted node answers one method: a value, or a throw (an EIP-1193 error object). */
export type Handler = (params: ReadonlyArray<unknown>) => unknown

/**
 * An EIP-1193 provider answering each method from `handlers` (a method without one is -32601), recording every
 * call, and a viem client over it that never retries, so each call the code makes is seen once.
 */
export const scriptedRpc = (
  handlers: Record<string, Handler>,
  options: { readonly chain?: Chain; readonly account?: Account | `0x${string}` } = {},
) => {
  const calls: Array<{ readonly method: string; readonly params: ReadonlyArray<unknown> }> = []
  const request = async ({ method, params }: { method: string; params?: unknown }): Promise<unknown> => {
    const list = (params ?? []) as ReadonlyArray<unknown>
    calls.push({ method, params: list })
    const handler = handlers[method]
    if (handler === undefined) throw { code: -32601, message: `Method ${method} not found` }
    return handler(list)
  }
  const client = createClient({
    ...(options.chain !== undefined ? { chain: options.chain } : {}),
    ...(options.account !== undefined ? { account: options.account } : {}),
    transport: custom({ request }, { retryCount: 0 }),
  })
  return { client, request, calls, methods: () => calls.map((call) => call.method) }
}
