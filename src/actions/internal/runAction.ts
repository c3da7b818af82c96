import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import { checkCapabilities } from "../../capabilities/checkCapabilities.js"
import { Simulator } from "../../capabilities/Simulator.js"
import type { ChainConfig } from "../../chains/ChainConfig.js"
import { paymasterServiceFor } from "../../chains/paymasterServiceFor.js"
import type {
  ExecutionError,
  MissingChainConfigurationError,
  PluginRejectedError,
  PriceMismatchError,
  TradekitError,
} from "../../errors/index.js"
import { copyPlain } from "../../internal/copyPlain.js"
import { NO_STACK } from "../../internal/spanOptions.js"
import { atConfiguredLogLevel } from "../../pipeline/atConfiguredLogLevel.js"
import { type ExecutionSnapshot, snapshotOf } from "../../pipeline/ExecutionSnapshot.js"
import type { SponsorshipOptions } from "../../pipeline/estimateNetworkFee.js"
import { runExecution, supportedByBook } from "../../pipeline/executeSteps.js"
import { deepFreeze } from "../../pipeline/internal/deepFreeze.js"
import type { ExpectedPrices } from "../../plugins/ExpectedPrice.js"
import type { Plugin, PluginContext, PluginServices, RequestBody } from "../../plugins/Plugin.js"
import { runPlugins } from "../../plugins/runPlugins.js"
import type { ActionName } from "../../schema/ActionName.js"
import type { ExecuteResponse } from "../../schema/ExecuteResponse.js"
import type { TradeParams, TradeRequest } from "../../schema/TradeRequest.js"
import { ClientConfig, type ResolvedClientConfig } from "../../services/ClientConfig.js"
import { OrderBook } from "../../services/OrderBook.js"
import { Wallet } from "../../services/Wallet.js"
import type { ApiObject, CommonActionParameters } from "./ActionOptions.js"
import { guardsOf } from "./guardsOf.js"

/**
 * What an action hands to {@link runAction} once its input is valid: its name, the chain it resolved and the
 * parameters it built, and those of the caller's parameters only some actions take (passed as given).
 */
export interface ActionRequest<A extends ActionName = ActionName> {
  readonly action: A
  /** The chain whose book plans the action (for `call`, the destination chain). */
  readonly chain: ChainConfig
  /** The request's parameters with their defaults, built by the action. */
  readonly params: TradeParams[A]
  /**
   * The caller's `options`: each defined field overrides the default of the same name, as reservoir-sdk spreads them.
   */
  readonly options?: ApiObject | undefined
  readonly precheck: boolean
  readonly expectedPrice?: ExpectedPrices | undefined
  readonly gas?: bigint | string | undefined
}

/** JSON has no bigint, and snapshots stay plain JSON: every bigint becomes its decimal string. */
const bigintAsString = (value: unknown): unknown => (typeof value === "bigint" ? value.toString() : value)

/**
 * A copy of `record` without its undefined fields (they are omitted from request bodies), and with every
 * bigint inside it as a decimal string.
 */
const compact = (record: RequestBody): RequestBody => {
  const copies = new Map<object, unknown>()
  return Object.fromEntries(
    Object.entries(record)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, copyPlain(value, { leaf: bigintAsString }, copies)]),
  )
}

/** Runs every observer hook of `kind`; a failing observer is logged and dropped, never failing the action. */
const observe = <K extends "onComplete" | "onError">(
  plugins: ReadonlyArray<Plugin>,
  kind: K,
  event: Parameters<NonNullable<NonNullable<Plugin["observe"]>[K]>>[0],
): Effect.Effect<void, never, PluginServices> =>
  Effect.forEach(
    plugins,
    (plugin) => {
      const hook = plugin.observe?.[kind] as
        | ((e: typeof event) => Effect.Effect<void, unknown, PluginServices>)
        | undefined
      return hook === undefined
        ? Effect.void
        : Effect.suspend(() => hook(event)).pipe(
            Effect.catchCause((cause) =>
              Cause.hasInterruptsOnly(cause)
                ? Effect.void
                : Effect.logWarning(`tradekit: the ${kind} observer of plugin "${plugin.name}" failed`, cause),
            ),
          )
    },
    { discard: true },
  )

/** A precheck's answer with the network fee of its transactions, when the client simulates; as it is otherwise. */
const withNetworkFee = (
  config: ResolvedClientConfig,
  chain: ChainConfig,
  fetched: ExecuteResponse,
  options: SponsorshipOptions,
) =>
  Simulator.use((simulator) =>
    simulator === undefined
      ? Effect.succeed(fetched)
      : Wallet.use((wallet) => simulator.estimateNetworkFee(wallet, config, chain, fetched, options)),
  )

