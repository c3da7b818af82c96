import { createServer, type IncomingHttpHeaders, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { ApiClient } from "../../../src/apis/reservoir/ApiClient.js"
import { ClientConfig } from "../../../src/services/ClientConfig.js"
import { NO_RETRY } from "../../../src/services/RetryPolicy.js"

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
    response.end(body ?? "")
  })
  return { server, received }
}

const start = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  )

const stop = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()))

describe("ApiClient over fetch: redirects", () => {
  const other = listen(() => ({ status: 200, body: `{"stolen":true}` }))
  let otherOrigin = ""
  const api = listen((url) =>
    url === "/moved"
      ? { status: 302, headers: { location: "/here" } }
      : url === "/here"
        ? { status: 200, body: `{"arrived":true}` }
        : { status: 302, headers: { location: `${otherOrigin}/steal` } },
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

  const layer = ApiClient.layerFetch.pipe(
    Layer.provide(ClientConfig.layer({ chains: [], retry: NO_RETRY, apiKey: "very-secret-key" })),
  )
  const get = (path: string) =>
    ApiClient.use((client) => client.forChain(apiOrigin).request({ path, method: "GET" })).pipe(Effect.provide(layer))

  it.live("refuses a redirect to another origin: the other server receives nothing, nor the API key", () =>
    Effect.gen(function* () {
      // What the API received before this test (another test of the file may have run first).
      const earlier = api.received.length
      const exit = yield* Effect.exit(get("/away"))
      const error = Option.getOrThrow(Cause.findErrorOption((exit as Exit.Failure<unknown, unknown>).cause))
      expect(error).toMatchObject({
        _tag: "HttpRequestError",
        reason: "redirect",
        endpoint: "/away",
        message: "Refused a redirect away from the API (status code 302)",
      })
      expect(other.received).toEqual([])
      const received = api.received.slice(earlier)
      expect(received.map((request) => request.url)).toEqual(["/away"])
      expect(received[0]!.headers["x-api-key"]).toBe("very-secret-key")
    }),
  )

  it.live("follows a redirect within the API's origin", () =>
    Effect.gen(function* () {
      expect(yield* Effect.exit(get("/moved"))).toEqual(Exit.succeed({ status: 200, body: { arrived: true } }))
      expect(other.received).toEqual([])
    }),
  )
})
