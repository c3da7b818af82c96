import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as SynchronizedRef from "effect/SynchronizedRef"
import type { Chain } from "viem"
import type { ChainConfig, PaymasterService } from "../chains/ChainConfig.js"
import { viemChainFor } from "../chains/viemChainFor.js"
import { NO_STACK } from "../internal/spanOptions.js"
import type { ExecuteResponse } from "../schema/ExecuteResponse.js"
import type { NetworkFee, Step, StepItem } from "../schema/Step.js"
import { TransactionRequest } from "../schema/TransactionRequest.js"
import type { ResolvedClientConfig } from "../services/ClientConfig.js"
import type { WalletService } from "../services/Wallet.js"

/**
 * The network fee of a whole precheck: the sum of its transaction items' fees on `chainId` (the chain of the
 * first transaction item), in wei, as decimal strings. `complete` is false when some transaction item is not
 * counted: it could not be simulated (it depends on an earlier step, say an approval, or the node cannot
 * simulate), has no data yet, or runs on another chain.
 */
export interface NetworkFeeTotal {
  readonly chainId: number
  readonly gas: string
  readonly fee: string
  readonly complete: boolean
  /** Who pays it: a paymaster service's sponsor when the execution's batch will be sponsored; absent, the user. */
  readonly paidBy?: "user" | "sponsor"
  /** What the user pays of it, in wei: "0" when a sponsor pays. Present with `paidBy`. */
  readonly userFee?: string
}

/** A precheck's answer with the network fee estimated: a `networkFee` on each estimated item, and the total. */
export type EstimatedResponse = ExecuteResponse & { readonly networkFee?: NetworkFeeTotal }

/** The chain's current max fee per gas, read at most once per chain; undefined when the wallet cannot tell. */
export type MaxFeeReader = (chain: Chain) => Effect.Effect<bigint | undefined>

/**
 * Makes a reader of the chains' current max fee per gas that asks the wallet once per chain (one execution
 * makes one), so every item of an execution is priced alike and the fee costs one read, not one per item.
 * A failed read is logged at debug level and leaves the fee out.
 */
export const makeMaxFeeReader = (wallet: WalletService): Effect.Effect<MaxFeeReader> =>
  Effect.map(SynchronizedRef.make(new Map<number, Effect.Effect<bigint | undefined>>()), (cache) => {
    const read = (chain: Chain): Effect.Effect<bigint | undefined> =>
      wallet.maxFeePerGas === undefined
        ? Effect.succeed(undefined)
        : wallet
            .maxFeePerGas(chain)
            .pipe(
              Effect.catch((error) =>
                Effect.as(Effect.logDebug(`tradekit: could not read the max fee per gas: ${error.message}`), undefined),
              ),
            )
    return (chain) =>
      Effect.flatten(
        SynchronizedRef.modifyEffect(cache, (readers) => {
          const found = readers.get(chain.id)
          return found !== undefined
            ? Effect.succeed([found, readers] as const)
            : Effect.map(
                Effect.cached(read(chain)),
                (cached) => [cached, new Map(readers).set(chain.id, cached)] as const,
              )
        }),
      )
  })

/** The fee of `gas` at `maxFeePerGas`, as an item carries it; a sponsor's is "0" for the user. */
export const networkFeeOf = (gas: bigint, maxFeePerGas: bigint, paidBy?: "sponsor"): NetworkFee => ({
  gas: gas.toString(),
  maxFeePerGas: maxFeePerGas.toString(),
  fee: (gas * maxFeePerGas).toString(),
  ...(paidBy === "sponsor" ? { paidBy, userFee: "0" } : {}),
})

/** How a precheck's transactions will be sent, as far as who pays their gas goes. */
export interface SponsorshipOptions {
  /** The paymaster service the execution would ask to sponsor its batches on the chain. */
  readonly paymasterService?: PaymasterService | undefined
  /** A gas limit imposed on the execution: it is never batched, so never sponsored. */
  readonly gas?: bigint | string | undefined
}

/**
 * True when the execution's batches on `chain` will be sponsored: a paymaster service is named, batching is on
 * with no gas limit, and the wallet reports atomic batches and `paymasterService` support there.
 */
const willBeSponsored = (
  wallet: WalletService,
  config: ResolvedClientConfig,
  chain: Chain,
  options: SponsorshipOptions,
) =>
  options.paymasterService === undefined ||
  options.gas !== undefined ||
  config.settings.batchTransactions === false ||
  wallet.atomicBatch === undefined ||
  wallet.sendCalls === undefined ||
  wallet.paymasterService === undefined
    ? Effect.succeed(false)
    : Effect.all([wallet.atomicBatch(chain), wallet.paymasterService(chain)]).pipe(
        Effect.map(([atomic, sponsored]) => atomic && sponsored),
        Effect.orElseSucceed(() => false),
      )

const decodeRequest = Schema.decodeUnknownOption(TransactionRequest)

/** An item of a precheck, and its estimated fee when it has one. */
interface EstimatedItem {
  readonly item: StepItem
  readonly estimate: { readonly chainId: number; readonly fee: NetworkFee } | undefined
}

