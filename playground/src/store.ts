import { useSyncExternalStore } from "react"

/** A tiny append-only log the page renders with useSyncExternalStore. */
export interface LogStore<A> {
  readonly push: (entry: A) => void
  readonly update: (match: (entry: A) => boolean, f: (entry: A) => A) => void
  readonly clear: () => void
  readonly get: () => ReadonlyArray<A>
  readonly subscribe: (listener: () => void) => () => void
}

export const logStore = <A>(limit = 500): LogStore<A> => {
  let entries: ReadonlyArray<A> = []
  const listeners = new Set<() => void>()
  const emit = () => {
    for (const listener of listeners) listener()
  }
  return {
    push: (entry) => {
      entries = [...entries.slice(-(limit - 1)), entry]
      emit()
    },
    update: (match, f) => {
      entries = entries.map((entry) => (match(entry) ? f(entry) : entry))
      emit()
    },
    clear: () => {
      entries = []
      emit()
    },
    get: () => entries,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export const useLog = <A>(store: LogStore<A>): ReadonlyArray<A> => useSyncExternalStore(store.subscribe, store.get)
