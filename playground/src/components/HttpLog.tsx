import { useState } from "react"
import { httpLog } from "../httpLog.js"
import { useLog } from "../store.js"

const json = (value: unknown) =>
  value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value, null, 2)

/** The requests the client made to the API and the answers, newest first; click one to see the bodies. */
export const HttpLog = () => {
  const entries = useLog(httpLog)
  const [open, setOpen] = useState<number | undefined>(undefined)
  if (entries.length === 0)
    return <div className="empty">The client's requests to the API and their answers appear here.</div>
  return (
    <div className="log" data-testid="http-log">
      {[...entries].reverse().map((entry) => {
        const url = new URL(entry.url)
        const failed = entry.error !== undefined || (entry.status !== undefined && entry.status >= 400)
        return (
          <div key={entry.id} className={`log-row ${failed ? "log-row-error" : ""}`}>
            <button
              type="button"
              className="log-summary"
              onClick={() => setOpen(open === entry.id ? undefined : entry.id)}
            >
              <span className="log-action">{entry.action ?? "—"}</span>
              <span className={`method method-${entry.method.toLowerCase()}`}>{entry.method}</span>
              <span className="log-path">
                {url.pathname}
                {url.search}
              </span>
              <span className={`status ${failed ? "status-error" : entry.status ? "status-ok" : ""}`}>
                {entry.error ? "failed" : (entry.status ?? "…")}
              </span>
              <span className="log-ms">{entry.ms !== undefined ? `${entry.ms} ms` : ""}</span>
            </button>
            {open === entry.id ? (
              <div className="log-detail">
                <div>
                  <h4>Request</h4>
                  <pre>{json(entry.requestBody) || "(no body)"}</pre>
                </div>
                <div>
                  <h4>Response</h4>
                  <pre>{entry.error ?? json(entry.responseBody)}</pre>
                </div>
              </div>
            ) : null}
          </div>
        )
      })}
    </div>
  )
}
