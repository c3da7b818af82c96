/**
 * The status websocket (`ws://HOST/chains/{chainId}/ws`, or `/ws` for the origin chain): pushes a
 * transaction's or a cross-chain request's status as soon as the indexer sees it, in the protocol of
 * `src/pipeline/watchStatusSocket.ts`:
 *
 * - client: `{"type":"subscribe","event":"transaction.status","filters":{"txHash":"0x…"}}` (or `{"requestId":"0x…"}`)
 * - server: `{"event":"transaction.status","data":{"txHash"|"requestId","status":"pending"|"success"|"failure","txHashes"?,"destinationChainId"?}}`
 *
 * The current status is pushed at once on subscribing (`pending` included, as an acknowledgement), then the
 * settled one when it comes; a settled subscription is dropped. Unknown or malformed frames get an
 * `{"event":"error","message":…}` answer, as does a subscription whose status cannot be read (it is dropped).
 * An upgrade request the server cannot serve (an unparseable URL, no websocket at that path) gets a plain
 * HTTP error answer. Uses the `ws` package (Node 20 has no WebSocket server).
 */
import { type IncomingMessage, type Server, STATUS_CODES } from "node:http"
import type { Duplex } from "node:stream"
import { type WebSocket, WebSocketServer } from "ws"
import type { DevnetContext } from "./context.js"
import { failureOf, HttpError, requestUrl } from "./http.js"
import { credentialsOf, type RequestLog } from "./requestLog.js"

type Filter = { readonly txHash: string } | { readonly requestId: string }

interface Subscription {
  readonly socket: WebSocket
  readonly chainId: number
  readonly filter: Filter
}

interface Update {
  readonly status: "pending" | "success" | "failure"
  readonly txHashes?: ReadonlyArray<string>
  readonly destinationChainId?: number
  readonly details?: string
}

const send = (socket: WebSocket, message: unknown) => {
  if (socket.readyState === 1) socket.send(JSON.stringify(message))
}

function statusOf(ctx: DevnetContext, subscription: Subscription): Update {
  const { filter } = subscription
  if ("txHash" in filter) {
    const tx =
      ctx.indexer.transaction(subscription.chainId, filter.txHash) ?? ctx.indexer.findTransaction(filter.txHash)
    if (tx === undefined) return { status: "pending" }
    return tx.status === "success"
      ? { status: "success" }
      : { status: "failure", details: `Transaction ${filter.txHash} reverted` }
  }
  const intent = ctx.intents.get(filter.requestId)
  if (intent === undefined) return { status: "pending" }
  const status = ctx.intents.status(intent)
  return {
    status,
    ...(status === "success" ? { txHashes: intent.fillTxHashes, destinationChainId: intent.destinationChainId } : {}),
    ...(intent.details !== undefined ? { details: intent.details } : {}),
  }
}

function parseFilter(raw: string): Filter | string {
  let message: unknown
  try {
    message = JSON.parse(raw)
  } catch {
    return "frame is not JSON"
  }
  const m = message as { type?: unknown; event?: unknown; filters?: { txHash?: unknown; requestId?: unknown } }
  if (m.type !== "subscribe" || m.event !== "transaction.status")
    return 'expected {"type":"subscribe","event":"transaction.status",…}'
  if (typeof m.filters?.txHash === "string" && /^0x[0-9a-fA-F]{64}$/.test(m.filters.txHash))
    return { txHash: m.filters.txHash }
  if (typeof m.filters?.requestId === "string" && m.filters.requestId !== "") return { requestId: m.filters.requestId }
  return "filters needs a txHash or a requestId"
}

/**
 * Serves the status websocket on `server`'s upgrade requests, logging each handshake to `log.handshakes`.
 * Returns the function that closes every socket.
 */
export function attachStatusSocket(server: Server, ctx: DevnetContext, log?: RequestLog): () => Promise<void> {
  const wss = new WebSocketServer({ noServer: true })
  const subscriptions = new Set<Subscription>()

  /**
   * Pushes the settled status, if any; true once pushed. A subscription whose status cannot be read is dropped
   * with an error frame: it runs inside the indexer's listeners and timers, where a throw would stop them.
   */
  const push = (subscription: Subscription) => {
    try {
      const update = statusOf(ctx, subscription)
      if (update.status === "pending") return false
      subscriptions.delete(subscription)
      send(subscription.socket, { event: "transaction.status", data: { ...subscription.filter, ...update } })
    } catch (error) {
      subscriptions.delete(subscription)
      send(subscription.socket, { event: "error", message: failureOf(error).message })
    }
    return true
  }

  const stopListening = ctx.indexer.onTransaction((tx) => {
    for (const subscription of subscriptions) {
      if ("txHash" in subscription.filter ? subscription.filter.txHash.toLowerCase() === tx.hash.toLowerCase() : true)
        push(subscription)
    }
  })
  // An intent turns successful when its solver has the last fill's receipt, which may come after the indexer
  // saw that fill: look at request subscriptions again shortly after, not only on indexed transactions.
  const intentTimer = setInterval(() => {
    for (const subscription of subscriptions) if ("requestId" in subscription.filter) push(subscription)
  }, 20)

  const serve = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = requestUrl(request).pathname
    const match = /^(?:\/chains\/(\d+))?\/ws\/?$/.exec(path)
    const chainId = match === null ? undefined : match[1] === undefined ? ctx.origin.chainId : Number(match[1])
    if (chainId === undefined || !ctx.chains.has(chainId)) throw new HttpError(404, `No websocket at ${path}`)
    log?.handshakes.push({
      at: performance.timeOrigin + performance.now(),
      chainId,
      route: "GET /ws",
      credentials: credentialsOf(request.headers),
    })
    wss.handleUpgrade(request, socket, head, (ws) => {
      ws.on("message", (data) => {
        const filter = parseFilter(data.toString("utf8"))
        if (typeof filter === "string") return send(ws, { event: "error", message: filter })
        const subscription: Subscription = { socket: ws, chainId, filter }
        subscriptions.add(subscription)
        if (!push(subscription)) send(ws, { event: "transaction.status", data: { ...filter, status: "pending" } })
      })
      ws.on("close", () => {
        for (const subscription of subscriptions) if (subscription.socket === ws) subscriptions.delete(subscription)
      })
      ws.on("error", () => ws.terminate())
    })
  }
  // An upgrade request is outside the HTTP handler's safety net: a throw here would be an uncaught exception.
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node stops listening for errors on a socket it hands over: a client reset would be uncaught too.
    socket.on("error", () => socket.destroy())
    try {
      serve(request, socket, head)
    } catch (error) {
      const { status } = failureOf(error)
      socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}\r\nConnection: close\r\n\r\n`)
    }
  }
  server.on("upgrade", onUpgrade)

  return () =>
    new Promise<void>((resolve) => {
      server.off("upgrade", onUpgrade)
      stopListening()
      clearInterval(intentTimer)
      subscriptions.clear()
      for (const client of wss.clients) client.terminate()
      wss.close(() => resolve())
    })
}