/**
 * What every action shares once its input is valid. It resolves, once, what the run needs — the client's
 * configuration, its plugins with the caller's, the retry policy — and hands it down with the action's name
 * and chain; applies the request transforms; then fetches the steps (a precheck: one progress update with
 * them, and the API's answer as the result) or executes them behind the guards (`true`); and tells the
 * observers how it ended.
 * @internal
 */
export const runAction = <A extends ActionName>(
  parameters: CommonActionParameters,
  input: ActionRequest<A>,
): Effect.Effect<
  ExecuteResponse | true,
  ExecutionError | MissingChainConfigurationError | PluginRejectedError,
  OrderBook | Wallet | ClientConfig
> =>
  Effect.gen(function* () {
    const config = yield* ClientConfig
    const book = yield* OrderBook
    const chainBook = yield* Effect.fromResult(book.forChain(input.chain))
    const plugins = yield* runPlugins(parameters.plugins, input.expectedPrice)
    const retry = config.settings.retry
    const { action, chain, precheck } = input
    const paymasterService = paymasterServiceFor(chain, parameters.paymasterService)
    const context: PluginContext = {
      action,
      chain,
      settings: config.settings,
      precheck,
      ...(input.expectedPrice !== undefined ? { expectedPrice: input.expectedPrice } : {}),
    }

    let body: RequestBody = { ...input.params, ...compact(input.options ?? {}) }
    for (const plugin of plugins) {
      if (plugin.transformRequest !== undefined) body = yield* plugin.transformRequest(body, context)
    }
    body = compact(body)
    // The expected price rides in the request, so a resume runs the price check again on the API's new answer.
    const expectedPrice =
      input.expectedPrice === undefined
        ? undefined
        : (compact(input.expectedPrice as RequestBody) as TradeRequest["expectedPrice"])
    // A plugin may reshape the parameters (a fee added, say); the book checks what it is given.
    const request = {
      action,
      params: body as TradeParams[A],
      ...(expectedPrice !== undefined ? { expectedPrice } : {}),
    } as TradeRequest
    const last = yield* Ref.make(Option.none<ExecutionSnapshot>())
    const onProgress = parameters.onProgress ?? (() => Effect.void)

    // The observers hear how the run ended: its result, or its error with the last snapshot when there was one.
    const observed = <A extends ExecutionSnapshot | ExecuteResponse, E extends TradekitError, R>(
      run: Effect.Effect<A, E, R>,
    ) =>
      run.pipe(
        Effect.tap((result) => observe(plugins, "onComplete", { _tag: "ActionComplete", context, body, result })),
        Effect.tapError((error) =>
          Effect.flatMap(Ref.get(last), (snapshot) =>
            observe(plugins, "onError", {
              _tag: "ActionError",
              context,
              body,
              error,
              ...(Option.isSome(snapshot) ? { snapshot: snapshot.value } : {}),
            }),
          ),
        ),
      )

    if (precheck) {
      // Nothing is signed or sent by a precheck: a transient failure or a malformed answer is retried.
      const response = yield* observed(
        Effect.andThen(
          supportedByBook(book, action),
          checkCapabilities(config, chain, chainBook, paymasterService),
        ).pipe(
          Effect.andThen(chainBook.plan(request, { retry })),
          Effect.flatMap((fetched) => withNetworkFee(config, chain, fetched, { paymasterService, gas: input.gas })),
        ),
      )
      // As reservoir-sdk calls onProgress with a precheck's steps: a frozen copy, as every snapshot is, so
      // writing into it cannot change the answer the precheck resolves to.
      yield* onProgress(deepFreeze(snapshotOf(structuredClone(response), request, chain.id)))
      return response
    }
    const wallet = yield* Wallet
    yield* observed(
      runExecution<PluginRejectedError | PriceMismatchError>(
        { config, book, chainBook, wallet, chain, retry },
        {
          request,
          paymasterService: paymasterService ?? false,
          ...(input.gas !== undefined ? { gas: input.gas } : {}),
          guards: yield* guardsOf(plugins, context),
          onProgress: (snapshot) => Effect.andThen(Ref.set(last, Option.some(snapshot)), onProgress(snapshot)),
        },
      ),
    )
    return true as const
  }).pipe(atConfiguredLogLevel, Effect.withSpan("tradekit.runAction", undefined, NO_STACK))
