import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { APIError, MalformedResponseError, UnsafeEndpointError } from "../../../src/errors/index.js"
import { notYetOnFailedAnswer } from "../../../src/polling/notYetOnFailedAnswer.js"

describe("notYetOnFailedAnswer", () => {
  it.effect("passes an answer through as it is", () =>
    Effect.gen(function* () {
      expect(yield* notYetOnFailedAnswer(Effect.succeed(Option.some(1)))).toEqual(Option.some(1))
    }),
  )

  it.effect("an API error status or an undecodable body is one 'not yet', asked again by the poll", () =>
    Effect.gen(function* () {
      const failures = [
        new APIError({ message: "down", statusCode: 503 }),
        new APIError({ message: "not found", statusCode: 404 }),
        new MalformedResponseError({ message: "bad body", endpoint: "/x", issue: "steps" }),
      ]
      for (const failure of failures) {
        expect(yield* notYetOnFailedAnswer(Effect.fail(failure))).toEqual(Option.none())
      }
    }),
  )

  it.effect("a refusal that asking again cannot change still fails", () =>
    Effect.gen(function* () {
      const refusal = new UnsafeEndpointError({
        message: "off origin",
        endpoint: "https://evil.test",
        baseApiUrl: "https://api.test",
      })
      expect(yield* Effect.flip(notYetOnFailedAnswer(Effect.fail(refusal)))).toBe(refusal)
    }),
  )
})
