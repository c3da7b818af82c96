import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as References from "effect/References"
import { atConfiguredLogLevel } from "../../../src/pipeline/atConfiguredLogLevel.js"
import { ClientConfig } from "../../../src/services/ClientConfig.js"

/** The minimum log level the effect runs at. */
const levelInside = Effect.service(References.MinimumLogLevel)

describe("atConfiguredLogLevel", () => {
  it.effect("runs tradekit's work at the client's logLevel: none by default, Debug at 4", () =>
    Effect.gen(function* () {
      expect(yield* atConfiguredLogLevel(levelInside).pipe(Effect.provide(ClientConfig.layer({})))).toBe("None")
      expect(yield* atConfiguredLogLevel(levelInside).pipe(Effect.provide(ClientConfig.layer({ logLevel: 4 })))).toBe(
        "Debug",
      )
    }),
  )

  it.effect("leaves the level of the program around it as the app set it", () =>
    Effect.gen(function* () {
      const outside = yield* Effect.gen(function* () {
        yield* atConfiguredLogLevel(Effect.void).pipe(Effect.provide(ClientConfig.layer({ logLevel: 1 })))
        return yield* levelInside
      }).pipe(Effect.provideService(References.MinimumLogLevel, "Info"))
      expect(outside).toBe("Info")
    }),
  )
})
