import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { HttpTransport } from "../../../src/services/HttpTransport.js"
import { FakeNetworkError, makeFakeApi } from "../../../src/testing/FakeApi.js"

/** Sends one request through the fake's transport, as tradekit's clients do. */
const send = (api: ReturnType<typeof makeFakeApi>, method: string, url: string, body?: unknown) =>
  HttpTransport.use((transport) =>
    transport.send({
      method,
      url: new URL(url),
      headers: { "X-Api-Key": "k" },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    }),
  ).pipe(Effect.provide(api.layer))

describe("makeFakeApi", () => {
  it.effect("answers a route by method and path, as JSON with status 200 unless told", () =>
    Effect.gen(function* () {
      const api = makeFakeApi().route("post", "/execute/buy/v7", { body: { steps: [] } })
      const answer = yield* send(api, "POST", "https://api.test/execute/buy/v7", { items: [] })
      expect(answer.status).toBe(200)
      expect(answer.headers["content-type"]).toBe("application/json")
      expect(JSON.parse(answer.body)).toEqual({ steps: [] })
    }),
  )

  it.effect("records each request: path, repeated query values, lower-case header names, decoded body", () =>
    Effect.gen(function* () {
      const api = makeFakeApi().route("GET", /\/transfers\//, {})
      yield* send(api, "GET", "https://api.test/transfers/bulk/v2?txHash=0x1&txHash=0x2")
      const [request] = api.requestsTo("/transfers/bulk/v2")
      expect(request).toMatchObject({ method: "GET", path: "/transfers/bulk/v2", query: { txHash: ["0x1", "0x2"] } })
      expect(request!.headers).toEqual({ "X-Api-Key": "k" })
      expect(api.requests).toHaveLength(1)
    }),
  )

  it.effect("answers a list in order, repeating the last; the newest route of a path wins", () =>
    Effect.gen(function* () {
      const api = makeFakeApi().route("GET", "/a", [{ body: 1 }, { body: 2 }])
      const bodies = []
      for (let i = 0; i < 3; i++) bodies.push((yield* send(api, "GET", "https://api.test/a")).body)
      expect(bodies).toEqual(["1", "2", "2"])
      api.route("GET", "/a", { status: 500, body: "down" })
      expect(yield* send(api, "GET", "https://api.test/a")).toMatchObject({ status: 500, body: "down" })
    }),
  )

  it.effect("an unrouted request is a 404 that names it", () =>
    Effect.gen(function* () {
      const answer = yield* send(makeFakeApi(), "DELETE", "https://api.test/nowhere")
      expect(answer.status).toBe(404)
      expect(JSON.parse(answer.body).message).toBe("No fake route for DELETE /nowhere")
    }),
  )

  it.effect("a responder function sees the request and its call index, and may fail as the network would", () =>
    Effect.gen(function* () {
      const api = makeFakeApi().route("POST", "/x", (request, call) =>
        call === 0 ? Effect.fail(new FakeNetworkError()) : { body: { echoed: request.body, call } },
      )
      const failure = yield* Effect.flip(send(api, "POST", "https://api.test/x", { a: 1 }))
      expect(failure._tag).toBe("TransportError")
      expect(JSON.parse((yield* send(api, "POST", "https://api.test/x", { a: 1 })).body)).toEqual({
        echoed: { a: 1 },
        call: 1,
      })
    }),
  )
})
