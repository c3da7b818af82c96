import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Redacted from "effect/Redacted"
import { HttpTransport, TransportError, type TransportRequest } from "../../../src/services/HttpTransport.js"

/** A `fetch` that records what it is called with and answers with `answer`. */
const recordingFetch = (answer: (input: URL, init: RequestInit) => Promise<Response>) => {
  const calls: Array<{ readonly input: URL; readonly init: RequestInit }> = []
  const fetch = ((input: URL, init: RequestInit) => {
    calls.push({ input, init })
    return answer(input, init)
  }) as typeof globalThis.fetch
  return { fetch, calls }
}

const post: TransportRequest = {
  method: "POST",
  url: new URL("https://api.test/execute/buy/v7?x=1"),
  headers: { "content-type": "application/json", "x-api-key": Redacted.make("k-123") },
  body: `{"a":1}`,
}

const sendWith = (fetch: typeof globalThis.fetch, request: TransportRequest = post) =>
  HttpTransport.use((transport) => transport.send(request)).pipe(Effect.provide(HttpTransport.layerFetch(fetch)))

describe("HttpTransport.layerFetch", () => {
  it.effect("sends the request as it is, secrets revealed on the wire, and hands a redirect back unfollowed", () =>
    Effect.gen(function* () {
      const { fetch, calls } = recordingFetch(
        async () => new Response(null, { status: 302, headers: { Location: "/elsewhere" } }),
      )
      const response = yield* sendWith(fetch)
      expect(response).toEqual({ status: 302, headers: { location: "/elsewhere" }, body: "" })
      expect(calls).toHaveLength(1)
      expect(calls[0]!.input.href).toBe("https://api.test/execute/buy/v7?x=1")
      expect(calls[0]!.init).toMatchObject({
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": "k-123" },
        body: `{"a":1}`,
        redirect: "manual",
      })
    }),
  )

  it.effect("sends no body when the request has none, and reads the whole answer", () =>
    Effect.gen(function* () {
      const { fetch, calls } = recordingFetch(
        async () => new Response(`{"ok":true}`, { status: 200, headers: { "Retry-After": "5" } }),
      )
      const response = yield* sendWith(fetch, { method: "GET", url: new URL("https://api.test/x"), headers: {} })
      expect(response.status).toBe(200)
      expect(response.body).toBe(`{"ok":true}`)
      expect(response.headers["retry-after"]).toBe("5")
      expect("body" in calls[0]!.init).toBe(false)
    }),
  )

  it.effect("aborts the request when the effect is interrupted", () =>
    Effect.gen(function* () {
      const { fetch, calls } = recordingFetch(() => new Promise<Response>(() => undefined))
      const fiber = yield* Effect.forkChild(sendWith(fetch))
      yield* Effect.yieldNow
      expect(calls).toHaveLength(1)
      expect(calls[0]!.init.signal?.aborted).toBe(false)
      yield* Fiber.interrupt(fiber)
      expect(calls[0]!.init.signal?.aborted).toBe(true)
    }),
  )

  it.effect("fails with a TransportError when there is no answer, or when its body cannot be read", () =>
    Effect.gen(function* () {
      const refused = recordingFetch(() => Promise.reject(new TypeError("fetch failed")))
      const noAnswer = yield* Effect.exit(sendWith(refused.fetch))
      expect(noAnswer).toEqual(Exit.fail(new TransportError("TransportError", new TypeError("fetch failed"))))

      const broken = new Response("never read")
      broken.text = () => Promise.reject(new Error("connection reset mid-body"))
      const unreadable = yield* Effect.exit(sendWith(recordingFetch(async () => broken).fetch))
      expect(unreadable).toEqual(Exit.fail(new TransportError("DecodeError", new Error("connection reset mid-body"))))
    }),
  )
})
