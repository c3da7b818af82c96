import * as Effect from "effect/Effect"
import type { ExecutionSnapshot } from "../pipeline/ExecutionSnapshot.js"
import type { ActionName } from "../schema/ActionName.js"
import type { ExecuteError, ExecuteResponse, Fees, PathEntry } from "../schema/ExecuteResponse.js"
import type { Step } from "../schema/Step.js"
import { definePlugin, type PluginContext, type RequestBody } from "./Plugin.js"

/** The event names of reservoir-sdk 2.0.x. */
export type ReservoirEventName =
  | "purchase_error"
  | "purchase_complete"
  | "accept_offer_error"
  | "accept_offer_complete"
  | "offer_error"
  | "offer_complete"
  | "listing_error"
  | "listing_complete"
  | "cancel_error"
  | "cancel_complete"
  | "unknown"

/** What an event carries: the execution as it ended (reservoir-sdk's `Execute`), with the error when it failed. */
export interface ReservoirEventData {
  readonly steps: ReadonlyArray<Step>
  readonly path?: ReadonlyArray<PathEntry> | null
  readonly fees?: Fees
  readonly requestId?: string
  /** The items the API left out of the plan (see `ExecuteResponse.errors`). */
  readonly errors?: ReadonlyArray<ExecuteError>
  readonly error?: { readonly _tag: string; readonly message: string }
}

/** An event, shaped as reservoir-sdk 2.0.x shapes it: `{ name, data }`. */
export interface ReservoirEvent {
  readonly name: ReservoirEventName
  readonly data: ReservoirEventData
}

/** A listener of a client's events, called with the event and the chain id of the execution. */
export type ReservoirEventListener = (event: ReservoirEvent, chainId: number) => void

/** The event prefix of each action that has events of its own; the others' events are "unknown". */
const eventPrefixes: Partial<Record<ActionName, string>> = {
  buy: "purchase",
  sell: "accept_offer",
  bid: "offer",
  list: "listing",
  cancel: "cancel",
}

/**
 * The event name for an action: buy -> purchase_*, sell -> accept_offer_*, bid -> offer_*, list -> listing_*,
 * cancel -> cancel_*, anything else -> unknown.
 *
 * @example
 * eventNameFor("sell", false) // "accept_offer_complete"
 */
export const eventNameFor = (action: ActionName, failed: boolean): ReservoirEventName => {
  const prefix = eventPrefixes[action]
  return prefix === undefined ? "unknown" : (`${prefix}_${failed ? "error" : "complete"}` as ReservoirEventName)
}

const dataOf = (execution: ExecutionSnapshot | ExecuteResponse | undefined): ReservoirEventData => ({
  steps: execution?.steps ?? [],
  ...(execution?.path !== undefined ? { path: execution.path } : {}),
  ...(execution?.fees !== undefined ? { fees: execution.fees } : {}),
  ...(execution?.requestId !== undefined ? { requestId: execution.requestId } : {}),
  ...(execution?.errors !== undefined ? { errors: execution.errors } : {}),
})

/**
 * The chain an event is told for, as reservoir-sdk tells it: the chain the user acts on. For a call that is
 * the origin chain, the one its body names (`originChainId`), not the destination whose API runs it.
 */
const chainIdOf = (context: PluginContext, body: RequestBody): number =>
  context.action === "call" && typeof body.originChainId === "number" ? body.originChainId : context.chain.id

/**
 * The events plugin (observer): delivers reservoir-sdk's events to `emit` with the chain id (a call's origin
 * chain), once per executed action (a precheck emits nothing). The Promise facade wires it to the listeners
 * of `addEventListener`.
 */
export const eventsPlugin = (emit: ReservoirEventListener) =>
  definePlugin({
    name: "events",
    observe: {
      onComplete: (event) =>
        event.context.precheck
          ? Effect.void
          : Effect.try(() =>
              emit(
                { name: eventNameFor(event.context.action, false), data: dataOf(event.result) },
                chainIdOf(event.context, event.body),
              ),
            ),
      onError: (event) =>
        event.context.precheck
          ? Effect.void
          : Effect.try(() =>
              emit(
                {
                  name: eventNameFor(event.context.action, true),
                  data: { ...dataOf(event.snapshot), error: { _tag: event.error._tag, message: event.error.message } },
                },
                chainIdOf(event.context, event.body),
              ),
            ),
    },
  })
