/** What the playground runs on: its chains, its funded accounts, the contracts it shows. */
import type { Address, Hex } from "viem"

/** A chain the page trades on: its API and its RPC. */
export interface PlaygroundChain {
  readonly id: number
  readonly name: string
  readonly baseApiUrl: string
  readonly rpcUrl: string
  readonly active: boolean
  readonly checkPollingInterval: number
  readonly explorerUrl?: string | undefined
  readonly paymentTokens: ReadonlyArray<{
    chainId: number
    address: Address
    symbol: string
    name: string
    decimals: number
  }>
  /** The chain's ERC-7677 paymaster service, when the devnet describes one. */
  readonly paymasterUrl?: string | undefined
}

/** A funded local account (the public test-mnemonic keys of the devnet). */
export interface PlaygroundAccount {
  readonly label: string
  readonly address: Address
  readonly privateKey: Hex
}

/**
 * A devnet's OpenSea API v2 (`devnet.openSea`): what `openSea(...)` needs to trade there. The page gets the
 * playground server's proxy as `apiBaseUrl` and no key: the key stays on the server.
 */
export interface PlaygroundOpenSea {
  readonly apiBaseUrl: string
  readonly apiKey?: string | undefined
  readonly chainNames: Readonly<Record<number, string>>
  readonly seaport: Address
  readonly conduitKey: Hex
  readonly conduit: Address
  readonly signedZone: Address
  /** The devnet's SeaDrop and TransferHelper, over OpenSea's own (which the devnet does not have). */
  readonly seaDrop?: Address | undefined
  readonly transferHelper?: Address | undefined
}

/**
 * A devnet's Relay (`devnet.relay`): what `relay(...)` needs to carry OpenSea purchases paid on another chain. Relay's
 * API takes no key on the routes tradekit asks, so the page asks it directly.
 */
export interface PlaygroundRelay {
  readonly apiBaseUrl: string
  readonly depositories: Readonly<Record<number, Address>>
  readonly routers: Readonly<Record<number, Address>>
}

/** Everything the page needs to start. */
export interface PlaygroundConfig {
  readonly chains: ReadonlyArray<PlaygroundChain>
  readonly accounts: ReadonlyArray<PlaygroundAccount>
  readonly contracts?: Record<string, Record<string, unknown>>
  /** Present when the devnet serves OpenSea's routes: the page can switch its API to them. */
  readonly openSea?: PlaygroundOpenSea
  /** Present when the devnet serves Relay's routes: OpenSea's Buy tab can pay on another chain. */
  readonly relay?: PlaygroundRelay
}
