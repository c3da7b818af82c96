import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { capabilitiesLayer } from "../../../src/capabilities/capabilitiesLayer.js"
import { priceCheck } from "../../../src/capabilities/priceCheck.js"
import { definePlugin } from "../../../src/plugins/Plugin.js"
import { Plugins } from "../../../src/plugins/Plugins.js"
import { runPlugins } from "../../../src/plugins/runPlugins.js"

const named = (name: string) => definePlugin({ name })
const client = Plugins.layer([named("fees"), named("audit")])
const expected = { "0x0000000000000000000000000000000000000000": { raw: "1" } }

describe("runPlugins", () => {
  it.effect(
    "the client's plugins, then its price check, then the caller's (a caller's plugin of a name replaces it)",
    () =>
      Effect.gen(function* () {
        const plugins = yield* runPlugins([named("mine"), named("audit")], expected)
        expect(plugins.map((plugin) => plugin.name)).toEqual(["fees", "audit", "price-check", "mine"])
      }).pipe(Effect.provide(Layer.merge(client, capabilitiesLayer([priceCheck])))),
  )

  it.effect("without the capability: no price check, and an expected price is a CapabilityMissingError", () =>
    Effect.gen(function* () {
      expect((yield* runPlugins(undefined, undefined)).map((plugin) => plugin.name)).toEqual(["fees", "audit"])
      const error = yield* Effect.flip(runPlugins(undefined, expected))
      expect(error).toMatchObject({ _tag: "CapabilityMissingError", capability: "priceCheck" })
    }).pipe(Effect.provide(client)),
  )

  it.effect("a caller's own price-check plugin checks the expected price without the capability", () =>
    Effect.gen(function* () {
      const plugins = yield* runPlugins([named("price-check")], expected)
      expect(plugins.map((plugin) => plugin.name)).toEqual(["fees", "audit", "price-check"])
    }).pipe(Effect.provide(client)),
  )
})
