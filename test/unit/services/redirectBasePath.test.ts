import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { ApiClient, ClientConfig, NO_RETRY } from "../../../src/index.js"
import { makeFakeApi } from "../../../src/testing/index.js"

const BASE = "https://api.test/chains/1"
const KEY = "base-path-secret"

const failureOf = (exit: Exit.Exit<unknown, unknown>) =>
  Option.getOrThrow(Cause.findErrorOption((exit as Exit.Failure<unknown, unknown>).cause)) as {
    _tag: string
    [k: string]: unknown
  }

/** An API under `/chains/1` whose `/chains/1/moved` redirects to `location`; every other path answers 200. */
const redirectingTo = (location: string) => {
  const api = makeFakeApi()
    .route("GET", /.*/, (request) => ({ body: { at: request.path } }))
    .route("GET", "/chains/1/moved", { status: 302, headers: { location } })
  const layer = ApiClient.layer.pipe(
    Layer.provide(Layer.merge(api.layer, ClientConfig.layer({ chains: [], retry: NO_RETRY, apiKey: KEY }))),
  )
  const get = (path: string) =>
    Effect.exit(ApiClient.use((client) => client.forChain(BASE).request({ path, method: "GET" }))).pipe(
      Effect.provide(layer),
    )
  return { api, get }
}

describe("a same-origin redirect stays under the API's base path", () => {
  for (const location of [
    "/chains/2/steal",
    "/steal",
    "/chains/1/../2/steal",
    "/chains/1%2f..%2f2/steal",
    "https://api.test/chains/10/x",
    "/chains/1",
  ]) {
    it.effect(
      `a redirect to ${location} is refused, as an endpoint outside the base path is; the API key goes nowhere else`,
      () =>
        Effect.gen(function* () {
          const { api, get } = redirectingTo(location)
          expect(failureOf(yield* get("/moved"))).toMatchObject({
            _tag: "HttpRequestError",
            reason: "redirect",
            endpoint: "/moved",
          })
          expect(api.requests.map((request) => request.path)).toEqual(["/chains/1/moved"])
        }),
    )
  }

  it.effect("the same paths given as endpoints are refused before anything is sent", () =>
    Effect.gen(function* () {
      const { api, get } = redirectingTo("/chains/1/here")
      expect(failureOf(yield* get("/../2/steal"))).toMatchObject({ _tag: "UnsafeEndpointError" })
      expect(api.requests).toEqual([])
    }),
  )

  it.effect("a redirect under the base path is followed, with the key", () =>
    Effect.gen(function* () {
      const { api, get } = redirectingTo("/chains/1/here?x=1")
      expect(yield* get("/moved")).toEqual(Exit.succeed({ status: 200, body: { at: "/chains/1/here" } }))
      expect(api.requests.map((request) => [request.path, request.headers["x-api-key"]])).toEqual([
        ["/chains/1/moved", KEY],
        ["/chains/1/here", KEY],
      ])
    }),
  )
})
