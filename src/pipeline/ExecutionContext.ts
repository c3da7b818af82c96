import * as Effect from "effect/Effect"
import type * as Ref from "effect/Ref"
import * as SynchronizedRef from "effect/SynchronizedRef"
import type { Address, Chain } from "viem"
import type { ChainConfig, PaymasterService } from "../chains/ChainConfig.js"
import { viemChainFor } from "../chains/viemChainFor.js"
import type { WalletCallError } from "../errors/index.js"
import type { ActionName } from "../schema/ActionName.js"
import type { ApiClientService } from "../services/ApiClient.js"
import type { ChainApi } from "../services/ChainApi.js"
import type { ResolvedClientConfig } from "../services/ClientConfig.js"
import type { RetryPolicy } from "../services/RetryPolicy.js"
import type { SendLocksService } from "../services/SendLocks.js"
import type { WalletService } from "../services/Wallet.js"
import type { ExecuteRequest } from "./ExecuteRequest.js"
import { type ExecutionSnapshot, withJournalEntry } from "./ExecutionSnapshot.js"
import type { MaxFeeReader } from "./estimateNetworkFee.js"
import type { JournalEntry } from "./history/Journal.js"
import { deepFreeze } from "./internal/deepFreeze.js"

/** The data re-polls of an execution so far (see `awaitItemData`): what paces and caps them across waits. */
export interface DataPolls {
  /** Re-polls since the journal last grew. */
  readonly attempts: number
  /** When the last re-poll started (Clock milliseconds). */
  readonly lastAt: number | undefined
  /** The journal's length when the attempts were last reset. */
  readonly journalLength: number
}

/**
 * Everything one execution shares between its steps and items. Internal to the pipeline.
 * @internal
 */
export interface ExecutionContext {
  readonly config: ResolvedClientConfig
  /** The API of the execution's chain. */
  readonly api: ChainApi
  /**
   * The API asked about a transaction on `chainId`: that chain's own when it is configured (for a cross-chain
   * call, the origin chain's), else the execution's.
   */
  readonly apiFor: (chainId: number) => ChainApi
  readonly wallet: WalletService
  /** The chain whose API runs the execution. */
  readonly chain: ChainConfig
  readonly viemChain: Chain
  readonly request: ExecuteRequest
  /** The action of the execution, as its request names it. */
  readonly action: ActionName
  readonly pollingInterval: number
  readonly maxAttempts: number
  readonly gas: bigint | undefined
  /** How transient failures of reads, polls and posts are retried. */
  readonly retry: RetryPolicy
  /**
   * A send or batch whose outcome the journal cannot settle may be made again: the app asked the user
   * (`resendUnknown`). Off by default: such a send is a SendOutcomeUnknownError.
   */
  readonly resendUnknown: boolean
  readonly state: SynchronizedRef.SynchronizedRef<ExecutionSnapshot>
  readonly onProgress: (snapshot: ExecutionSnapshot) => Effect.Effect<void>
  /**
   * One wallet send at a time per account: items of a step confirm concurrently, but two sends from one
   * account at once would race for the same nonce. The client's locks when it provides them, so that its
   * executions do not race each other either.
   */
  readonly sendLocks: SendLocksService
  /** The wallet's account as first read in this execution: what the plan is validated against. */
  readonly address: Effect.Effect<Address, WalletCallError>
  /** Data re-polls shared by every wait of the execution; without it each wait is paced and capped alone. */
  readonly dataPolls?: Ref.Ref<DataPolls>
  /**
   * The ERC-7677 paymaster service asked to sponsor the execution's batches on its own chain: the call's, else the
   * chain's `paymasterService`; none when the call turned it off.
   */
  readonly paymasterService?: PaymasterService | undefined
  /** The chains' current max fee per gas, read once per chain for the execution; none without it. */
  readonly maxFeePerGas?: MaxFeeReader
}

/** Binds the API client to an execution on `chain`: its own API, and the one of each other configured chain. */
export const chainApis = (client: ApiClientService, config: ResolvedClientConfig, chain: ChainConfig): Pick<ExecutionContext, "api" | "apiFor"> => {
  const api = client.forChain(chain.baseApiUrl, chain.headers)
  return {
    api,
    apiFor: (chainId) => {
      const other = config.chains.find((candidate) => candidate.id === chainId && candidate.baseApiUrl !== "")
      return other === undefined || other.id === chain.id ? api : client.forChain(other.baseApiUrl, other.headers)
    },
  }
}

/** The viem chain of `chainId` when it is configured (the execution's own is made once); undefined otherwise. */
export const viemChainOf = (ctx: ExecutionContext, chainId: number): Chain | undefined => {
  if (chainId === ctx.chain.id) return ctx.viemChain
  const configured = ctx.config.chains.find((chain) => chain.id === chainId)
  return configured === undefined ? undefined : viemChainFor(configured)
}

/**
 * Applies `f` to the state and publishes the new snapshot, one update at a time. Every snapshot is deeply
 * frozen before anyone sees it: what a progress callback receives cannot change what the executor sends.
 */
export const updateState = (ctx: ExecutionContext, f: (snapshot: ExecutionSnapshot) => ExecutionSnapshot): Effect.Effect<ExecutionSnapshot> =>
  SynchronizedRef.updateAndGetEffect(ctx.state, (snapshot) => {
    const next = deepFreeze(f(snapshot))
    return Effect.as(ctx.onProgress(next), next)
  })

/** Records a side effect in the journal of the state, publishing the new snapshot. */
export const appendJournal = (ctx: ExecutionContext, entry: JournalEntry): Effect.Effect<ExecutionSnapshot> =>
  updateState(ctx, (snapshot) => withJournalEntry(snapshot, entry))
