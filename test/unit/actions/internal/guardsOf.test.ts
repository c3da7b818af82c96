import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { guardsOf } from "../../../../src/actions/internal/guardsOf.js"
import { PluginRejectedError } from "../../../../src/errors/PluginRejectedError.js"
import type { Plugin, PluginContext } from "../../../../src/plugins/Plugin.js"
import type { ExecuteResponse } from "../../../../src/schema/ExecuteResponse.js"
import { ClientConfig, resolveClientConfig } from "../../../../src/services/ClientConfig.js"
import { makeFakeApi } from "../../../../src/testing/FakeApi.js"
import { makeFakeWallet } from "../../../../src/testing/FakeWallet.js"
import { TEST_CHAIN, testLayer } from "../../../../src/testing/testLayer.js"

const config = resolveClientConfig({ chains: [TEST_CHAIN] })
const context: PluginContext = { action: "buy", chain: config.activeChain!, settings: config.settings, precheck: false }
const response: ExecuteResponse = { steps: [], requestId: "r-1" }
const layer = testLayer({ api: makeFakeApi(), wallet: makeFakeWallet() })

describe("guardsOf", () => {
  it.effect("keeps only the plugins that have a guard, in order", () =>
    Effect.gen(function* () {
      const seen: Array<string> = []
      const guarding = (name: string): Plugin => ({
        name,
        guard: () => Effect.sync(() => void seen.push(name)),
      })
      const guards = yield* guardsOf([guarding("a"), { name: "observer" }, guarding("b")], context).pipe(
        Effect.provide(layer),
      )
      expect(guards).toHaveLength(2)
      for (const guard of guards) yield* guard(response, 1)
      expect(seen).toEqual(["a", "b"])
    }),
  )

  it.effect("binds each guard to the run's context and the services of the run", () =>
    Effect.gen(function* () {
      const calls: Array<{ response: ExecuteResponse; context: PluginContext; chains: number }> = []
      const plugin: Plugin = {
        name: "spy",
        guard: (answer, ctx) =>
          Effect.gen(function* () {
            const resolved = yield* ClientConfig
            calls.push({ response: answer, context: ctx, chains: resolved.chains.length })
          }),
      }
      const [guard] = yield* guardsOf([plugin], context).pipe(Effect.provide(layer))
      // The guard runs outside the layer: it carries the services it was made with.
      yield* guard!(response, 1)
      expect(calls).toEqual([{ response, context, chains: 1 }])
    }),
  )

  it.effect("lets a guard's refusal through as its typed error", () =>
    Effect.gen(function* () {
      const refusal = new PluginRejectedError({ plugin: "limit", message: "Over the spend limit" })
      const [guard] = yield* guardsOf([{ name: "limit", guard: () => Effect.fail(refusal) }], context).pipe(
        Effect.provide(layer),
      )
      const error = yield* Effect.flip(guard!(response, 1))
      expect(error).toBe(refusal)
    }),
  )

  it.effect("has no guards for no plugins", () =>
    Effect.gen(function* () {
      expect(yield* guardsOf([], context).pipe(Effect.provide(layer))).toEqual([])
    }),
  )
})
