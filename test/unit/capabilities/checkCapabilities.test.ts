import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { batching } from "../../../src/capabilities/batching.js"
import type { Capability } from "../../../src/capabilities/Capability.js"
import { capabilitiesLayer } from "../../../src/capabilities/capabilitiesLayer.js"
import { checkCapabilities } from "../../../src/capabilities/checkCapabilities.js"
import { simulation } from "../../../src/capabilities/simulation.js"
import { statusSocket } from "../../../src/capabilities/statusSocket.js"
import type { ChainConfig } from "../../../src/chains/ChainConfig.js"
import { type ClientSettings, resolveClientConfig } from "../../../src/services/ClientConfig.js"
import type { ChainOrderBook } from "../../../src/services/OrderBook.js"
import { TEST_CHAIN } from "../../../src/testing/testLayer.js"

const pushing = { pushed: () => Effect.never } as unknown as ChainOrderBook
const silent = {} as ChainOrderBook

/** What `checkCapabilities` answers for a client with `capabilities` and `settings`, trading on `chain`. */
const check = (
  capabilities: ReadonlyArray<Capability>,
  settings: ClientSettings,
  chain: ChainConfig = TEST_CHAIN,
  book: ChainOrderBook = pushing,
  paymasterService?: false,
) =>
  checkCapabilities(resolveClientConfig({ chains: [chain], ...settings }), chain, book, paymasterService).pipe(
    Effect.provide(capabilitiesLayer(capabilities)),
    Effect.flip,
    Effect.map((error) => error.capability),
    Effect.orElseSucceed(() => "none missing"),
  )

describe("checkCapabilities", () => {
  it.effect("lets through what asks for nothing, and what asks for capabilities the client has", () =>
    Effect.gen(function* () {
      expect(yield* check([], { simulate: false, batchTransactions: false })).toBe("none missing")
      const ws = { ...TEST_CHAIN, websocketUrl: "wss://api.test/ws" }
      expect(yield* check([simulation, batching, statusSocket], {}, ws)).toBe("none missing")
    }),
  )

  it.effect("names the capability each setting needs when the client lacks it", () =>
    Effect.gen(function* () {
      expect(yield* check([], { simulate: true, batchTransactions: false })).toBe("simulation")
      expect(yield* check([simulation], { batchTransactions: true })).toBe("batching")
      const sponsored = { ...TEST_CHAIN, paymasterService: { url: "https://paymaster.test" } }
      expect(yield* check([simulation], { batchTransactions: false }, sponsored)).toBe("batching")
      const ws = { ...TEST_CHAIN, websocketUrl: "wss://api.test/ws" }
      expect(yield* check([], { simulate: false, batchTransactions: false }, ws)).toBe("statusSocket")
    }),
  )

  it.effect("a websocketUrl on a book that pushes nothing, or a paymaster the call turned off, needs nothing", () =>
    Effect.gen(function* () {
      const ws = { ...TEST_CHAIN, websocketUrl: "wss://api.test/ws" }
      expect(yield* check([], { simulate: false, batchTransactions: false }, ws, silent)).toBe("none missing")
      const sponsored = { ...TEST_CHAIN, paymasterService: { url: "https://paymaster.test" } }
      expect(yield* check([], { simulate: false, batchTransactions: false }, sponsored, pushing, false)).toBe(
        "none missing",
      )
    }),
  )
})
