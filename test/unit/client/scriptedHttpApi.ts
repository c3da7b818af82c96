import { createServer, type IncomingMessage } from "node:http"
import type { AddressInfo } from "node:net"

/** A request the scripted API received, as a server sees it on the wire. */
export interface WireRequest {
  readonly method: string
  readonly path: string
  readonly query: Readonly<Record<string, ReadonlyArray<string>>>
  readonly headers: Readonly<Record<string, string>>
  /** The body parsed as JSON; the raw text when it is not JSON; undefined when empty. */
  readonly body: unknown
}

/** An answer of the script: status 200 and a JSON body unless said otherwise. */
export interface WireResponse {
  readonly status?: number
  readonly body?: unknown
}

/** Answers one request; undefined answers 404 `{ message: "no route" }`. */
export type Script = (request: WireRequest) => WireResponse | undefined

/** A real HTTP server on 127.0.0.1 (an ephemeral port) answering from a script and recording every request. */
export interface ScriptedHttpApi {
  /** `http://127.0.0.1:<port>`: the chain's baseApiUrl. */
  readonly url: string
  readonly requests: ReadonlyArray<WireRequest>
  /** Resolves once no request has arrived for `quietMs` (fire-and-forget requests included). */
  readonly settled: (quietMs?: number) => Promise<void>
  readonly close: () => Promise<void>
}

const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    request.on("error", reject)
  })

const parseBody = (text: string): unknown => {
  if (text === "") return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** Starts a scripted API; close it when done. */
export const startScriptedHttpApi = async (script: Script): Promise<ScriptedHttpApi> => {
  const requests: Array<WireRequest> = []
  let lastArrival = Date.now()
  const server = createServer((incoming, outgoing) => {
    lastArrival = Date.now()
    void readBody(incoming).then((text) => {
      const url = new URL(incoming.url ?? "/", "http://127.0.0.1")
      const query: Record<string, Array<string>> = {}
      for (const [key, value] of url.searchParams) (query[key] ??= []).push(value)
      const headers: Record<string, string> = {}
      for (const [key, value] of Object.entries(incoming.headers)) {
        if (value !== undefined) headers[key] = Array.isArray(value) ? value.join(", ") : value
      }
      const request: WireRequest = {
        method: incoming.method ?? "",
        path: url.pathname,
        query,
        headers,
        body: parseBody(text),
      }
      requests.push(request)
      let answer: WireResponse
      try {
        answer = script(request) ?? { status: 404, body: { message: "no route" } }
      } catch (error) {
        answer = { status: 500, body: { message: `script failed: ${String(error)}` } }
      }
      outgoing.writeHead(answer.status ?? 200, { "content-type": "application/json" })
      outgoing.end(answer.body === undefined ? "" : JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return [...requests]
    },
    settled: async (quietMs = 150) => {
      while (Date.now() - lastArrival < quietMs) await new Promise((resolve) => setTimeout(resolve, 25))
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
