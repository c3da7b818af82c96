import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react"
import type { Address } from "viem"
import type { EstimatedResponse } from "../../../src/index.js"
import {
  type ActionHookParameters,
  type ActionHookResult,
  type FacadeActionName,
  useResume,
  useTradekit,
} from "../../../src/react/index.js"
import { short } from "../api.js"
import { setCurrentAction } from "../httpLog.js"
import {
  claimInterrupted,
  interruptedExecutions,
  type StoredExecution,
  storedExecutions,
} from "../interruptedExecutions.js"
import { useOrderNames } from "../orderNames.js"
import { useSession } from "../session.js"
import { ErrorView } from "./ErrorView.js"
import { NetworkFeeLine } from "./NetworkFee.js"
import { Timeline } from "./Timeline.js"

const bannerText = {
  pending: "An execution was interrupted by a reload — resuming…",
  success: "The execution interrupted by the reload was resumed and completed.",
  error: "The execution interrupted by the reload was resumed, and failed.",
} as const

/**
 * One action's panel: its form on the left, the live timeline of its execution on the right. The hook
 * does the work; this only wires the form's parameters into `mutate`. Every update of a running execution
 * is kept in localStorage, so that after a reload the panel resumes it (`useResume`) in the same timeline.
 */
export function ActionPanel<N extends FacadeActionName>(props: {
  readonly id: string
  readonly title: string
  readonly description: string
  readonly hook: ActionHookResult<N>
  /** The parameters of `mutate`, or a message saying what the form still needs. */
  readonly parameters: () => ActionHookParameters<N> | string
  readonly submitLabel: string
  /** How the timeline names the API's route when it tells the user something the form did not ("route" of a buy). */
  readonly pathLabel?: string
  /** Offers a "Quote" button: a precheck that shows the steps, the route and the network fee before the user confirms. */
  readonly quote?: boolean
  /** Called once an execution (not a quote) completes: the panel clears its form, so nothing is re-sent unseen. */
  readonly onDone?: () => void
  readonly children: ReactNode
}) {
  const { hook, id, title, onDone } = props
  const resumed = useResume()
  const { client } = useTradekit()
  const { address, chains, chainId, onActionSettled, wallet } = useSession()
  const names = useOrderNames(chainId)
  // A resumed execution stays on show until it is reset or another one is submitted.
  const shown = resumed.status !== "idle" ? resumed : hook
  // The account the shown execution acts for, kept with its snapshot.
  const owner = useRef<Address | undefined>(undefined)
  const [resumedFrom, setResumedFrom] = useState<StoredExecution | undefined>(undefined)

  const interrupted = interruptedExecutions().find((entry) => entry.panel === id)
  const canResume =
    interrupted !== undefined &&
    client !== undefined &&
    wallet !== undefined &&
    address?.toLowerCase() === interrupted.account.toLowerCase()
  const resume = resumed.mutate
  useEffect(() => {
    if (!canResume) return
    // Deferred, so that StrictMode's mount, unmount and mount again start it once.
    const timer = setTimeout(() => {
      const entry = claimInterrupted(id)
      if (entry === undefined) return
      owner.current = entry.account
      setResumedFrom(entry)
      setCurrentAction(title)
      resume({ snapshot: entry.snapshot })
    })
    return () => clearTimeout(timer)
  }, [canResume, id, title, resume])

  useEffect(() => {
    const snapshot = shown.progress
    if (shown.status !== "pending" || snapshot?.status !== "running" || owner.current === undefined) return
    storedExecutions.save({ panel: id, action: title, account: owner.current, snapshot, savedAt: Date.now() })
  }, [shown.status, shown.progress, id, title])

  const previous = useRef(shown.status)
  useEffect(() => {
    if (previous.current === "pending" && shown.status !== "pending") {
      // Completed, failed, aborted or reset: nothing is left to resume.
      storedExecutions.clear(id)
      if (shown.status === "success" || shown.status === "error") onActionSettled()
      // A quote's data is the steps it fetched; an execution's is `true` or the executed response's nothing.
      if (shown.status === "success" && (shown.data === true || shown.data === undefined)) onDone?.()
    }
    previous.current = shown.status
  }, [shown.status, shown.data, onActionSettled, onDone, id])

  const built = props.parameters()
  const start = (parameters: ActionHookParameters<N>) => {
    resumed.reset()
    owner.current = address
    setCurrentAction(title)
    hook.mutate(parameters)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (typeof built === "string") return
    start(built)
  }
  const prechecked =
    shown.status === "success" && typeof shown.data === "object" && shown.data !== null
      ? (shown.data as EstimatedResponse)
      : undefined
  const running = shown.status === "pending"
  return (
    <div className="panel" data-testid={`panel-${id}`} data-status={shown.status}>
      {resumedFrom !== undefined && resumed.status !== "idle" ? (
        <div
          className={`resume-banner resume-${resumed.status}`}
          role="status"
          data-testid="resume-banner"
          data-status={resumed.status}
        >
          <strong>{bannerText[resumed.status]}</strong>
          <span>
            {resumedFrom.action} for <code title={resumedFrom.account}>{short(resumedFrom.account)}</code>, stored at{" "}
            {new Date(resumedFrom.savedAt).toLocaleTimeString()} with {resumedFrom.snapshot.txHashes.length} tx sent
          </span>
        </div>
      ) : null}
      <form className="card form" onSubmit={submit}>
        <header className="card-head">
          <h2>{title}</h2>
          {/* A quote succeeds without executing anything: the badge says so, like the timeline. */}
          <span className={`pill pill-${prechecked ? "quoted" : shown.status}`} data-testid="status">
            {prechecked ? "quoted" : shown.status}
          </span>
        </header>
        <p className="muted">{props.description}</p>
        <div className="fields">{props.children}</div>
        {typeof built === "string" ? <p className="form-hint">{built}</p> : null}
        <div className="actions">
          <button
            type="submit"
            className="primary"
            disabled={running || typeof built === "string" || !wallet}
            data-testid="submit"
          >
            {running ? "Running…" : props.submitLabel}
          </button>
          {props.quote ? (
            <button
              type="button"
              onClick={() => typeof built !== "string" && start({ ...built, precheck: true })}
              disabled={running || typeof built === "string" || !wallet}
              data-testid="quote"
            >
              Quote
            </button>
          ) : null}
          <button type="button" onClick={() => shown.abort()} disabled={!running} data-testid="abort">
            Abort
          </button>
          <button
            type="button"
            className="ghost"
            onClick={() => {
              resumed.reset()
              hook.reset()
            }}
            disabled={shown.status === "idle"}
            data-testid="reset"
          >
            Reset
          </button>
        </div>
        <ErrorView error={shown.error} names={names} />
        {shown.status === "success" ? (
          <div className="success" data-testid="success">
            Done{shown.data !== true && shown.data !== undefined ? " (precheck: steps fetched, nothing executed)" : ""}.
          </div>
        ) : null}
        {prechecked?.networkFee !== undefined ? <NetworkFeeLine total={prechecked.networkFee} chains={chains} /> : null}
      </form>
      <section className="card">
        <header className="card-head">
          <h2>Steps</h2>
        </header>
        <Timeline
          progress={shown.progress}
          status={shown.status}
          chains={chains}
          pathLabel={props.pathLabel}
          names={names}
        />
      </section>
    </div>
  )
}
