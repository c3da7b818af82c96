import { useEffect } from "react"
import type { ReservoirEvent } from "../../../src/index.js"
import { useTradekit } from "../../../src/react/index.js"
import { logStore, useLog } from "../store.js"

interface EventEntry {
  readonly at: Date
  readonly chainId: number
  readonly event: ReservoirEvent
}

/** The client's events (purchase_complete, listing_error, …) of this page, newest last. */
export const eventLog = logStore<EventEntry>()

/** Listens to the client's events for as long as it is mounted. */
export const useRecordEvents = () => {
  const { client } = useTradekit()
  useEffect(() => {
    if (!client) return
    const listener = (event: ReservoirEvent, chainId: number) => eventLog.push({ at: new Date(), chainId, event })
    client.addEventListener(listener)
    return () => client.removeEventListener(listener)
  }, [client])
}

/** The event log. */
export const EventLog = () => {
  const entries = useLog(eventLog)
  if (entries.length === 0)
    return <div className="empty">The client's events (purchase_complete, listing_error, …) appear here.</div>
  return (
    <div className="log" data-testid="event-log">
      {[...entries].reverse().map((entry, i) => {
        const failed = entry.event.name.endsWith("_error")
        return (
          <div key={entries.length - i} className={`log-row ${failed ? "log-row-error" : ""}`}>
            <div className="log-summary static">
              <span className="log-time">{entry.at.toLocaleTimeString()}</span>
              <span className={`pill ${failed ? "pill-error" : "pill-complete"}`} data-testid="event-name">
                {entry.event.name}
              </span>
              <span>chain {entry.chainId}</span>
              <span>{entry.event.data.steps.length} steps</span>
              {entry.event.data.error ? (
                <span className="log-path">
                  <code>{entry.event.data.error._tag}</code> {entry.event.data.error.message}
                </span>
              ) : null}
            </div>
          </div>
        )
      })}
    </div>
  )
}
