import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as LogLevel from "effect/LogLevel"
import * as Redacted from "effect/Redacted"
import type { ApiHeaders, ChainConfig } from "../chains/ChainConfig.js"
import { GENERIC_POLL_ATTEMPTS } from "../chains/polling.js"
import { MissingChainConfigurationError } from "../errors/index.js"
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./RetryPolicy.js"

/** Log levels as reservoir-sdk numbers them: 0 none, 1 error, 2 warn, 3 info, 4 verbose. */
export type LogLevelSetting = 0 | 1 | 2 | 3 | 4

/** The client-wide settings every action reads. */
export interface ClientSettings {
  /** Sent as `x-api-key`; kept redacted in logs, errors and snapshots. */
  readonly apiKey?: string | Redacted.Redacted<string> | undefined
  /**
   * Headers sent on every request to every chain's API, such as `{ Authorization: "Bearer …" }`; a chain's
   * own `headers` win by name. Kept out of logs, errors and snapshots like the API key, and never sent off
   * the API's origin.
   */
  readonly headers?: ApiHeaders | undefined
  readonly uiVersion?: string | undefined
  readonly source?: string | undefined
  readonly automatedRoyalties?: boolean | undefined
  readonly marketplaceFees?: ReadonlyArray<string> | undefined
  readonly normalizeRoyalties?: boolean | undefined
  readonly bountyReferrer?: string | undefined
  /** How much tradekit logs, through Effect's Logger (0, none, by default). */
  readonly logLevel?: LogLevelSetting | undefined
  /** Status polls of a transaction before it times out (as many as fit in 150 s at the chain's interval by default). */
  readonly maxPollingAttemptsBeforeTimeout?: number | undefined
  /** Runs the items of a step one by one instead of at once (false by default). */
  readonly synchronousStepItemExecution?: boolean | undefined
  /**
   * Milliseconds an API request may take, its answer's body included, before it fails with an
   * HttpRequestError (reason `timeout`): every request (execute, posts, checks, polls, results, refresh).
   * 30000 (30 s) by default; `Infinity` sets no limit.
   */
  readonly httpTimeout?: number | undefined
  /** How transient API failures are retried (3 times, 250 ms doubling up to 5 s, by default). */
  readonly retry?: RetryPolicy | undefined
  /** Milliseconds a wallet may take to answer a signature or send request (300000, 5 minutes, by default). */
  readonly walletTimeout?: number | undefined
  /**
   * Sends the ready transactions of an execution (an approval and the sale, say) as one atomic batch when the
   * wallet can (EIP-5792): one confirmation instead of one per transaction. On by default; `false` sends them
   * one by one.
   */
  readonly batchTransactions?: boolean | undefined
  /**
   * Asks the wallet whether it can batch (EIP-5792 `wallet_getCapabilities`) before a batch is sent (true by
   * default). `false` skips the question and sends one by one, for wallets whose answer is known to be no or
   * never comes.
   */
  readonly capabilitiesCheck?: boolean | undefined
  /**
   * Milliseconds the wallet may take to say whether it can batch (10000 by default); no answer in time is
   * taken as "no batches" (logged at debug level).
   */
  readonly capabilitiesTimeout?: number | undefined
  /**
   * Milliseconds one read of a batch's status (`wallet_getCallsStatus`) may take (10000 by default); a read
   * with no answer in time counts as "not yet", so the batch's wait stays within the polling attempts.
   */
  readonly callsStatusTimeout?: number | undefined
  /**
   * Milliseconds an order post may take once sent (30000 by default). A post is never cut short by the
   * execution stopping, and one with no answer in time is an OrderPostUnknownError: the API may hold the order.
   */
  readonly postTimeout?: number | undefined
  /** Milliseconds a post to `/execute/results/v1` may take (10000 by default): it is told, never waited for. */
  readonly resultsPostTimeout?: number | undefined
  /**
   * How many nonces after the recorded one are searched when a send's outcome is unknown (8 by default): the
   * wallet may have used a later one.
   */
  readonly nonceWindow?: number | undefined
  /** How many times an item with no data yet is asked for again before a PollTimeoutError (15 by default). */
  readonly dataPollAttempts?: number | undefined
  /**
   * Simulate every transaction at the latest block before the wallet is asked to send it (true by default):
   * one `eth_estimateGas` per transaction, whose revert refuses the send with a TransactionWouldRevertError
   * (no prompt, no gas), and whose figure is the gas limit handed to the wallet when the step gives none, and
   * the network fee (`networkFee`) of the item and of a precheck. A node that cannot simulate does not block
   * a send. `false` sends unsimulated, and estimates no fee.
   */
  readonly simulate?: boolean | undefined
}

/**
 * Every default of the client settings, stated once: what `resolveClientConfig` fills in for a setting left
 * out. Times are in milliseconds.
 *
 * | setting | default |
 * |---|---|
 * | `logLevel` | 0 (none) |
 * | `synchronousStepItemExecution` | false |
 * | `retry` | 3 retries, 250 ms doubling up to 5 s |
 * | `httpTimeout` | 30000 |
 * | `walletTimeout` | 300000 |
 * | `simulate` | true |
 * | `batchTransactions` | true |
 * | `capabilitiesCheck` | true |
 * | `capabilitiesTimeout` | 10000 |
 * | `callsStatusTimeout` | 10000 |
 * | `postTimeout` | 30000 |
 * | `resultsPostTimeout` | 10000 |
 * | `nonceWindow` | 8 |
 * | `dataPollAttempts` | 15 |
 *
 * `maxPollingAttemptsBeforeTimeout` has no fixed default: it depends on the chain's polling interval.
 */
