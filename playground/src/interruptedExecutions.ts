import type { Address } from "viem"
import type { ExecutionSnapshot } from "../../src/index.js"

/** An execution a panel runs, as kept in localStorage on every update so that a reload can resume it. */
export interface StoredExecution {
  /** The panel (and action tab) that runs it: `buy`, `list`, … */
  readonly panel: string
  /** The action's title, for the banner. */
  readonly action: string
  /** The account it acts for: the page resumes it with the same one. */
  readonly account: Address
  readonly snapshot: ExecutionSnapshot
  readonly savedAt: number
}

const KEY = "tradekit.playground.executions"

// One entry per panel: panels stay mounted and may run at the same time.
const readAll = (): Readonly<Record<string, StoredExecution>> => {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? "{}")
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, StoredExecution>) : {}
  } catch {
    return {}
  }
}

const writeAll = (all: Readonly<Record<string, StoredExecution>>) => {
  if (Object.keys(all).length === 0) localStorage.removeItem(KEY)
  else localStorage.setItem(KEY, JSON.stringify(all))
}

/** The running executions of the page, in localStorage. */
export const storedExecutions = {
  /** Keeps the latest snapshot of a panel's execution. */
  save: (entry: StoredExecution) => writeAll({ ...readAll(), [entry.panel]: entry }),
  /** Forgets a panel's execution: it completed, failed or was aborted. */
  clear: (panel: string) => {
    const { [panel]: _done, ...rest } = readAll()
    writeAll(rest)
  },
}

// Read once, as the page loads: what the panels store from now on belongs to this page, not to the reload.
let interrupted: ReadonlyArray<StoredExecution> = Object.values(readAll())
  .filter(
    (entry) =>
      entry.snapshot?.status === "running" && typeof entry.panel === "string" && typeof entry.account === "string",
  )
  .sort((a, b) => b.savedAt - a.savedAt)

/** The executions the last reload interrupted and nobody resumed yet, newest first. */
export const interruptedExecutions = (): ReadonlyArray<StoredExecution> => interrupted

/** Takes a panel's interrupted execution, so that it is resumed once (not again when the panel remounts). */
export const claimInterrupted = (panel: string): StoredExecution | undefined => {
  const entry = interrupted.find((e) => e.panel === panel)
  interrupted = interrupted.filter((e) => e !== entry)
  return entry
}
