/**
 * The part of the `ws` package (a dependency of viem and jsdom, listed in devDependencies) that the devnet
 * and the benchmarks use; its own types (@types/ws) are not installed.
 */
declare module "ws" {
  import type { EventEmitter } from "node:events"
  import type { IncomingMessage } from "node:http"
  import type { Duplex } from "node:stream"

  class WebSocket extends EventEmitter {
    constructor(url: string, protocols?: string | Array<string>)
    static readonly OPEN: 1
    readonly readyState: 0 | 1 | 2 | 3
    send(data: string): void
    close(code?: number, reason?: string): void
    terminate(): void
    on(event: "message", listener: (data: Buffer, isBinary: boolean) => void): this
    on(event: "close", listener: (code: number, reason: Buffer) => void): this
    on(event: "error", listener: (error: Error) => void): this
  }

  class WebSocketServer extends EventEmitter {
    constructor(options: { noServer: true })
    readonly clients: Set<WebSocket>
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, callback: (socket: WebSocket) => void): void
    close(callback?: (error?: Error) => void): void
  }

  export { WebSocket, WebSocketServer }
  export default WebSocket
}