/**
 * The total of the counted items' fees on the chain of the first estimated one; `complete` is false when a
 * counted item has no estimate or runs on another chain.
 */
const sumOf = (
  steps: ReadonlyArray<{ readonly step: Step; readonly items: ReadonlyArray<EstimatedItem> }>,
  counted: (step: Step, item: StepItem) => boolean,
) => {
  let total: { chainId: number; gas: bigint; fee: bigint } | undefined
  let complete = true
  for (const { step, items } of steps) {
    for (const { item, estimate } of items) {
      if (!counted(step, item)) continue
      if (estimate === undefined) {
        complete = false
        continue
      }
      total ??= { chainId: estimate.chainId, gas: 0n, fee: 0n }
      if (estimate.chainId !== total.chainId) {
        complete = false
        continue
      }
      total = { ...total, gas: total.gas + BigInt(estimate.fee.gas), fee: total.fee + BigInt(estimate.fee.fee) }
    }
  }
  return { total, complete }
}

/**
 * Estimates the network fee of a precheck's transaction items: each incomplete one with data is simulated at
 * the latest block (the wallet's `estimateGas`, no prompt) and priced at its own max fee per gas, else the
 * chain's current one (read once per chain). An item that reverts, cannot be simulated, or whose chain is not
 * configured gets no `networkFee` (and makes the total incomplete); any `networkFee` the API sent is dropped.
 * Nothing is estimated with `simulate: false`, nor with a wallet that cannot simulate. When the execution's
 * batches will be sponsored (see `options`), the fees on the execution's chain say a sponsor pays them
 * (`paidBy: "sponsor"`, `userFee: "0"`).
 */
export const estimateNetworkFee = (
  wallet: WalletService,
  config: ResolvedClientConfig,
  chain: ChainConfig,
  response: ExecuteResponse,
  options: SponsorshipOptions = {},
): Effect.Effect<EstimatedResponse> =>
  Effect.gen(function* () {
    if (!config.settings.simulate || wallet.estimateGas === undefined) return response
    const estimateGas = wallet.estimateGas
    const maxFeeOf = yield* makeMaxFeeReader(wallet)
    const sponsored = yield* willBeSponsored(wallet, config, viemChainFor(chain), options)
    const viemChains = new Map<number, Chain>()
    const chainFor = (id: number): Chain | undefined => {
      const configured = config.chains.find((c) => c.id === id)
      if (configured === undefined) return undefined
      if (!viemChains.has(id)) viemChains.set(id, viemChainFor(configured))
      return viemChains.get(id)
    }

    const priced = (
      item: StepItem,
    ): Effect.Effect<{ readonly chainId: number; readonly fee: NetworkFee } | undefined> =>
      Effect.gen(function* () {
        const request = decodeRequest(item.data)
        if (request._tag === "None") return undefined
        const target = chainFor(request.value.chainId ?? chain.id)
        if (target === undefined) return undefined
        const estimate = yield* Effect.orElseSucceed(
          estimateGas({ chain: target, request: request.value }),
          () => undefined,
        )
        if (estimate?._tag !== "Estimated") return undefined
        const maxFeePerGas = request.value.maxFeePerGas ?? (yield* maxFeeOf(target))
        const paidBy = sponsored && target.id === chain.id ? "sponsor" : undefined
        return maxFeePerGas === undefined
          ? undefined
          : { chainId: target.id, fee: networkFeeOf(estimate.gas, maxFeePerGas, paidBy) }
      })

    const counted = (step: Step, item: StepItem) => step.kind === "transaction" && item.status === "incomplete"
    const steps = yield* Effect.forEach(
      response.steps,
      (step) =>
        Effect.map(
          Effect.forEach(
            step.items ?? [],
            (item) => {
              const { networkFee: _fromApi, ...plain } = item
              return counted(step, item)
                ? Effect.map(priced(item), (estimate): EstimatedItem => ({ item: plain, estimate }))
                : Effect.succeed<EstimatedItem>({ item: plain, estimate: undefined })
            },
            { concurrency: 4 },
          ),
          (items) => ({ step, items }),
        ),
      { concurrency: 1 },
    )

    const { total, complete } = sumOf(steps, counted)
    // Only tradekit's own total is told: a `networkFee` the API sent is dropped.
    const { networkFee: _fromApi, ...answer } = response as EstimatedResponse
    return {
      ...answer,
      steps: steps.map(({ step, items }) =>
        step.items === undefined
          ? step
          : ({
              ...step,
              items: items.map(({ item, estimate }) =>
                estimate === undefined ? item : { ...item, networkFee: estimate.fee },
              ),
            } as Step),
      ),
      ...(total !== undefined
        ? {
            networkFee: {
              chainId: total.chainId,
              gas: total.gas.toString(),
              fee: total.fee.toString(),
              complete,
              ...(sponsored && total.chainId === chain.id ? { paidBy: "sponsor" as const, userFee: "0" } : {}),
            },
          }
        : {}),
    }
  }).pipe(Effect.withSpan("tradekit.estimateNetworkFee", undefined, NO_STACK))
