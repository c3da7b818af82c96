import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as Option from "effect/Option"
import * as References from "effect/References"
import * as Socket from "effect/socket/Socket"
import * as TestClock from "effect/testing/TestClock"
import WebSocket from "ws"
import type { ChainConfig } from "../../../src/chains/ChainConfig.js"
import { makeFakeStatusSocket } from "../../../src/testing/FakeStatusSocket.js"
import { blankRequest } from "../../support/blankRequest.js"
import { setup, step, txItem } from "../fixtures.js"

const WS_CHAIN = {
  id: 1,
  name: "Ethereum",
  baseApiUrl: "https://api.test",
  websocketUrl: "wss://api.test/ws",
  active: true,
  checkPollingInterval: 1000,
}
const LIST = { request: blankRequest("list") } as const
const listing = (items: ReadonlyArray<unknown>) => ({ body: { steps: [step("nft-approval", "transaction", items)] } })

/** Lets real promises (the fake API's Response bodies) and forked fibers run, without moving the TestClock. */
const settle = (until: () => boolean) =>
  Effect.gen(function* () {
    for (let i = 0; i < 200 && !until(); i++)
      yield* Effect.promise(() => new Promise<void>((resolve) => setImmediate(resolve)))
    expect(until()).toBe(true)
  })

/** Captures log lines at every level, as text. */
const captureLogs = () => {
  const lines: Array<string> = []
  const logger = Logger.make(({ logLevel, message }) =>
    lines.push(`${logLevel.toUpperCase()} ${Array.isArray(message) ? message.join(" ") : String(message)}`),
  )
  return { lines, layer: Layer.merge(Logger.layer([logger]), Layer.succeed(References.MinimumLogLevel, "All")) }
}

const scenario = (options: { readonly chain?: ChainConfig } = {}) => {
  const socket = makeFakeStatusSocket()
  const { api, wallet, execute } = setup({ chains: [options.chain ?? WS_CHAIN] })
  api
    .route("POST", "/execute/list/v5", listing([txItem(wallet.address)]))
    .route("GET", /synced/, { body: { synced: false } })
  const run = execute(LIST).pipe(Effect.provide(socket.layer))
  const subscribed = () => socket.connections.some((c) => c.received.length > 0)
  return { socket, api, wallet, run, subscribed }
}

