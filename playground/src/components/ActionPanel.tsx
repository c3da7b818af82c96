import { type FormEvent, type ReactNode, useEffect, useRef } from "react"
import type { ActionHookResult, ActionName } from "../../../src/react/index.js"
import { setCurrentAction } from "../httpLog.js"
import { useSession } from "../session.js"
import { ErrorView } from "./ErrorView.js"
import { Timeline } from "./Timeline.js"

/**
 * One action's panel: its form on the left, the live timeline of its execution on the right. The hook
 * does the work; this only wires the form's parameters into `execute`.
 */
export function ActionPanel<N extends ActionName>(props: {
  readonly id: string
  readonly title: string
  readonly description: string
  readonly hook: ActionHookResult<N>
  /** The parameters of `execute`, or a message saying what the form still needs. */
  readonly parameters: () => Parameters<ActionHookResult<N>["execute"]>[0] | string
  readonly submitLabel: string
  readonly children: ReactNode
}) {
  const { hook } = props
  const { chains, onActionSettled, wallet } = useSession()
  const previous = useRef(hook.status)
  useEffect(() => {
    if (previous.current === "running" && (hook.status === "success" || hook.status === "error")) onActionSettled()
    previous.current = hook.status
  }, [hook.status, onActionSettled])

  const built = props.parameters()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (typeof built === "string") return
    setCurrentAction(props.title)
    void hook.execute(built)
  }
  const running = hook.status === "running"
  return (
    <div className="panel" data-testid={`panel-${props.id}`} data-status={hook.status}>
      <form className="card form" onSubmit={submit}>
        <header className="card-head">
          <h2>{props.title}</h2>
          <span className={`pill pill-${hook.status}`} data-testid="status">
            {hook.status}
          </span>
        </header>
        <p className="muted">{props.description}</p>
        <div className="fields">{props.children}</div>
        {typeof built === "string" ? <p className="form-hint">{built}</p> : null}
        <div className="actions">
          <button type="submit" className="primary" disabled={running || typeof built === "string" || !wallet} data-testid="submit">
            {running ? "Running…" : props.submitLabel}
          </button>
          <button type="button" onClick={() => hook.abort()} disabled={!running} data-testid="abort">
            Abort
          </button>
          <button type="button" className="ghost" onClick={hook.reset} disabled={hook.status === "idle"} data-testid="reset">
            Reset
          </button>
        </div>
        <ErrorView error={hook.error} />
        {hook.status === "success" ? (
          <div className="success" data-testid="success">
            Done{hook.data !== true && hook.data !== undefined ? " (precheck: steps fetched, nothing executed)" : ""}.
          </div>
        ) : null}
      </form>
      <section className="card">
        <header className="card-head">
          <h2>Steps</h2>
        </header>
        <Timeline progress={hook.progress} status={hook.status} chains={chains} />
      </section>
    </div>
  )
}
