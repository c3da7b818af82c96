import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { allCapabilities } from "../../../src/capabilities/allCapabilities.js"
import { BatchSender } from "../../../src/capabilities/BatchSender.js"
import { batching } from "../../../src/capabilities/batching.js"
import { capabilitiesLayer, withCapabilityDefaults } from "../../../src/capabilities/capabilitiesLayer.js"
import { PriceChecker } from "../../../src/capabilities/PriceChecker.js"
import { Resumer } from "../../../src/capabilities/Resumer.js"
import { Simulator } from "../../../src/capabilities/Simulator.js"
import { StatusPush } from "../../../src/capabilities/StatusPush.js"
import { simulation } from "../../../src/capabilities/simulation.js"

const present = Effect.all({
  statusPush: StatusPush.use((s) => Effect.succeed(s !== undefined)),
  batches: BatchSender.use((s) => Effect.succeed(s !== undefined)),
  simulator: Simulator.use((s) => Effect.succeed(s !== undefined)),
  resumer: Resumer.use((s) => Effect.succeed(s !== undefined)),
  priceCheck: PriceChecker.use((s) => Effect.succeed(s !== undefined)),
})

describe("capabilitiesLayer", () => {
  it.effect("provides exactly the capabilities it is given: none by default, all with allCapabilities", () =>
    Effect.gen(function* () {
      expect(yield* present).toEqual({
        statusPush: false,
        batches: false,
        simulator: false,
        resumer: false,
        priceCheck: false,
      })
      expect(yield* present.pipe(Effect.provide(capabilitiesLayer([simulation])))).toEqual({
        statusPush: false,
        batches: false,
        simulator: true,
        resumer: false,
        priceCheck: false,
      })
      expect(yield* present.pipe(Effect.provide(capabilitiesLayer(allCapabilities)))).toEqual({
        statusPush: true,
        batches: true,
        simulator: true,
        resumer: true,
        priceCheck: true,
      })
    }),
  )
})

describe("withCapabilityDefaults", () => {
  it("defaults simulate and batchTransactions to whether the capabilities have them; a stated value wins", () => {
    expect(withCapabilityDefaults({}, [])).toEqual({ simulate: false, batchTransactions: false })
    expect(withCapabilityDefaults({}, [simulation, batching])).toEqual({ simulate: true, batchTransactions: true })
    expect(withCapabilityDefaults({ simulate: false, source: "a" }, [simulation])).toEqual({
      simulate: false,
      batchTransactions: false,
      source: "a",
    })
  })
})
