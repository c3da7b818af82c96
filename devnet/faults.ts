/**
 * Fault injection for the devnet: per-endpoint latency, error rate and status, malformed bodies and rate
 * limiting (HTTP side), and automine, interval mining, dropping or replacing a pending transaction (chain
 * side). Randomness comes from a seeded generator, so a run with the same seed and the same requests fails
 * the same way.
 */
import { createWalletClient, type Hex, http, type LocalAccount } from "viem"
import { dropTransaction, mine, rpc, setAutomine, setIntervalMining } from "./chain/anvil.js"
import { devnetChain } from "./chain/deploy.js"

/** Faults of one endpoint (or of every endpoint matching a pattern). */
export interface EndpointFault {
  /** Milliseconds added before the answer. */
  readonly latencyMs?: number
  /** Probability (0..1) of answering `errorStatus` instead. */
  readonly errorRate?: number
  /** Status of injected errors (default 500). */
  readonly errorStatus?: number
  /** Statuses to pick injected errors from at random; overrides `errorStatus`. */
  readonly errorStatuses?: ReadonlyArray<number>
  /** Probability (0..1) of resetting the connection without answering. */
  readonly resetRate?: number
  /** Probability (0..1) of holding the request `hangMs` and then closing it unanswered (a client-side timeout). */
  readonly hangRate?: number
  /** How long a hung request is held (default 5000 ms). */
  readonly hangMs?: number
  /** Probability (0..1) of answering 200 with a body that is not valid JSON. */
  readonly malformedRate?: number
  /** At most `limit` requests per `windowMs`; beyond, 429 with `Retry-After`. */
  readonly rateLimit?: { readonly limit: number; readonly windowMs: number; readonly retryAfterSeconds?: number }
}

/** The HTTP fault configuration, as `POST /__devnet/faults` takes it and `GET` returns it. */
export interface FaultConfig {
  readonly seed?: number
  /**
   * Keyed by endpoint path without the `/chains/{id}` prefix: an exact path (`/execute/buy/v7`), a prefix
   * ending in `*` (`/execute/*`), or `*` for every endpoint.
   */
  readonly endpoints?: Readonly<Record<string, EndpointFault>>
}

/** What to do with one request. */
export type FaultDecision =
  | { readonly kind: "pass"; readonly latencyMs: number }
  | { readonly kind: "error"; readonly latencyMs: number; readonly status: number }
  | { readonly kind: "malformed"; readonly latencyMs: number }
  | { readonly kind: "rate-limited"; readonly latencyMs: number; readonly retryAfterSeconds: number }
  | { readonly kind: "reset"; readonly latencyMs: number }
  | { readonly kind: "hang"; readonly latencyMs: number; readonly hangMs: number }

/** How many requests met each fate since the last reset, by kind. */
export type FaultStats = Readonly<Record<FaultDecision["kind"], number>>

const noStats = (): Record<FaultDecision["kind"], number> => ({
  pass: 0,
  error: 0,
  malformed: 0,
  "rate-limited": 0,
  reset: 0,
  hang: 0,
})

/** mulberry32: tiny, fast and good enough to make fault sequences reproducible. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A chain the chain-side knobs act on. */
export interface FaultChain {
  readonly chainId: number
  readonly rpcUrl: string
}

/** The fault knobs of a running devnet. */
export class Faults {
  private endpoints: Record<string, EndpointFault> = {}
  private seed: number
  private random: () => number
  private readonly windows = new Map<string, number[]>()
  private counts = noStats()

  constructor(
    private readonly chains: ReadonlyArray<FaultChain>,
    /** Local accounts the devnet knows the keys of, to re-sign a pending transaction when replacing it. */
    private readonly accounts: ReadonlyArray<LocalAccount>,
    seed = 1,
  ) {
    this.seed = seed
    this.random = seededRandom(seed)
  }

  /** The current HTTP fault configuration. */
  config(): Required<FaultConfig> {
    return { seed: this.seed, endpoints: { ...this.endpoints } }
  }

  /** Replaces the HTTP faults (and re-seeds when a seed is given, restarting the random sequence). */
  configure(config: FaultConfig): void {
    if (config.endpoints !== undefined) this.endpoints = { ...config.endpoints }
    if (config.seed !== undefined) this.reseed(config.seed)
    this.windows.clear()
  }

  /** Sets the faults of one endpoint pattern; `undefined` clears them. */
  setEndpoint(pattern: string, fault: EndpointFault | undefined): void {
    const { [pattern]: _previous, ...rest } = this.endpoints
    this.endpoints = fault === undefined ? rest : { ...rest, [pattern]: fault }
    this.windows.delete(pattern)
  }

  /** How many requests met each fate (passed, or which fault) since the last reset. */
  stats(): FaultStats {
    return { ...this.counts }
  }

  /** Clears every HTTP fault and the counts, and restarts the random sequence from the seed. */
  reset(seed = this.seed): void {
    this.endpoints = {}
    this.windows.clear()
    this.counts = noStats()
    this.reseed(seed)
  }

