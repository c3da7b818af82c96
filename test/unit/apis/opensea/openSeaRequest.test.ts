/** One call of OpenSea's API v2 over tradekit's transport: what goes out, and how a refusal or an outage comes back. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Redacted from "effect/Redacted"
import { resolveOpenSeaConfig } from "../../../../src/apis/opensea/OpenSeaConfig.js"
import { OpenSeaFailure } from "../../../../src/apis/opensea/OpenSeaFailure.js"
import { makeOpenSeaCall } from "../../../../src/apis/opensea/openSeaRequest.js"
import { TransportError, type TransportRequest, type TransportResponse } from "../../../../src/services/HttpTransport.js"

const config = resolveOpenSeaConfig({ apiKey: "os-key", apiBaseUrl: "https://os.test/" })

/** A transport that records each request and answers with `answer`. */
const transport = (answer: Effect.Effect<TransportResponse, TransportError>) => {
  const sent: Array<TransportRequest> = []
  return { sent, send: (request: TransportRequest) => Effect.suspend(() => (sent.push(request), answer)) }
}

describe("makeOpenSeaCall", () => {
  it.effect("sends the key (redacted) and the JSON body, and returns the answer's JSON", () =>
    Effect.gen(function* () {
      const { sent, send } = transport(Effect.succeed({ status: 200, headers: {}, body: `{"orders":[]}` }))
      expect(yield* makeOpenSeaCall(send, config)("POST", "/api/v2/offers", { a: 1 })).toEqual({ orders: [] })
      expect(sent).toHaveLength(1)
      expect(sent[0]!.method).toBe("POST")
      expect(sent[0]!.url.href).toBe("https://os.test/api/v2/offers")
      expect(sent[0]!.body).toBe(`{"a":1}`)
      const { "x-api-key": key, ...others } = sent[0]!.headers
      expect(Redacted.isRedacted(key) && Redacted.value(key)).toBe("os-key")
      expect(others).toEqual({ accept: "application/json", "content-type": "application/json" })
    }),
  )

  it.effect("a refusal keeps OpenSea's status, message and retry-after; an outage is a 503", () =>
    Effect.gen(function* () {
      const refusing = transport(Effect.succeed({ status: 429, headers: { "retry-after": "2" }, body: `{"detail":"Too many requests"}` }))
      expect(yield* Effect.exit(makeOpenSeaCall(refusing.send, config)("GET", "/api/v2/x"))).toEqual(
        Exit.fail(new OpenSeaFailure(429, "Too many requests", "2")),
      )
      const down = transport(Effect.fail(new TransportError("TransportError", new TypeError("fetch failed"))))
      expect(yield* Effect.exit(makeOpenSeaCall(down.send, config)("GET", "/api/v2/x?limit=1"))).toEqual(
        Exit.fail(new OpenSeaFailure(503, "OpenSea could not be reached: Transport error (GET https://os.test/api/v2/x)")),
      )
    }),
  )
})
