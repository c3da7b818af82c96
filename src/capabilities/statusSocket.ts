import * as Layer from "effect/Layer"
import * as Socket from "effect/socket/Socket"
import { pushedStatus } from "../apis/reservoir/statusSocket.js"
import type { Capability, WebSocketConstructor } from "./Capability.js"
import { StatusPush } from "./StatusPush.js"

/** The options' constructor as `effect/socket` builds sockets with it: protocols, or protocols and headers. */
const socketConstructorOf =
  (construct: WebSocketConstructor): Socket.WebSocketConstructor["Service"] =>
  (url, options) =>
    typeof options === "string" || Array.isArray(options)
      ? construct(url, options)
      : construct(url, options?.protocols, options?.headers === undefined ? undefined : { headers: options.headers })

/**
 * The status socket: on a chain with a `websocketUrl`, the executor subscribes to each transaction's status and
 * completes the item when the server pushes it, the poll running as the fallback. Sockets are built with the
 * client's `webSocketConstructor`, else the global `WebSocket`; with neither, status is polled only.
 */
export const statusSocket: Capability = {
  name: "statusSocket",
  layer: ({ webSocketConstructor }) => {
    const push = Layer.succeed(StatusPush, pushedStatus)
    return webSocketConstructor === undefined
      ? push
      : Layer.merge(push, Layer.succeed(Socket.WebSocketConstructor, socketConstructorOf(webSocketConstructor)))
  },
}