export const DEFAULT_CLIENT_SETTINGS = {
  logLevel: 0,
  synchronousStepItemExecution: false,
  retry: DEFAULT_RETRY_POLICY,
  httpTimeout: 30_000,
  walletTimeout: 300_000,
  simulate: true,
  batchTransactions: true,
  capabilitiesCheck: true,
  capabilitiesTimeout: 10_000,
  callsStatusTimeout: 10_000,
  postTimeout: 30_000,
  resultsPostTimeout: 10_000,
  nonceWindow: 8,
  dataPollAttempts: GENERIC_POLL_ATTEMPTS,
} as const satisfies ClientSettings

type Defaulted = keyof typeof DEFAULT_CLIENT_SETTINGS

/** The settings with every default filled in (see {@link DEFAULT_CLIENT_SETTINGS}). */
export type ResolvedClientSettings = Omit<ClientSettings, "apiKey" | "headers" | Defaulted> & {
  readonly [K in Defaulted]-?: NonNullable<ClientSettings[K]>
}

/** Settings plus the chains to trade on: the shape `createClient` and `Tradekit.layer` take. */
export interface ClientOptions extends ClientSettings {
  readonly chains?: ReadonlyArray<ChainConfig> | undefined
}

/** The resolved configuration of a client. */
export interface ResolvedClientConfig {
  readonly apiKey: Redacted.Redacted<string> | undefined
  /** The client's `headers`, names in lower case, every value redacted. */
  readonly headers: RedactedHeaders
  /** The settings, every default filled in. */
  readonly settings: ResolvedClientSettings
  readonly chains: ReadonlyArray<ChainConfig>
  /** The chain flagged active, else the first configured one. */
  readonly activeChain: ChainConfig | undefined
}

/** Headers as a resolved configuration holds them: names in lower case, values redacted. */
export type RedactedHeaders = Readonly<Record<string, Redacted.Redacted<string>>>

const redacted = (value: string | Redacted.Redacted<string>): Redacted.Redacted<string> =>
  Redacted.isRedacted(value) ? value : Redacted.make(value)

/** `headers` with names in lower case and every value redacted. */
export const redactHeaders = (headers: ApiHeaders | undefined): RedactedHeaders =>
  Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), redacted(value)]))

const normalizeChain = (chain: ChainConfig): ChainConfig => ({
  ...chain,
  baseApiUrl: chain.baseApiUrl.replace(/\/+$/, ""),
  ...(chain.headers !== undefined ? { headers: redactHeaders(chain.headers) } : {}),
})

// A setting given as `undefined` takes its default, as one left out does.
const withDefaults = (settings: Omit<ClientSettings, "apiKey" | "headers">): ResolvedClientSettings => {
  const given = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined))
  return { ...DEFAULT_CLIENT_SETTINGS, ...given } as ResolvedClientSettings
}

/**
 * Resolves options into a configuration: fills in every default ({@link DEFAULT_CLIENT_SETTINGS}), redacts the
 * key and the headers, strips trailing slashes, picks the active chain.
 *
 * @example
 * resolveClientConfig({ httpTimeout: 5000 }).settings // { httpTimeout: 5000, walletTimeout: 300000, simulate: true,
 * ... }
 */
export const resolveClientConfig = (options: ClientOptions): ResolvedClientConfig => {
  const { apiKey, headers, chains = [], ...settings } = options
  const normalized = chains.map(normalizeChain)
  return {
    apiKey: apiKey === undefined ? undefined : redacted(apiKey),
    headers: redactHeaders(headers),
    settings: withDefaults(settings),
    chains: normalized,
    activeChain: normalized.find((chain) => chain.active) ?? normalized[0],
  }
}

/** The chain a request runs on: the one with `chainId` when given, else the active chain. */
export const chainFor = (
  config: ResolvedClientConfig,
  chainId?: number,
  message?: string,
): Effect.Effect<ChainConfig, MissingChainConfigurationError> => {
  const chain = chainId === undefined ? config.activeChain : config.chains.find((c) => c.id === chainId)
  if (chain !== undefined) return Effect.succeed(chain)
  return Effect.fail(new MissingChainConfigurationError({ chainId, ...(message !== undefined ? { message } : {}) }))
}

/** Maps reservoir-sdk's numeric log level onto Effect's. */
export const effectLogLevel = (level: LogLevelSetting | undefined): LogLevel.LogLevel => {
  switch (level) {
    case 1:
      return "Error"
    case 2:
      return "Warn"
    case 3:
      return "Info"
    case 4:
      return "Debug"
    default:
      return "None"
  }
}

/**
 * The client's configuration: settings and chains.
 *
 * @example
 * const config = ClientConfig.layer({ chains: [{ id: 1, name: "Ethereum", baseApiUrl: "https://api.example", active:
 * true }] })
 */
export class ClientConfig extends Context.Service<ClientConfig, ResolvedClientConfig>()("tradekit/ClientConfig") {
  /** A layer with the configuration resolved from `options`. */
  static layer(options: ClientOptions): Layer.Layer<ClientConfig> {
    return Layer.succeed(ClientConfig, resolveClientConfig(options))
  }
}