  private reseed(seed: number): void {
    this.seed = seed
    this.random = seededRandom(seed)
  }

  /** Decides the fate of a request to `path` (the endpoint path, without the chain prefix). */
  decide(path: string, now = Date.now()): FaultDecision {
    const decision = this.choose(path, now)
    if (decision.kind !== "pass" || Object.keys(this.endpoints).some((pattern) => matches(pattern, path)))
      this.counts[decision.kind]++
    return decision
  }

  private choose(path: string, now: number): FaultDecision {
    const matching = Object.entries(this.endpoints).filter(([pattern]) => matches(pattern, path))
    if (matching.length === 0) return { kind: "pass", latencyMs: 0 }
    let latencyMs = 0
    for (const [pattern, fault] of matching) {
      latencyMs = Math.max(latencyMs, fault.latencyMs ?? 0)
      if (fault.rateLimit !== undefined) {
        const { limit, windowMs, retryAfterSeconds } = fault.rateLimit
        const recent = (this.windows.get(pattern) ?? []).filter((t) => now - t < windowMs)
        if (recent.length >= limit) {
          this.windows.set(pattern, recent)
          return { kind: "rate-limited", latencyMs, retryAfterSeconds: retryAfterSeconds ?? Math.ceil(windowMs / 1000) }
        }
        this.windows.set(pattern, [...recent, now])
      }
    }
    for (const [, fault] of matching) {
      if (fault.errorRate !== undefined && this.random() < fault.errorRate) {
        const statuses = fault.errorStatuses ?? []
        const status =
          statuses.length > 0 ? statuses[Math.floor(this.random() * statuses.length)]! : (fault.errorStatus ?? 500)
        return { kind: "error", latencyMs, status }
      }
      if (fault.malformedRate !== undefined && this.random() < fault.malformedRate)
        return { kind: "malformed", latencyMs }
      if (fault.resetRate !== undefined && this.random() < fault.resetRate) return { kind: "reset", latencyMs }
      if (fault.hangRate !== undefined && this.random() < fault.hangRate)
        return { kind: "hang", latencyMs, hangMs: fault.hangMs ?? 5000 }
    }
    return { kind: "pass", latencyMs }
  }

  // ---------------------------------------------------------------- chain side

  private rpcUrl(chainId: number): string {
    const chain = this.chains.find((c) => c.chainId === chainId)
    if (chain === undefined) throw new Error(`unknown devnet chain ${chainId}`)
    return chain.rpcUrl
  }

  /** Automine on (a block per transaction) or off (transactions stay pending until mined). */
  setAutomine(chainId: number, enabled: boolean): Promise<void> {
    return setAutomine(this.rpcUrl(chainId), enabled)
  }

  /** A block every `seconds` (0 disables interval mining). */
  setIntervalMining(chainId: number, seconds: number): Promise<void> {
    return setIntervalMining(this.rpcUrl(chainId), seconds)
  }

  mine(chainId: number, blocks = 1): Promise<void> {
    return mine(this.rpcUrl(chainId), blocks)
  }

  /** Removes a pending transaction from the node's pool. */
  dropTransaction(chainId: number, hash: Hex): Promise<void> {
    return dropTransaction(this.rpcUrl(chainId), hash)
  }

  /**
   * Replaces a pending transaction of a devnet account by the same call with the same nonce and `feeFactor`
   * times its fees (a "speed up"), and returns the new hash. Only works with automine off.
   */
  async replaceTransaction(chainId: number, hash: Hex, feeFactor = 2n): Promise<Hex> {
    const rpcUrl = this.rpcUrl(chainId)
    const tx = await rpc<{
      from: string
      to: Hex | null
      input: Hex
      value: Hex
      nonce: Hex
      gas: Hex
      maxFeePerGas?: Hex
      maxPriorityFeePerGas?: Hex
      gasPrice?: Hex
    } | null>(rpcUrl, "eth_getTransactionByHash", [hash])
    if (tx === null) throw new Error(`transaction ${hash} is not known to chain ${chainId}`)
    const account = this.accounts.find((a) => a.address.toLowerCase() === tx.from.toLowerCase())
    if (account === undefined) throw new Error(`the devnet has no key for ${tx.from}`)
    const maxFeePerGas = BigInt(tx.maxFeePerGas ?? tx.gasPrice ?? "0x3b9aca00") * feeFactor
    const maxPriorityFeePerGas = BigInt(tx.maxPriorityFeePerGas ?? "0x3b9aca00") * feeFactor
    const wallet = createWalletClient({ account, chain: devnetChain({ chainId, rpcUrl }), transport: http(rpcUrl) })
    return wallet.sendTransaction({
      account,
      chain: wallet.chain,
      to: tx.to,
      data: tx.input,
      value: BigInt(tx.value),
      nonce: Number(tx.nonce),
      gas: BigInt(tx.gas),
      maxFeePerGas,
      maxPriorityFeePerGas,
    })
  }
}

function matches(pattern: string, path: string): boolean {
  if (pattern === "*") return true
  if (pattern.endsWith("*")) return path.startsWith(pattern.slice(0, -1))
  return pattern === path
}
