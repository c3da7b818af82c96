import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { ApiClient } from "../../../src/apis/reservoir/ApiClient.js"
import { ClientConfig } from "../../../src/services/ClientConfig.js"
import { decodeApiBody } from "../../../src/services/decodeApiBody.js"
import { NO_RETRY } from "../../../src/services/RetryPolicy.js"
import { makeFakeApi } from "../../../src/testing/FakeApi.js"
import { blankRequest } from "../../support/blankRequest.js"
import { runWithClock, setup } from "../fixtures.js"

const smuggled = `{"steps":[{"id":"s","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"prototype":{"polluted":true}}]}`

const Item = Schema.Struct({ id: Schema.String })
const Body = Schema.Struct({ steps: Schema.Array(Item) })

const clientOver = (api: ReturnType<typeof makeFakeApi>) =>
  ApiClient.layer.pipe(Layer.provide(Layer.merge(api.layer, ClientConfig.layer({ chains: [], retry: NO_RETRY }))))

const failureOf = (exit: Exit.Exit<unknown, unknown>) =>
  Option.getOrThrow(Cause.findErrorOption((exit as Exit.Failure<unknown, unknown>).cause)) as {
    _tag: string
    message: string
  }

const isPlain = (value: object) =>
  Object.getPrototypeOf(value) === Object.prototype &&
  !Object.hasOwn(value, "__proto__") &&
  !Object.hasOwn(value, "constructor") &&
  !Object.hasOwn(value, "prototype") &&
  (value as { polluted?: unknown }).polluted === undefined

describe("prototype-safe decoding", () => {
  it.effect("ApiClient drops __proto__, constructor and prototype keys from a JSON answer", () =>
    Effect.gen(function* () {
      const api = makeFakeApi().route("POST", "/x", { body: smuggled })
      const response = yield* ApiClient.use((client) =>
        client.forChain("https://api.test").request({ path: "/x" }),
      ).pipe(Effect.provide(clientOver(api)))
      const item = (response.body as { steps: Array<object> }).steps[0]!
      expect(isPlain(item)).toBe(true)
      expect(item).toEqual({ id: "s" })
    }),
  )

  it.effect("ApiClient drops those keys when the answer spells them with \\u escapes", () =>
    Effect.gen(function* () {
      const escaped = `{"steps":[{"id":"s","\\u005f\\u005fproto\\u005f\\u005f":{"polluted":true},"\\u0063onstructor":{"protot\\u0079pe":{"polluted":true}},"protot\\u0079pe":{"polluted":true}}]}`
      const api = makeFakeApi().route("POST", "/x", { body: escaped })
      const response = yield* ApiClient.use((client) =>
        client.forChain("https://api.test").request({ path: "/x" }),
      ).pipe(Effect.provide(clientOver(api)))
      const item = (response.body as { steps: Array<object> }).steps[0]!
      expect(isPlain(item)).toBe(true)
      expect(item).toEqual({ id: "s" })
    }),
  )

  it.effect("ApiClient's decoded answer never takes a smuggled prototype", () =>
    Effect.gen(function* () {
      const api = makeFakeApi().route("POST", "/x", { body: smuggled })
      const decoded = yield* ApiClient.use((client) =>
        client.forChain("https://api.test").requestDecoded({ path: "/x" }, Body),
      ).pipe(Effect.provide(clientOver(api)))
      expect(isPlain(decoded.steps[0]!)).toBe(true)
      expect(decoded).toEqual({ steps: [{ id: "s" }] })
    }),
  )

  it.effect("decodeApiBody drops those keys from a body that did not come through JSON", () =>
    Effect.gen(function* () {
      const body = JSON.parse(smuggled) as unknown
      const decoded = yield* decodeApiBody(Body, "/x", body)
      expect(isPlain(decoded.steps[0]!)).toBe(true)
      expect(decoded).toEqual({ steps: [{ id: "s" }] })
      // The caller's value is left as it was.
      expect(Object.hasOwn((body as { steps: Array<object> }).steps[0]!, "__proto__")).toBe(true)
    }),
  )

  it.effect("decodeApiBody refuses a body nested too deeply to copy as malformed, not as a defect", () =>
    Effect.gen(function* () {
      let deep: unknown = []
      for (let depth = 0; depth < 100_000; depth++) deep = [deep]
      const exit = yield* Effect.exit(decodeApiBody(Schema.Unknown, "/x", deep))
      expect(failureOf(exit)).toMatchObject({
        _tag: "MalformedResponseError",
        endpoint: "/x",
        message: "Malformed response from /x\n\nDetails: the body is nested too deeply",
      })
    }),
  )

  it.effect("an item whose data is smuggled in __proto__ is never signed", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      const raw = `0x${"ab".repeat(40)}`
      const answer = `{"steps":[{"id":"s","action":"Sign","description":"Sign","kind":"signature","items":[{"status":"incomplete","__proto__":{"data":{"sign":{"signatureKind":"eip191","message":{"raw":"${raw}"}}}}}]}]}`
      api.route("POST", "/execute/cancel/v3", { body: answer })
      // Without its smuggled data the item has none: the executor waits for data, and gives up.
      const exit = yield* runWithClock(execute({ request: blankRequest("cancel") }), "5 seconds", 40)
      expect(wallet.calls).toEqual([])
      expect(failureOf(exit)).toMatchObject({ _tag: "PollTimeoutError", kind: "data" })
      expect(api.requestsTo("/execute/cancel/v3").length).toBeGreaterThan(1)
    }),
  )
})