describe("executeSteps: websocket status", () => {
  it.effect("subscribes to the transaction on the chain's websocketUrl", () =>
    Effect.gen(function* () {
      const { socket, wallet, run, subscribed } = scenario()
      const fiber = yield* Effect.forkChild(run)
      yield* settle(subscribed)
      expect(socket.connections).toHaveLength(1)
      expect(socket.connections[0]!.url).toBe("wss://api.test/ws")
      expect(socket.connections[0]!.received).toEqual([
        { type: "subscribe", event: "transaction.status", filters: { txHash: wallet.sent[0]!.hash } },
      ])
      yield* Fiber.interrupt(fiber)
    }),
  )

  it.effect("completes on the socket's success before the next poll, and closes the socket", () =>
    Effect.gen(function* () {
      const { socket, api, wallet, run, subscribed } = scenario()
      const fiber = yield* Effect.forkChild(run)
      yield* settle(subscribed)
      expect(api.requestsTo(/synced/)).toHaveLength(1)
      socket.push({ txHash: wallet.sent[0]!.hash, status: "pending" })
      socket.push({ txHash: `0x${"ab".repeat(32)}`, status: "success" })
      socket.pushRaw("not json")
      socket.push({ txHash: wallet.sent[0]!.hash, status: "success" })
      const final = yield* Fiber.join(fiber)
      expect(final.status).toBe("complete")
      // No clock moved: the first poll said "not yet", the socket settled it.
      expect(api.requestsTo(/synced/)).toHaveLength(1)
      expect(socket.open).toHaveLength(0)
      expect(socket.connections[0]!.closeCode).toBe(1000)
    }),
  )

  it.effect("records the API's fill hashes pushed with the success", () =>
    Effect.gen(function* () {
      const { socket, wallet, run, subscribed } = scenario()
      const fill = `0x${"cd".repeat(32)}` as const
      const fiber = yield* Effect.forkChild(run)
      yield* settle(subscribed)
      socket.push({ txHash: wallet.sent[0]!.hash, status: "success", txHashes: [fill] })
      const final = yield* Fiber.join(fiber)
      const item = final.steps[0]!.items![0]!
      expect(item.txHashes).toEqual([{ txHash: fill, chainId: 1 }])
      expect(item.internalTxHashes).toEqual([{ txHash: wallet.sent[0]!.hash, chainId: 1 }])
    }),
  )

  it.effect("a pushed failure fails the item with 'Transaction failed'", () =>
    Effect.gen(function* () {
      const { socket, wallet, run, subscribed } = scenario()
      const fiber = yield* Effect.forkChild(run)
      yield* settle(subscribed)
      socket.push({ txHash: wallet.sent[0]!.hash, status: "failure" })
      const exit = yield* Fiber.await(fiber)
      expect(Exit.isFailure(exit)).toBe(true)
      const error = Option.getOrThrow(
        Cause.findErrorOption((exit as Exit.Failure<unknown, { _tag: string; message: string; reason: string }>).cause),
      )
      expect(error).toMatchObject({ _tag: "TransactionFailedError", message: "Transaction failed", reason: "failure" })
      expect(socket.open).toHaveLength(0)
    }),
  )

  it.effect("the poll still completes the item when the socket never answers, and the socket is closed", () =>
    Effect.gen(function* () {
      const { socket, api, run, subscribed } = scenario()
      api.route("GET", /synced/, [{ body: { synced: false } }, { body: { synced: true } }])
      const fiber = yield* Effect.forkChild(run)
      yield* settle(subscribed)
      yield* TestClock.adjust("1 second")
      const final = yield* Fiber.join(fiber)
      expect(final.status).toBe("complete")
      expect(api.requestsTo(/synced/)).toHaveLength(2)
      expect(socket.open).toHaveLength(0)
    }),
  )

  it.effect("a dropped or failing socket falls back to the poll", () =>
    Effect.gen(function* () {
      for (const breakIt of [
        (s: ReturnType<typeof makeFakeStatusSocket>) => s.drop(1006),
        (s: ReturnType<typeof makeFakeStatusSocket>) => s.fail(),
        (s: ReturnType<typeof makeFakeStatusSocket>) => s.drop(1000),
      ]) {
        const { socket, api, run, subscribed } = scenario()
        api.route("GET", /synced/, [{ body: { synced: false } }, { body: { synced: true } }])
        const fiber = yield* Effect.forkChild(run)
        yield* settle(subscribed)
        breakIt(socket)
        yield* TestClock.adjust("1 second")
        const final = yield* Fiber.join(fiber)
        expect(final.status).toBe("complete")
        expect(api.requestsTo(/synced/)).toHaveLength(2)
      }
    }),
  )

  it.effect("a WebSocket constructor that throws (a URL with a fragment, a bad scheme) leaves the poll to decide", () =>
    Effect.gen(function* () {
      const refusals = {
        "wss://api.test/ws#fragment": "The URL contains a fragment identifier",
        "ftp://api.test/ws": `The URL's protocol must be one of "ws:", "wss:", "http:", "https:", or "ws+unix:"`,
      }
      for (const [websocketUrl, reason] of Object.entries(refusals)) {
        const logs = captureLogs()
        const { api, wallet, execute } = setup({ chains: [{ ...WS_CHAIN, websocketUrl }], logLevel: 4 })
        api
          .route("POST", "/execute/list/v5", listing([txItem(wallet.address)]))
          .route("GET", /synced/, [{ body: { synced: false } }, { body: { synced: true } }])
        const construct = (url: string, protocols?: Socket.WebSocketConstructorOptions) =>
          new WebSocket(url, protocols as string | Array<string> | undefined) as unknown as Socket.WebSocketLike
        const fiber = yield* Effect.forkChild(
          execute(LIST).pipe(
            Effect.provide(Layer.succeed(Socket.WebSocketConstructor, construct)),
            Effect.provide(logs.layer),
          ),
        )
        yield* settle(() => api.requestsTo(/synced/).length === 1)
        yield* TestClock.adjust("1 second")
        const exit = yield* Fiber.await(fiber)
        expect(Exit.isSuccess(exit) && exit.value.status).toBe("complete")
        expect(logs.lines).toContain(
          `DEBUG tradekit: status socket unavailable, polling only: An error occurred during Open: ${reason}`,
        )
      }
    }),
  )

  it.effect("interrupting the execution closes the socket", () =>
    Effect.gen(function* () {
      const { socket, run, subscribed } = scenario()
      const fiber = yield* Effect.forkChild(run)
      yield* settle(subscribed)
      expect(socket.open).toHaveLength(1)
      yield* Fiber.interrupt(fiber)
      expect(socket.open).toHaveLength(0)
      expect(socket.connections[0]!.closed).toBe(true)
    }),
  )

  it.effect("a cross-chain deposit subscribes to its request id", () =>
    Effect.gen(function* () {
      const socket = makeFakeStatusSocket()
      const chains = [
        { id: 1, name: "Origin", baseApiUrl: "https://api.test" },
        {
          id: 31338,
          name: "Destination",
          baseApiUrl: "https://dest.test",
          websocketUrl: "wss://dest.test/ws",
          active: true,
        },
      ]
      const { api, wallet, execute } = setup({ chains })
      const check = {
        endpoint: "/execute/status/v1",
        method: "POST",
        body: { kind: "cross-chain-intent", id: "0xrequest" },
      }
      api
        .route("POST", "/execute/call/v1", {
          body: {
            steps: [
              step("deposit", "transaction", [
                { ...txItem(wallet.address), data: { ...txItem(wallet.address).data, chainId: 1 }, check },
              ]),
            ],
          },
        })
        .route("POST", "/execute/status/v1", { body: { status: "pending" } })
      const fill = `0x${"ef".repeat(32)}` as const
      const fiber = yield* Effect.forkChild(
        execute({ request: blankRequest("call") }).pipe(Effect.provide(socket.layer)),
      )
      yield* settle(() => socket.connections.some((c) => c.received.length > 0))
      expect(socket.connections[0]!.url).toBe("wss://dest.test/ws")
      expect(socket.connections[0]!.received).toEqual([
        { type: "subscribe", event: "transaction.status", filters: { requestId: "0xrequest" } },
      ])
      socket.push({ requestId: "0xREQUEST", status: "success", txHashes: [fill], destinationChainId: 31338 })
      const final = yield* Fiber.join(fiber)
      expect(final.steps[0]!.items![0]!.txHashes).toEqual([{ txHash: fill, chainId: 31338 }])
    }),
  )

  it.effect("without websocketUrl no socket is opened", () =>
    Effect.gen(function* () {
      const { socket, api, run } = scenario({ chain: { ...WS_CHAIN, websocketUrl: undefined } })
      api.route("GET", /synced/, [{ body: { synced: false } }, { body: { synced: true } }])
      const fiber = yield* Effect.forkChild(run)
      yield* settle(() => api.requestsTo(/synced/).length === 1)
      yield* TestClock.adjust("1 second")
      expect((yield* Fiber.join(fiber)).status).toBe("complete")
      expect(socket.connections).toHaveLength(0)
    }),
  )
})
