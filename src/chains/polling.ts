import type { ChainConfig } from "./ChainConfig.js"
import { isSupportedChainId } from "./supportedChainIds.js"

/** Milliseconds between two status polls when neither the chain nor its id says otherwise. */
export const DEFAULT_POLLING_INTERVAL = 5000

/**
 * The shortest wait between two polls, in milliseconds: a `checkPollingInterval` below it (0 included)
 * is raised to it, so no poll runs in a tight loop against the API.
 */
export const MIN_POLLING_INTERVAL = 100

/**
 * The first wait of a poll started when its answer is about to be there (a receipt just landed, a batch was
 * just sent), as a share of the chain's interval: the wait starts at `interval / BACKOFF_START_SHARE` and
 * doubles up to the interval.
 */
export const BACKOFF_START_SHARE = 5

/**
 * How many times a generic poll (waiting for an item's data, or for an ok response) is tried; like every
 * poll it is paced at the chain's polling interval.
 */
export const GENERIC_POLL_ATTEMPTS = 15

/**
 * A quoted price may move by up to 1/100000 of a currency unit before the price check fails:
 * the tolerance in wei is `10n ** decimals / PRICE_TOLERANCE_DIVISOR`.
 */
export const PRICE_TOLERANCE_DIVISOR = 100000n

// Ethereum, Goerli and Sepolia produce a block every 12 s: polling them faster only costs requests.
const slowChainIds: ReadonlyArray<number> = [1, 5, 11155111]

/**
 * Milliseconds between two status polls of a transaction on `chain`: its own
 * `checkPollingInterval` when it is a finite number, never less than {@link MIN_POLLING_INTERVAL};
 * else 2000 for Ethereum, Goerli and Sepolia, 1000 for the other supported chains, and
 * {@link DEFAULT_POLLING_INTERVAL} for anything else.
 *
 * @example
 * pollingIntervalFor({ id: 8453, name: "Base", baseApiUrl: "https://api-base.reservoir.tools" }) // 1000
 * pollingIntervalFor({ id: 31337, name: "Devnet", baseApiUrl: "http://127.0.0.1:8080", checkPollingInterval: 0 }) //
 * 100
 * pollingIntervalFor(undefined) // 5000
 */
export const pollingIntervalFor = (chain: ChainConfig | undefined): number => {
  if (chain === undefined) return DEFAULT_POLLING_INTERVAL
  const own = chain.checkPollingInterval
  if (own !== undefined && Number.isFinite(own)) return Math.max(MIN_POLLING_INTERVAL, own)
  if (slowChainIds.includes(chain.id)) return 2000
  if (isSupportedChainId(chain.id)) return 1000
  return DEFAULT_POLLING_INTERVAL
}

/**
 * How many status polls fit in 150 s at `intervalMs` apart: the default for
 * `maxPollingAttemptsBeforeTimeout`.
 *
 * @example
 * defaultMaxPollingAttempts(2000) // 75
 */
export const defaultMaxPollingAttempts = (intervalMs: number): number => Math.floor(150000 / intervalMs)
