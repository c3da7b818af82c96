import type * as Redacted from "effect/Redacted"
import type { Address, Chain } from "viem"

/**
 * Headers sent on every request to an API (an `Authorization: Bearer …` token, a gateway's key), by name.
 * A value may be `Redacted`; either way tradekit keeps every value out of its logs, errors and snapshots.
 */
export type ApiHeaders = Readonly<Record<string, string | Redacted.Redacted<string>>>

/** A token a chain accepts as payment (native, wrapped native, USDC, ...). */
export interface PaymentToken {
  readonly chainId: number
  readonly address: Address
  readonly symbol: string
  readonly name: string
  readonly decimals: number
}

/** An ERC-7677 paymaster service, as the EIP-5792 capability `paymasterService` names it. */
export interface PaymasterService {
  readonly url: string
}

/**
 * The configuration of one chain the client can trade on, as reservoir-sdk 2.0.x takes it
 * (`{ id, name, baseApiUrl, active, ... }`), plus an optional viem chain definition that
 * carries the native currency, RPC URLs and block explorers.
 */
export interface ChainConfig {
  readonly id: number
  readonly name: string
  /** The aggregator API for this chain; a trailing slash is removed when it is used. */
  readonly baseApiUrl: string
  readonly active?: boolean | undefined
  readonly paymentTokens?: ReadonlyArray<PaymentToken> | undefined
  readonly websocketUrl?: string | undefined
  /** Milliseconds between two status polls of a transaction on this chain. */
  readonly checkPollingInterval?: number | undefined
  /** Fees applied to listings and bids on the default order book, as `"0xRecipient:bps"`. */
  readonly marketplaceFees?: ReadonlyArray<string> | undefined
  /**
   * An ERC-7677 paymaster service that sponsors the gas of this chain's transactions, as EIP-5792 names the
   * capability. When the wallet reports `paymasterService` support on the chain, the transactions go out as one
   * `wallet_sendCalls` carrying it (an optional capability: a wallet that cannot use it still batches, unsponsored).
   */
  readonly paymasterService?: PaymasterService | undefined
  /** The viem definition of the chain; built from `id` and `name` when absent. */
  readonly viemChain?: Chain | undefined
  /**
   * Headers sent on every request to this chain's API (and its status socket, see `websocketUrl`), over the
   * client's `headers` of the same name. Never sent anywhere off the API's origin.
   */
  readonly headers?: ApiHeaders | undefined
}

/**
 * A preset for a chain: a complete ChainConfig with its viem definition. The presets of chains added since
 * the hosted API shut down carry no API (`baseApiUrl: ""`): spread one with your own `baseApiUrl`.
 */
export interface ChainPreset extends ChainConfig {
  readonly viemChain: Chain
  readonly paymentTokens: ReadonlyArray<PaymentToken>
  readonly checkPollingInterval: number
  readonly active: boolean
}
