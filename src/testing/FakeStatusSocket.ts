import * as Layer from "effect/Layer"
import * as Socket from "effect/socket/Socket"
import type { StatusUpdate } from "../schema/StatusUpdate.js"

/** One socket the executor opened on the fake status server. */
export interface FakeSocketConnection {
  readonly url: string
  /** The frames the client sent, parsed as JSON when they are JSON. */
  readonly received: ReadonlyArray<unknown>
  /** True once closed, by the client or by the fake. */
  readonly closed: boolean
  readonly closeCode: number | undefined
}

/** A websocket status server for tests: records the sockets the executor opens and pushes updates to them. */
export interface FakeStatusSocket {
  /** Every socket opened so far, in order. */
  readonly connections: ReadonlyArray<FakeSocketConnection>
  /** The sockets still open. */
  readonly open: ReadonlyArray<FakeSocketConnection>
  /** Sends `{event: "transaction.status", data: update}` on every open socket. */
  readonly push: (update: StatusUpdate) => void
  /** Sends a raw text frame on every open socket. */
  readonly pushRaw: (frame: string) => void
  /** Closes every open socket from the server side (code 1006: abnormal, 1000: normal). */
  readonly drop: (code?: number) => void
  /** Fails every open socket with an error event. */
  readonly fail: () => void
  /** Provides the fake as `Socket.WebSocketConstructor`. */
  readonly layer: Layer.Layer<Socket.WebSocketConstructor>
}

class FakeWebSocket extends EventTarget implements FakeSocketConnection {
  readyState = 1
  readonly received: Array<unknown> = []
  closed = false
  closeCode: number | undefined
  binaryType = "blob"
  constructor(readonly url: string) {
    super()
  }
  send(data: string | Uint8Array): void {
    const frame = typeof data === "string" ? data : new TextDecoder().decode(data)
    try {
      this.received.push(JSON.parse(frame))
    } catch {
      this.received.push(frame)
    }
  }
  close(code = 1000, reason = ""): void {
    if (this.closed) return
    this.closed = true
    this.closeCode = code
    this.readyState = 3
    this.dispatchEvent(Object.assign(new Event("close"), { code, reason, wasClean: code === 1000 }))
  }
  message(frame: string): void {
    if (!this.closed) this.dispatchEvent(Object.assign(new Event("message"), { data: frame }))
  }
}

/**
 * Makes a fake status socket server. Sockets open at once; what the client subscribes to is in `received`.
 *
 * @example
 * const socket = makeFakeStatusSocket()
 * const fiber = yield* Effect.forkChild(executeSteps(options).pipe(Effect.provide(testLayer({ api, wallet })),
 * Effect.provide(socket.layer)))
 * socket.push({ txHash, status: "success" })
 */
export const makeFakeStatusSocket = (): FakeStatusSocket => {
  const connections: Array<FakeWebSocket> = []
  const open = () => connections.filter((c) => !c.closed)
  return {
    get connections() {
      return [...connections]
    },
    get open() {
      return open()
    },
    push: (update) => {
      for (const c of open()) c.message(JSON.stringify({ event: "transaction.status", data: update }))
    },
    pushRaw: (frame) => {
      for (const c of open()) c.message(frame)
    },
    drop: (code = 1006) => {
      for (const c of open()) c.close(code)
    },
    fail: () => {
      for (const c of open()) c.dispatchEvent(new Event("error"))
    },
    layer: Layer.succeed(Socket.WebSocketConstructor, (url: string) => {
      const socket = new FakeWebSocket(url)
      connections.push(socket)
      return socket as unknown as Socket.WebSocketLike
    }),
  }
}
