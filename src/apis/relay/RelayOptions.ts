import type { Address } from "viem"
import { RELAY_DEPOSITORIES } from "./relayDepositories.js"
import { RELAY_ROUTERS } from "./relayRouters.js"

/** What `relay(...)` takes. */
export interface RelayOptions {
  /** Relay's API (`https://api.relay.link` by default; the devnet's `devnet.relay.apiUrl`). */
  readonly apiBaseUrl?: string | undefined
  /** Sent as `x-api-key`: optional on `/quote/v2`, required on `/quote/v3`. */
  readonly apiKey?: string | undefined
  /**
   * The Depository of each origin chain, over Relay's published ones ({@link RELAY_DEPOSITORIES}): a deposit to any
   * other address is refused, whatever the quote says.
   */
  readonly depositories?: Readonly<Record<number, Address>> | undefined
  /**
   * The router of each destination chain, over Relay's published ones ({@link RELAY_ROUTERS}): the `msg.sender` of
   * the destination calls, for whom a cross-chain purchase's fill is made out.
   */
  readonly routers?: Readonly<Record<number, Address>> | undefined
  /**
   * The most a deposit may exceed the calls' value by (Relay's fees), in basis points of that value: 500 (5 %) by
   * default. A quote asking more is refused before the deposit.
   */
  readonly maxFeeBps?: number | undefined
  /**
   * Sign a deposit whose quote carries no protocol data to check it against (Relay's word alone). Off by default:
   * such a quote is refused.
   */
  readonly trustRelayWithoutProtocolData?: boolean | undefined
}

/** `RelayOptions` with every default filled in. */
export interface ResolvedRelayOptions {
  readonly apiBaseUrl: string
  readonly apiKey: string | undefined
  readonly depositoryOf: (chainId: number) => Address | undefined
  readonly routerOf: (chainId: number) => Address | undefined
  readonly maxFeeBps: bigint
  readonly trustRelayWithoutProtocolData: boolean
}

/** The default fee bound: 5 % of the calls' value. */
const DEFAULT_MAX_FEE_BPS = 500n

/** Fills in the defaults of `options`. */
export const resolveRelayOptions = (options: RelayOptions): ResolvedRelayOptions => ({
  apiBaseUrl: (options.apiBaseUrl ?? "https://api.relay.link").replace(/\/+$/, ""),
  apiKey: options.apiKey,
  depositoryOf: (chainId) => options.depositories?.[chainId] ?? RELAY_DEPOSITORIES[chainId],
  routerOf: (chainId) => options.routers?.[chainId] ?? RELAY_ROUTERS[chainId],
  maxFeeBps: options.maxFeeBps === undefined ? DEFAULT_MAX_FEE_BPS : BigInt(options.maxFeeBps),
  trustRelayWithoutProtocolData: options.trustRelayWithoutProtocolData === true,
})
