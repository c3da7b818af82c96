/**
 * A wallet extension for the browser tests: the page gets an EIP-1193 provider that announces itself by
 * EIP-6963 as an extension does, and every request it receives crosses to Node (a Playwright binding), where a
 * devnet account answers as a wallet would: accounts only once connected, chain switches, signatures made with
 * the account's key, transactions signed here and sent raw to the chain's anvil, and reads forwarded there.
 */
import type { BrowserContext, Page } from "playwright-core"
import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  hexToBigInt,
  hexToNumber,
  http,
  isAddressEqual,
  numberToHex,
  type TypedDataDefinition,
} from "viem"
import type { Devnet, DevnetAccount } from "../../devnet/index.js"

/** What the wallet announces (EIP-6963 `EIP6963ProviderInfo`). */
export interface TestWalletInfo {
  readonly uuid: string
  readonly name: string
  readonly icon: string
  readonly rdns: string
}

/** One request the wallet received, with what it answered. */
export interface TestWalletRequest {
  readonly method: string
  readonly params: ReadonlyArray<unknown>
  readonly result?: unknown
  readonly error?: { readonly code: number; readonly message: string }
}

/** Options of the page side of the wallet. */
export interface TestWalletScript {
  readonly info: TestWalletInfo
  /** Also set `window.ethereum` to the provider, as most extensions do besides announcing. */
  readonly windowEthereum: boolean
  /** Announce by EIP-6963 (false: only `window.ethereum`, as an older wallet). */
  readonly announce: boolean
}

/** The binding the page's provider calls; one name for every page of the context. */
const BINDING = "__tradekitTestWallet"

type Answer = { readonly result: unknown } | { readonly error: { readonly code: number; readonly message: string } }

/**
 * Runs in the page before its own scripts: the provider, its events, and the announcements. Self-contained,
 * as Playwright ships its source to the page.
 */
function installProvider(options: TestWalletScript & { readonly binding: string }): void {
  const call = (window as unknown as Record<string, (request: unknown) => Promise<Answer>>)[options.binding]!
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const emit = (event: string, payload: unknown) => listeners.get(event)?.forEach((listener) => listener(payload))
  const provider = {
    async request({ method, params }: { method: string; params?: ReadonlyArray<unknown> }) {
      const answer = await call({ method, params: params ?? [] })
      if ("error" in answer) throw Object.assign(new Error(answer.error.message), { code: answer.error.code })
      if (method === "wallet_switchEthereumChain")
        emit("chainChanged", (params?.[0] as { chainId: string } | undefined)?.chainId)
      if (method === "eth_requestAccounts")
        emit("connect", { chainId: await provider.request({ method: "eth_chainId" }) })
      return answer.result
    },
    on(event: string, listener: (payload: unknown) => void) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener))
      return provider
    },
    removeListener(event: string, listener: (payload: unknown) => void) {
      listeners.get(event)?.delete(listener)
      return provider
    },
  }
  if (options.windowEthereum) Object.defineProperty(window, "ethereum", { value: provider, configurable: true })
  if (!options.announce) return
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent("eip6963:announceProvider", {
        detail: Object.freeze({ info: Object.freeze({ ...options.info }), provider }),
      }),
    )
  window.addEventListener("eip6963:requestProvider", announce)
  announce()
}

/** Adds the wallet's provider to every document `page` loads from now on. */
export const injectTestWallet = (page: Page, script: TestWalletScript) =>
  page.addInitScript(installProvider, { ...script, binding: BINDING })

/** A rejection with an EIP-1193 code (4001 user rejected, 4100 unauthorized, 4902 unknown chain, -32603 internal). */
const rpcError = (code: number, message: string): Answer => ({ error: { code, message } })

/**
 * The Node side: answers the context's test wallets as `account` on the devnet's chains, starting on the
 * origin chain. Resolves with the log of what it was asked and answered, in order.
 */
export async function serveTestWallet(
  context: BrowserContext,
  devnet: Devnet,
  account: DevnetAccount,
): Promise<ReadonlyArray<TestWalletRequest>> {
  const log: Array<TestWalletRequest> = []
  let chainId = devnet.originChainId
  let connected = false
  const chainOf = (id: number) => devnet.chains.find((c) => c.id === id)?.viemChain
  const wallets = new Map(
    devnet.chains.map((c) => [
      c.id,
      createWalletClient({ account: account.account, chain: c.viemChain!, transport: http(devnet.rpcUrls[c.id]) }),
    ]),
  )
  const reads = new Map(
    devnet.chains.map((c) => [
      c.id,
      createPublicClient({ chain: c.viemChain!, transport: http(devnet.rpcUrls[c.id]) }),
    ]),
  )
  const isMine = (address: unknown) => typeof address === "string" && isAddressEqual(address as Hex, account.address)

  const answer = async (method: string, params: ReadonlyArray<unknown>): Promise<Answer> => {
    switch (method) {
      case "eth_requestAccounts":
        connected = true
        return { result: [account.address] }
      case "eth_accounts":
        return { result: connected ? [account.address] : [] }
      case "eth_chainId":
        return { result: numberToHex(chainId) }
      case "wallet_switchEthereumChain": {
        const target = Number((params[0] as { chainId: string }).chainId)
        if (chainOf(target) === undefined)
          return rpcError(
            4902,
            `Unrecognized chain ID ${target}. Try adding the chain using wallet_addEthereumChain first.`,
          )
        chainId = target
        return { result: null }
      }
    }
    if (!connected) return rpcError(4100, "The requested account and/or method has not been authorized by the user.")
    switch (method) {
      case "eth_sendTransaction": {
        const tx = params[0] as Record<string, Hex | undefined>
        if (!isMine(tx.from)) return rpcError(4100, `The wallet does not hold ${tx.from}.`)
        if (tx.chainId !== undefined && Number(tx.chainId) !== chainId)
          return rpcError(-32603, `The transaction is for chain ${Number(tx.chainId)}; the wallet is on ${chainId}.`)
        // The wallet picks the fees itself, as extensions do; gas and nonce are kept when the page sets them.
        const hash = await wallets.get(chainId)!.sendTransaction({
          to: tx.to as Address | undefined,
          data: tx.data ?? tx.input,
          value: tx.value === undefined ? undefined : hexToBigInt(tx.value),
          gas: tx.gas === undefined ? undefined : hexToBigInt(tx.gas),
          nonce: tx.nonce === undefined ? undefined : hexToNumber(tx.nonce),
        })
        return { result: hash }
      }
      case "eth_signTypedData_v4": {
        const [address, json] = params as [string, string]
        if (!isMine(address)) return rpcError(4100, `The wallet does not hold ${address}.`)
        return { result: await account.account.signTypedData(JSON.parse(json) as TypedDataDefinition) }
      }
      case "personal_sign": {
        const [message, address] = params as [Hex, string]
        if (!isMine(address)) return rpcError(4100, `The wallet does not hold ${address}.`)
        return { result: await account.account.signMessage({ message: { raw: message } }) }
      }
      default:
        return { result: await reads.get(chainId)!.request({ method, params } as never) }
    }
  }

  await context.exposeBinding(BINDING, async (_source, request: { method: string; params: ReadonlyArray<unknown> }) => {
    const outcome = await answer(request.method, request.params).catch((error: unknown) =>
      rpcError((error as { code?: number }).code ?? -32603, error instanceof Error ? error.message : String(error)),
    )
    log.push({ ...request, ...outcome })
    return outcome
  })
  return log
}
