import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { TransportRequest, TransportResponse } from "../../../../src/services/HttpTransport.js"
import { followSameOriginRedirects, isRedirect } from "../../../../src/services/internal/followSameOriginRedirects.js"

const BASE = "https://api.example.com/v1"

/** A transport that answers each URL from `routes` (404 when unknown) and records every request it sends. */
const transport = (routes: Record<string, TransportResponse>) => {
  const sent: Array<TransportRequest> = []
  const send = (request: TransportRequest) => {
    sent.push(request)
    return Effect.succeed(routes[request.url.href] ?? { status: 404, headers: {}, body: "" })
  }
  return { send, sent, urls: () => sent.map((request) => request.url.href) }
}

const redirect = (status: number, location?: string): TransportResponse => ({
  status,
  headers: location === undefined ? {} : { location },
  body: "",
})
const ok: TransportResponse = { status: 200, headers: {}, body: '{"ok":true}' }

const post = (url: string): TransportRequest => ({
  method: "POST",
  url: new URL(url),
  headers: { "x-api-key": "key" },
  body: '{"a":1}',
})

describe("isRedirect", () => {
  it("is true for 3xx and for the opaque status 0, false otherwise", () => {
    expect([0, 300, 301, 303, 308, 399].every(isRedirect)).toBe(true)
    expect([200, 204, 299, 400, 404, 500].some(isRedirect)).toBe(false)
  })
})

describe("followSameOriginRedirects", () => {
  it.effect("follows a redirect under the API's base path, keeping method, headers and body", () =>
    Effect.gen(function* () {
      const wire = transport({
        [`${BASE}/old`]: redirect(307, "/v1/new"),
        [`${BASE}/new`]: ok,
      })
      const answer = yield* followSameOriginRedirects(wire.send, BASE, 5)(post(`${BASE}/old`))
      expect(answer).toBe(ok)
      expect(wire.urls()).toEqual([`${BASE}/old`, `${BASE}/new`])
      expect(wire.sent[1]).toMatchObject({ method: "POST", body: '{"a":1}', headers: { "x-api-key": "key" } })
    }),
  )

  it.effect("follows a 303 with a GET and no body", () =>
    Effect.gen(function* () {
      const wire = transport({ [`${BASE}/old`]: redirect(303, `${BASE}/result`), [`${BASE}/result`]: ok })
      yield* followSameOriginRedirects(wire.send, BASE, 5)(post(`${BASE}/old`))
      expect(wire.sent[1]?.method).toBe("GET")
      expect(wire.sent[1]?.body).toBeUndefined()
    }),
  )

  it.effect("hands back, unfollowed, a redirect to another origin, outside the base path or without a Location", () =>
    Effect.gen(function* () {
      for (const location of [
        "https://evil.example/v1/x",
        "http://api.example.com/v1/x",
        "https://user:pw@api.example.com/v1/x",
        "https://user@api.example.com/v1/x",
        "/v2/x",
        "/v1",
        "https://api.example.com/v1evil/x",
        undefined,
      ]) {
        const refused = redirect(302, location)
        const wire = transport({ [`${BASE}/old`]: refused })
        const answer = yield* followSameOriginRedirects(wire.send, BASE, 5)(post(`${BASE}/old`))
        expect(answer).toBe(refused)
        expect(wire.sent).toHaveLength(1)
      }
    }),
  )

  it.effect("hands back a browser's opaque redirect as it is", () =>
    Effect.gen(function* () {
      const opaque = redirect(0)
      const wire = transport({ [`${BASE}/old`]: opaque })
      expect(yield* followSameOriginRedirects(wire.send, BASE, 5)(post(`${BASE}/old`))).toBe(opaque)
    }),
  )

  it.effect("follows at most maxRedirects in a row, then hands back the next redirect", () =>
    Effect.gen(function* () {
      const wire = transport({
        [`${BASE}/a`]: redirect(302, "/v1/b"),
        [`${BASE}/b`]: redirect(302, "/v1/c"),
        [`${BASE}/c`]: redirect(302, "/v1/d"),
        [`${BASE}/d`]: ok,
      })
      const answer = yield* followSameOriginRedirects(wire.send, BASE, 2)(post(`${BASE}/a`))
      expect(answer.status).toBe(302)
      expect(wire.urls()).toEqual([`${BASE}/a`, `${BASE}/b`, `${BASE}/c`])
      const none = transport({ [`${BASE}/a`]: redirect(302, "/v1/b"), [`${BASE}/b`]: ok })
      expect((yield* followSameOriginRedirects(none.send, BASE, 0)(post(`${BASE}/a`))).status).toBe(302)
    }),
  )

  it.effect("follows nothing when the base URL does not parse", () =>
    Effect.gen(function* () {
      const wire = transport({ [`${BASE}/old`]: redirect(302, "/v1/new"), [`${BASE}/new`]: ok })
      const answer = yield* followSameOriginRedirects(wire.send, "not a url", 5)(post(`${BASE}/old`))
      expect(answer.status).toBe(302)
      expect(wire.sent).toHaveLength(1)
    }),
  )
})
