import { logStore } from "./store.js"

/** One request the client made to the aggregator API, with its answer. */
export interface HttpEntry {
  readonly id: number
  readonly action: string | undefined
  readonly method: string
  readonly url: string
  readonly requestBody: unknown
  readonly status?: number
  readonly responseBody?: unknown
  readonly error?: string
  readonly startedAt: number
  readonly ms?: number
}

/** The browser's own fetch, for the page's reads: they stay out of the execution's log. */
export const pageFetch: typeof fetch = window.fetch.bind(window)

/** Every API request of the page, newest last. */
export const httpLog = logStore<HttpEntry>()

let nextId = 0
let currentAction: string | undefined

/** Tags the requests made from now on with the action that runs (the log groups them). */
export const setCurrentAction = (action: string | undefined) => {
  currentAction = action
}

const parse = (text: string | undefined): unknown => {
  if (text === undefined || text === "") return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * Wraps `window.fetch` so that every request the client makes to the API lands in `httpLog`. RPC traffic is left out: it would drown the API's conversation.
 */
export const recordApiRequests = (isApi: (url: string) => boolean) => {
  const original = pageFetch
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : undefined
    const url = request?.url ?? String(input)
    if (!isApi(url)) return original(input, init)
    const id = ++nextId
    const method = (init?.method ?? request?.method ?? "GET").toUpperCase()
    const body =
      typeof init?.body === "string"
        ? init.body
        : init?.body instanceof Uint8Array
          ? new TextDecoder().decode(init.body)
          : undefined
    const startedAt = performance.now()
    httpLog.push({ id, action: currentAction, method, url, requestBody: parse(body), startedAt })
    try {
      const response = await original(input, init)
      const text = await response.clone().text()
      httpLog.update(
        (entry) => entry.id === id,
        (entry) => ({
          ...entry,
          status: response.status,
          responseBody: parse(text),
          ms: Math.round(performance.now() - startedAt),
        }),
      )
      return response
    } catch (error) {
      httpLog.update(
        (entry) => entry.id === id,
        (entry) => ({
          ...entry,
          error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
          ms: Math.round(performance.now() - startedAt),
        }),
      )
      throw error
    }
  }
}
