import { createServer, type IncomingHttpHeaders, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Headers from "effect/http/Headers"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { ApiClient } from "../../../src/apis/reservoir/ApiClient.js"
import { ClientConfig, type ClientOptions } from "../../../src/services/ClientConfig.js"
import { httpClientTransport } from "../../../src/services/httpClientTransport.js"
import { NO_RETRY } from "../../../src/services/RetryPolicy.js"

const TOKEN = "bearer-token-5f1c9a"
const GATEWAY = "gateway-secret-77ab"

interface Received {
  readonly url: string
  readonly headers: IncomingHttpHeaders
}

/** A server on 127.0.0.1 that records what it receives and answers with `answer`. */
const listen = (answer: (url: string) => { status: number; headers?: Record<string, string>; body?: string }) => {
  const received: Array<Received> = []
  const server = createServer((request, response) => {
    received.push({ url: request.url ?? "", headers: request.headers })
    request.resume()
    const { status, headers, body } = answer(request.url ?? "")
    response.writeHead(status, { "content-type": "application/json", ...headers })
    response.end(body ?? "{}")
  })
  return { server, received }
}

const start = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  )

const stop = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()))

describe("configured headers", () => {
  const other = listen(() => ({ status: 200 }))
  let otherOrigin = ""
  const api = listen((url) =>
    url === "/moved"
      ? { status: 302, headers: { location: "/here" } }
      : url === "/away"
        ? { status: 307, headers: { location: `${otherOrigin}/steal` } }
        : { status: 200 },
  )
  let apiOrigin = ""

  beforeAll(async () => {
    otherOrigin = await start(other.server)
    apiOrigin = await start(api.server)
  })
  afterAll(async () => {
    await stop(api.server)
    await stop(other.server)
  })

  const options = (): ClientOptions => ({
    retry: NO_RETRY,
    apiKey: "the-api-key",
    headers: { Authorization: `Bearer ${TOKEN}`, "X-Tenant": "client" },
    chains: [
      {
        id: 1,
        name: "A",
        baseApiUrl: apiOrigin,
        headers: { "x-tenant": "chain", "X-Gateway-Token": Redacted.make(GATEWAY) },
      },
    ],
  })
  const withClient = <A, E>(f: (client: ApiClient["Service"]) => Effect.Effect<A, E>) =>
    Effect.suspend(() => {
      const config = ClientConfig.layer(options())
      return ApiClient.use(f).pipe(Effect.provide(ApiClient.layerFetch.pipe(Layer.provide(config))))
    })
  const chainApi = (client: ApiClient["Service"]) => {
    const chain = options().chains![0]!
    return client.forChain(chain.baseApiUrl, chain.headers)
  }

  it.live("go on every request of the chain: the client's, then the chain's own, which win by name (any case)", () =>
    Effect.gen(function* () {
      api.received.length = 0
      yield* withClient((client) => chainApi(client).request({ path: "/execute/buy/v7", body: {} }))
      yield* withClient((client) => chainApi(client).request({ path: "/transactions/0x1/synced/v1", method: "GET" }))
      expect(api.received.map((request) => request.url)).toEqual(["/execute/buy/v7", "/transactions/0x1/synced/v1"])
      for (const { headers } of api.received) {
        expect(headers).toMatchObject({
          authorization: `Bearer ${TOKEN}`,
          "x-tenant": "chain",
          "x-gateway-token": GATEWAY,
          "x-api-key": "the-api-key",
          "content-type": "application/json",
        })
      }
    }),
  )

  it.live("follow a redirect within the API's origin, and reach no other origin", () =>
    Effect.gen(function* () {
      api.received.length = 0
      yield* withClient((client) => chainApi(client).request({ path: "/moved", method: "GET" }))
      expect(api.received.map((request) => request.url)).toEqual(["/moved", "/here"])
      expect(api.received[1]!.headers.authorization).toBe(`Bearer ${TOKEN}`)

      const exit = yield* Effect.exit(withClient((client) => chainApi(client).request({ path: "/away", body: {} })))
      expect(Exit.isFailure(exit)).toBe(true)
      expect(other.received).toEqual([])
    }),
  )

  it.live("a chain without headers of its own gets the client's", () =>
    Effect.gen(function* () {
      api.received.length = 0
      yield* withClient((client) => client.forChain(apiOrigin).request({ path: "/x", method: "GET" }))
      expect(api.received[0]!.headers).toMatchObject({ authorization: `Bearer ${TOKEN}`, "x-tenant": "client" })
      expect(api.received[0]!.headers["x-gateway-token"]).toBeUndefined()
    }),
  )

  it.effect("go to the status socket only when it is on the API's origin", () =>
    withClient((client) =>
      Effect.sync(() => {
        const chain = chainApi(client)
        const sameOrigin = apiOrigin.replace(/^http/, "ws")
        expect(chain.socketHeaders(`${sameOrigin}/ws`)).toMatchObject({
          authorization: `Bearer ${TOKEN}`,
          "x-gateway-token": GATEWAY,
        })
        expect(chain.socketHeaders(`${otherOrigin.replace(/^http/, "ws")}/ws`)).toBeUndefined()
        expect(chain.socketHeaders(`wss://${new URL(apiOrigin).host}/ws`)).toBeUndefined()
        expect(chain.socketHeaders(`${apiOrigin}/ws`)).toBeUndefined()
        expect(chain.socketHeaders("not a url")).toBeUndefined()
      }),
    ),
  )

  it.effect("are redacted, as the API key is, wherever an HttpClient beneath tradekit renders its requests", () =>
    Effect.gen(function* () {
      const rendered: Array<string> = []
      // A user's own HttpClient that logs what it sends, as a tracing or logging middleware would.
      const logging = Layer.succeed(
        HttpClient.HttpClient,
        HttpClient.make((request) =>
          Effect.sync(() => {
            rendered.push(
              JSON.stringify(request.headers),
              String(Headers.redact(request.headers, ["x-none"]).authorization),
            )
            return HttpClientResponse.fromWeb(request, new Response("{}", { status: 200 }))
          }),
        ),
      )
      const config = ClientConfig.layer(options())
      yield* ApiClient.use((client) => chainApi(client).request({ path: "/x", method: "GET" })).pipe(
        Effect.provide(
          ApiClient.layer.pipe(Layer.provide(Layer.merge(httpClientTransport.pipe(Layer.provide(logging)), config))),
        ),
      )
      const json = rendered[0]!
      expect(json).toContain("x-gateway-token")
      expect(json).not.toContain(GATEWAY)
      expect(json).not.toContain(TOKEN)
      expect(json).not.toContain("the-api-key")
      // The headers are on the request all the same (a redaction ignoring the context shows them).
      expect(rendered[1]).toBe(`Bearer ${TOKEN}`)
    }),
  )
})
