/**
 * Injected-wallet discovery by EIP-6963 (https://eips.ethereum.org/EIPS/eip-6963): the page asks with
 * `eip6963:requestProvider`, each wallet extension answers with `eip6963:announceProvider` carrying its info
 * and its own EIP-1193 provider. `window.ethereum` is the fallback for wallets that do not announce.
 */
import { useEffect, useMemo, useState } from "react"
import type { EIP1193Provider } from "viem"

/** What a wallet says about itself when it announces. */
export interface EIP6963ProviderInfo {
  /** Unique per page load (a UUIDv4), not a stable wallet id: `rdns` is that. */
  readonly uuid: string
  readonly name: string
  /** A data URI (the EIP requires one, so the page never loads a wallet-chosen URL). */
  readonly icon: string
  /** Reverse DNS of the wallet, e.g. "io.metamask". */
  readonly rdns: string
}

/** A wallet found in the page: what it announced, or the `window.ethereum` fallback. */
export interface InjectedWallet {
  readonly info: EIP6963ProviderInfo
  readonly provider: EIP1193Provider
  readonly source: "eip6963" | "window.ethereum"
}

/** The key of the `window.ethereum` fallback: a real announcement's uuid is a UUIDv4, never this. */
export const WINDOW_ETHEREUM = "window.ethereum"

/** The fallback's icon: a neutral wallet glyph, so every row has one. */
const FALLBACK_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Crect x='2' y='5' width='20' height='15' rx='3' fill='%236b7080'/%3E%3Ccircle cx='17' cy='12.5' r='1.6' fill='white'/%3E%3C/svg%3E"

const isString = (value: unknown): value is string => typeof value === "string"

/** The announcement's detail when it is well formed: a page script can dispatch anything under that name. */
const walletOf = (detail: unknown): InjectedWallet | undefined => {
  const { info, provider } = (detail ?? {}) as {
    info?: Partial<Record<keyof EIP6963ProviderInfo, unknown>>
    provider?: { request?: unknown }
  }
  if (!info || !isString(info.uuid) || !isString(info.name) || !isString(info.rdns) || !isString(info.icon))
    return undefined
  if (typeof provider?.request !== "function") return undefined
  const icon = info.icon.startsWith("data:image/") ? info.icon : FALLBACK_ICON
  return {
    info: { uuid: info.uuid, name: info.name, icon, rdns: info.rdns },
    provider: provider as EIP1193Provider,
    source: "eip6963",
  }
}

/**
 * Listens for announcements, then asks every wallet to announce; `onChange` receives the wallets announced
 * so far (one per uuid, in order of arrival), a new array each time. Returns the unsubscribe.
 */
export const discoverWallets = (onChange: (wallets: ReadonlyArray<InjectedWallet>) => void): (() => void) => {
  let wallets: ReadonlyArray<InjectedWallet> = []
  const onAnnounce = (event: Event) => {
    const wallet = walletOf((event as CustomEvent).detail)
    if (wallet === undefined) return
    // A wallet announces again on every request: keep its first place, take its latest provider.
    const known = wallets.findIndex((w) => w.info.uuid === wallet.info.uuid)
    wallets = known < 0 ? [...wallets, wallet] : wallets.map((w, i) => (i === known ? wallet : w))
    onChange(wallets)
  }
  window.addEventListener("eip6963:announceProvider", onAnnounce)
  window.dispatchEvent(new Event("eip6963:requestProvider"))
  return () => window.removeEventListener("eip6963:announceProvider", onAnnounce)
}

/** `window.ethereum` as a wallet entry, unless it is one of the announced providers (then it is listed already). */
const fallbackOf = (announced: ReadonlyArray<InjectedWallet>): InjectedWallet | undefined => {
  const ethereum = (window as { ethereum?: EIP1193Provider }).ethereum
  if (typeof ethereum?.request !== "function" || announced.some((w) => w.provider === ethereum)) return undefined
  return {
    info: { uuid: WINDOW_ETHEREUM, name: "Browser wallet", icon: FALLBACK_ICON, rdns: "" },
    provider: ethereum,
    source: "window.ethereum",
  }
}

/** The injected wallets of the page, updated as they announce; `window.ethereum` last when it did not announce. */
export const useInjectedWallets = (): ReadonlyArray<InjectedWallet> => {
  const [announced, setAnnounced] = useState<ReadonlyArray<InjectedWallet>>([])
  useEffect(() => discoverWallets(setAnnounced), [])
  return useMemo(() => {
    const fallback = fallbackOf(announced)
    return fallback ? [...announced, fallback] : announced
  }, [announced])
}
