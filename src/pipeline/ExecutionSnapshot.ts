import type { ExecuteError, ExecuteResponse, Fees, PathEntry } from "../schema/ExecuteResponse.js"
import type { ChainTxHash, Step, StepItem } from "../schema/Step.js"
import type { TradeRequest } from "../schema/TradeRequest.js"
import type { JournalEntry } from "./history/Journal.js"

/** The step being worked on: its index, id and the items running. */
export interface CurrentStep {
  readonly index: number
  readonly id: string
  readonly itemIndexes: ReadonlyArray<number>
}

/**
 * The state of an execution at one moment. Every update is a new snapshot; one handed out is never changed.
 * It is plain JSON (no bigints, no functions, no secrets), so it can be stored and shown as it is.
 */
export interface ExecutionSnapshot {
  readonly status: "running" | "complete" | "error"
  /** The execute request and the chain of its API: what `resume` needs to carry on. */
  readonly request: TradeRequest
  readonly chainId: number
  /** The latest signature, sent as the `signature` query on later posts and re-polls. */
  readonly signature?: string
  readonly steps: ReadonlyArray<Step>
  readonly path?: ReadonlyArray<PathEntry> | null
  readonly fees?: Fees
  readonly requestId?: string
  /** The items the API left out of the plan (e.g. no longer available, with `partial: true`), as it listed them. */
  readonly errors?: ReadonlyArray<ExecuteError>
  readonly currentStep?: CurrentStep
  /** Every transaction hash of the execution so far, the user's and the API's. */
  readonly txHashes: ReadonlyArray<ChainTxHash>
  readonly error?: { readonly _tag: string; readonly message: string }
  /** Every side effect so far, in order: what resume must not do again (see `Journal`). */
  readonly journal?: ReadonlyArray<JournalEntry>
}

/** A snapshot with `entry` added to its journal. */
export const withJournalEntry = (snapshot: ExecutionSnapshot, entry: JournalEntry): ExecutionSnapshot => ({
  ...snapshot,
  journal: [...(snapshot.journal ?? []), entry],
})

const collectTxHashes = (steps: ReadonlyArray<Step>): ReadonlyArray<ChainTxHash> => {
  const seen = new Set<string>()
  const hashes: Array<ChainTxHash> = []
  for (const step of steps) {
    for (const item of step.items ?? []) {
      for (const entry of [...(item.internalTxHashes ?? []), ...(item.txHashes ?? [])]) {
        const key = `${entry.chainId}:${entry.txHash.toLowerCase()}`
        if (seen.has(key)) continue
        seen.add(key)
        hashes.push(entry)
      }
    }
  }
  return hashes
}

/** A snapshot with new steps; the derived list of tx hashes follows them. */
export const withSteps = (snapshot: ExecutionSnapshot, steps: ReadonlyArray<Step>): ExecutionSnapshot => ({
  ...snapshot,
  steps,
  txHashes: collectTxHashes(steps),
})

/** The first snapshot of an execution, from the API's answer. */
export const snapshotOf = (response: ExecuteResponse, request: TradeRequest, chainId: number): ExecutionSnapshot =>
  withSteps(
    {
      status: "running",
      request,
      chainId,
      steps: [],
      txHashes: [],
      ...(response.path !== undefined ? { path: response.path } : {}),
      ...(response.fees !== undefined ? { fees: response.fees } : {}),
      ...(response.requestId !== undefined ? { requestId: response.requestId } : {}),
      ...(response.errors !== undefined ? { errors: response.errors } : {}),
    },
    response.steps,
  )

/** A snapshot with one item replaced by `f(item)`. */
export const updateItem = (
  snapshot: ExecutionSnapshot,
  stepIndex: number,
  itemIndex: number,
  f: (item: StepItem) => StepItem,
): ExecutionSnapshot =>
  withSteps(
    snapshot,
    snapshot.steps.map((step, s) =>
      s !== stepIndex || step.items === undefined
        ? step
        : ({ ...step, items: step.items.map((item, i) => (i === itemIndex ? f(item) : item)) } as Step),
    ),
  )

/** A snapshot with one step replaced by `f(step)`. */
export const updateStep = (
  snapshot: ExecutionSnapshot,
  stepIndex: number,
  f: (step: Step) => Step,
): ExecutionSnapshot =>
  withSteps(
    snapshot,
    snapshot.steps.map((step, s) => (s === stepIndex ? f(step) : step)),
  )

/** The index of the first step with an incomplete item, and the indexes of its incomplete items. */
export const nextIncompleteStep = (
  steps: ReadonlyArray<Step>,
): { readonly stepIndex: number; readonly itemIndexes: ReadonlyArray<number> } | undefined => {
  for (const [stepIndex, step] of steps.entries()) {
    const itemIndexes = (step.items ?? []).flatMap((item, i) => (item.status === "incomplete" ? [i] : []))
    if (itemIndexes.length > 0) return { stepIndex, itemIndexes }
  }
  return undefined
}
