/**
 * The test kit's status server: every socket a client opens through its layer is recorded with what the client sent,
 * and the server pushes updates, raw frames, errors and closes to the sockets still open — as Effect's own `Socket`
 * reads them, so a test of the executor's socket sees what a browser's WebSocket would give it.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Socket from "effect/socket/Socket"
import { makeFakeStatusSocket } from "../../../src/testing/FakeStatusSocket.js"

const URL_A = "wss://ws.test/a"
const URL_B = "wss://ws.test/b"
const UPDATE = { txHash: `0x${"ab".repeat(32)}`, status: "success" } as const

/** The fake's constructor, as a client gets it from the layer. */
const constructorOf = (fake: ReturnType<typeof makeFakeStatusSocket>) =>
  Effect.runSync(
    Effect.gen(function* () {
      return yield* Socket.WebSocketConstructor
    }).pipe(Effect.provide(fake.layer)),
  )

/** Opens a socket on the fake and collects the frames and closes it is sent. */
const openOn = (fake: ReturnType<typeof makeFakeStatusSocket>, url = URL_A) => {
  const socket = constructorOf(fake)(url) as unknown as EventTarget & {
    send: (data: string | Uint8Array) => void
    close: (code?: number) => void
  }
  const frames: Array<string> = []
  const closes: Array<number> = []
  let errors = 0
  socket.addEventListener("message", (event) => frames.push((event as MessageEvent).data))
  socket.addEventListener("close", (event) => closes.push((event as CloseEvent).code))
  socket.addEventListener("error", () => {
    errors += 1
  })
  return { socket, frames, closes, errors: () => errors }
}

describe("makeFakeStatusSocket", () => {
  it("records each socket opened, in order, with its URL", () => {
    const fake = makeFakeStatusSocket()
    openOn(fake, URL_A)
    openOn(fake, URL_B)
    expect(fake.connections.map((connection) => connection.url)).toEqual([URL_A, URL_B])
    expect(fake.open).toHaveLength(2)
  })

  it("records what the client sends, parsed when it is JSON, text or bytes", () => {
    const fake = makeFakeStatusSocket()
    const { socket } = openOn(fake)
    socket.send('{"type":"subscribe","event":"transaction.status"}')
    socket.send("ping")
    socket.send(new TextEncoder().encode('{"n":1}'))
    expect(fake.connections[0]!.received).toEqual([
      { type: "subscribe", event: "transaction.status" },
      "ping",
      { n: 1 },
    ])
  })

  it("pushes a status update as a transaction.status event, and a raw frame as it is, to every open socket", () => {
    const fake = makeFakeStatusSocket()
    const a = openOn(fake, URL_A)
    const b = openOn(fake, URL_B)
    fake.push(UPDATE)
    fake.pushRaw("not json")
    for (const { frames } of [a, b]) {
      expect(frames.map((frame) => (frame === "not json" ? frame : JSON.parse(frame)))).toEqual([
        { event: "transaction.status", data: UPDATE },
        "not json",
      ])
    }
  })

  it("sends nothing more to a socket the client closed, and records how it closed", () => {
    const fake = makeFakeStatusSocket()
    const closing = openOn(fake, URL_A)
    const staying = openOn(fake, URL_B)
    closing.socket.close()
    closing.socket.close(4000)
    fake.push(UPDATE)
    expect(closing.frames).toEqual([])
    expect(closing.closes).toEqual([1000])
    expect(staying.frames).toHaveLength(1)
    expect(fake.connections[0]).toMatchObject({ closed: true, closeCode: 1000 })
    expect(fake.open.map((connection) => connection.url)).toEqual([URL_B])
  })

  it("drops every open socket abnormally by default, or with the code it is given", () => {
    const fake = makeFakeStatusSocket()
    const first = openOn(fake)
    fake.drop()
    const second = openOn(fake)
    fake.drop(1000)
    expect(first.closes).toEqual([1006])
    expect(second.closes).toEqual([1000])
    expect(fake.open).toEqual([])
  })

  it("fails every open socket with an error event, leaving it open", () => {
    const fake = makeFakeStatusSocket()
    const socket = openOn(fake)
    fake.fail()
    expect(socket.errors()).toBe(1)
    expect(fake.open).toHaveLength(1)
  })

  it("hands out its list of sockets as a snapshot a test cannot change", () => {
    const fake = makeFakeStatusSocket()
    openOn(fake)
    const seen = fake.connections as Array<unknown>
    seen.pop()
    expect(fake.connections).toHaveLength(1)
  })

  it.effect("serves Effect's Socket: what it writes is received, what is pushed is read, a drop ends it", () =>
    Effect.gen(function* () {
      const fake = makeFakeStatusSocket()
      const error = yield* Effect.scoped(
        Effect.gen(function* () {
          const socket = yield* Socket.makeWebSocket(URL_A)
          const reader = yield* socket.reader
          const writer = yield* socket.writer
          yield* writer.write('{"type":"subscribe"}')
          expect(fake.connections[0]!.received).toEqual([{ type: "subscribe" }])
          fake.push(UPDATE)
          const [frame] = yield* reader.pull
          expect(JSON.parse(frame as string)).toEqual({ event: "transaction.status", data: UPDATE })
          fake.drop()
          return yield* Effect.flip(reader.pull)
        }),
      ).pipe(Effect.provide(fake.layer))
      expect(error._tag).toBe("SocketError")
    }),
  )
})
