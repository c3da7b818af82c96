/**
 * Status updates pushed over a websocket: when a chain config has `websocketUrl`, the executor subscribes to
 * the status of each transaction it confirms and completes the item as soon as the server reports success,
 * while the status poll keeps running as the fallback (see `confirmTransaction`).
 *
 * Wire protocol — JSON text frames on the chain's `websocketUrl`:
 *
 * - client → server, once the socket is open, one subscription per socket:
 *   `{"type":"subscribe","event":"transaction.status","filters":{"txHash":"0x…"}}`, or, for a cross-chain
 *   request, `{"type":"subscribe","event":"transaction.status","filters":{"requestId":"0x…"}}`.
 * - server → client:
 * `{"event":"transaction.status","data":{"txHash":"0x…","requestId"?:"0x…","status":"pending"|"success"|"failure","txHashes"?:["0x…"],"destinationChainId"?:1,"details"?:"…"}}`.
 *   `pending` is informational; `success` completes the item (with `txHashes`, the API's fill hashes, when
 *   present); `failure` fails it with `TransactionFailedError`. Messages for other subscriptions, other
 *   events, or that do not decode are ignored.
 *
 * The socket is only ever an accelerator: if it cannot be opened, errors or closes, the poll alone decides
 * (logged at debug level). The socket is closed once the item is settled either way, or interrupted.
 *
 * It runs as the `statusSocket` capability (every client of `tradekit` has it). The socket is built by
 * `effect/socket`'s `Socket.WebSocketConstructor` when one is provided (the client's `webSocketConstructor`), else
 * by the global `WebSocket` (browsers, Node ≥ 22). On Node 20 there is none: provide one built from the `ws`
 * package, or the executor simply polls.
 *
 * Auth: a socket on the API's origin is opened with the API key and configured headers in its handshake when
 * the constructor can send headers (a provided one, such as `ws`'s, gets them as `{ protocols, headers }`).
 * A browser's `WebSocket` cannot set headers: the global one opens the socket without them, and a socket
 * server that requires them refuses it, which leaves the poll (which carries them) to decide.
 *
 * @example
 * import WebSocket from "ws"
 * const webSocketConstructor = (url, protocols, options) => new WebSocket(url, protocols, options)
 * executeSteps({ request }).pipe(Effect.provide(capabilitiesLayer([statusSocket], { webSocketConstructor })))
 * @module
 */

import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Socket from "effect/socket/Socket"
import type { Hex } from "viem"
import { TransactionFailedError } from "../../errors/index.js"
import { type StatusFilter, StatusUpdate } from "../../schema/StatusUpdate.js"

/** A message the server pushes. */
export const StatusMessage = Schema.Struct({
  event: Schema.Literal("transaction.status"),
  data: StatusUpdate,
})
export type StatusMessage = typeof StatusMessage.Type

/** The subscription message for `filter`. */
export const subscribeMessage = (filter: StatusFilter): string =>
  JSON.stringify({ type: "subscribe", event: "transaction.status", filters: filter })

const parseJson = Option.liftThrowable((text: string): unknown => JSON.parse(text))
const decodeStatusMessage = Schema.decodeUnknownOption(StatusMessage)
/**
 * The status message a frame's text holds, if it holds one (JSON, then the schema; `Schema.fromJsonString` costs more).
 */
const decodeMessage = (text: string): Option.Option<StatusMessage> =>
  Option.flatMap(parseJson(text), decodeStatusMessage)
const decoder = new TextDecoder()

const concerns = (update: StatusUpdate, filter: StatusFilter): boolean =>
  "txHash" in filter
    ? update.txHash?.toLowerCase() === filter.txHash.toLowerCase()
    : update.requestId?.toLowerCase() === filter.requestId.toLowerCase()

/** A socket that could not even be built (a throwing constructor) failed to open. */
const openFailure = (cause: unknown) =>
  new Socket.SocketError({ reason: new Socket.SocketOpenError({ kind: "Unknown", cause }) })

/**
 * Opens a socket to `url`, subscribes to `filter`, and resolves with the first settled update (`success` or
 * `failure`) for it. Fails with the socket's error when it cannot open, errors, or closes first. The socket is
 * closed when the effect ends or is interrupted. A constructor that throws fails it with a SocketError whose
 * reason is a SocketOpenError. `headers` go in the handshake when the constructor can send them.
 */
export const watchStatusSocket = (
  url: string,
  filter: StatusFilter,
  headers?: Readonly<Record<string, string>>,
): Effect.Effect<StatusUpdate, Socket.SocketError, Socket.WebSocketConstructor> =>
  Effect.scoped(
    Effect.gen(function* () {
      const socket = yield* Socket.makeWebSocket(url, headers === undefined ? undefined : { headers })
      // Opens the socket and waits for it to be open. A constructor that throws (`ws` does on a URL with a
      // fragment or a bad scheme) failed to open the socket: that is a socket error, not a defect.
      const reader = yield* socket.reader.pipe(Effect.catchDefect((cause) => Effect.fail(openFailure(cause))))
      const writer = yield* socket.writer
      yield* Effect.ignore(writer.write(subscribeMessage(filter)))
      // Ends with the socket's error when it errors or closes: a close is a SocketError too.
      for (;;) {
        for (const raw of yield* reader.pull) {
          const message = decodeMessage(typeof raw === "string" ? raw : decoder.decode(raw))
          if (Option.isNone(message)) continue
          const update = message.value.data
          if (update.status !== "pending" && concerns(update, filter)) return update
        }
      }
    }),
  )

type WebSocketConstructorService = Socket.WebSocketConstructor["Service"]

/** The constructor to build sockets with: the provided one, else the global `WebSocket` when there is one. */
const webSocketConstructor: Effect.Effect<Option.Option<WebSocketConstructorService>> = Effect.map(
  Effect.serviceOption(Socket.WebSocketConstructor),
  Option.orElse(() =>
    typeof globalThis.WebSocket === "function"
      ? Option.some<WebSocketConstructorService>(
          (url, options) =>
            new globalThis.WebSocket(
              url,
              typeof options === "string" || Array.isArray(options) ? options : options?.protocols,
            ),
        )
      : Option.none(),
  ),
)

/** A socket error's message, with its cause's when it has one. */
const describe = (error: Socket.SocketError): string => {
  const cause = "cause" in error.reason ? error.reason.cause : undefined
  return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message
}

/**
 * The socket side of a confirmation race: succeeds with the pushed `success` update for `hash` (or its
 * cross-chain request), fails with `TransactionFailedError` on a pushed `failure`, and otherwise never ends —
 * without a constructor, or after a socket error or close, the poll alone decides.
 * @internal
 */
export const pushedStatus = (
  url: string,
  filter: StatusFilter,
  hash: Hex,
  headers?: Readonly<Record<string, string>>,
): Effect.Effect<StatusUpdate, TransactionFailedError> =>
  Effect.flatMap(
    webSocketConstructor,
    Option.match({
      onNone: () =>
        Effect.andThen(Effect.logDebug("tradekit: no WebSocket constructor, status by polling only"), Effect.never),
      onSome: (construct) =>
        watchStatusSocket(url, filter, headers).pipe(
          Effect.provideService(Socket.WebSocketConstructor, construct),
          Effect.catch((error) =>
            Effect.andThen(
              Effect.logDebug(`tradekit: status socket unavailable, polling only: ${describe(error)}`),
              Effect.never,
            ),
          ),
          Effect.flatMap((update) =>
            update.status === "failure"
              ? Effect.fail(new TransactionFailedError({ txHash: hash, reason: "failure" }))
              : Effect.succeed(update),
          ),
        ),
    }),
  )
