import type { ReservoirClient, ReservoirClientOptions } from "../../client/ReservoirClient.js"
import { createClient } from "../../client.js"

/** The client a provider makes from options, through every mount and unmount of that provider. */
export interface OwnedClient {
  /** The live client: made on the first call, and made again on the first call after `release`. */
  readonly get: () => ReservoirClient
  /** The provider is mounted: keeps the live client (made again if released) until `release`. */
  readonly retain: () => ReservoirClient
  /** The provider unmounted: disposes the live client, which interrupts whatever it still runs. */
  readonly release: () => void
  /** Tells `listener` when `get` has made a client again after a `release`. */
  readonly subscribe: (listener: () => void) => () => void
}

/**
 * The client as handed out while it is not yet known whether a provider keeps it: its actions start once
 * that is decided (the decision is queued first), so those of a client disposed unretained start nothing.
 */
const awaitingRetain = (client: ReservoirClient): ReservoirClient => {
  const later =
    <P, A>(start: (parameters: P) => Promise<A>) =>
    (parameters: P): Promise<A> =>
      Promise.resolve().then(() => start(parameters))
  const actions = Object.fromEntries(
    Object.entries(client.actions).map(([name, action]) => [
      name,
      later(action as (parameters: unknown) => Promise<unknown>),
    ]),
  ) as unknown as ReservoirClient["actions"]
  return { ...client, actions, resume: later(client.resume) }
}

/**
 * A client made on demand from `options`. A provider reads it during render, so its first render already
 * has a client, and releases it on unmount, so every client that served a mounted provider is disposed.
 *
 * A client made again after a release is kept only if the provider retains it before the current task
 * ends: a remount (StrictMode's second mount, a hidden `<Activity>` shown) runs the hooks' effects and then
 * the provider's in one go, while a read after a real unmount has no provider left to retain it, and that
 * client is disposed at once — what was asked of it meanwhile waits for that decision, so it sends nothing.
 * A client made in a render that never commits (on the server, or a render React discards) has run nothing:
 * its runtime is built on first use, so it holds nothing to dispose.
 */
export const ownedClient = (options: ReservoirClientOptions): OwnedClient => {
  let current: ReservoirClient | undefined
  // `current` as handed out until a provider retains it, after a release.
  let pending: ReservoirClient | undefined
  let released = false
  let retained = false
  let listeners: ReadonlyArray<() => void> = []

  const release = () => {
    const made = current
    current = undefined
    pending = undefined
    released = true
    retained = false
    if (made !== undefined) void made.dispose()
  }
  const get = () => {
    if (current !== undefined) return retained || pending === undefined ? current : pending
    current = createClient(options)
    if (released) {
      const made = current
      pending = awaitingRetain(made)
      queueMicrotask(() => {
        if (!retained && current === made) release()
      })
      for (const listener of listeners) listener()
      return pending
    }
    return current
  }
  return {
    get,
    retain: () => {
      retained = true
      return get()
    },
    release,
    subscribe: (listener) => {
      listeners = [...listeners, listener]
      return () => {
        listeners = listeners.filter((candidate) => candidate !== listener)
      }
    },
  }
}
