import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import { allCapabilities } from "../../src/capabilities/allCapabilities.js"
import type { Capability } from "../../src/capabilities/Capability.js"
import { capabilitiesLayer } from "../../src/capabilities/capabilitiesLayer.js"
import type { ChainConfig } from "../../src/chains/ChainConfig.js"
import { ActionName } from "../../src/schema/ActionName.js"
import type { TradeRequest } from "../../src/schema/TradeRequest.js"
import { ClientConfig, type ClientOptions } from "../../src/services/ClientConfig.js"
import { OrderBook, type OrderBookService } from "../../src/services/OrderBook.js"
import type { Wallet } from "../../src/services/Wallet.js"
import { makeFakeWallet } from "../../src/testing/FakeWallet.js"
import { TEST_CHAIN } from "../../src/testing/testLayer.js"

/** A second configured chain, for actions that name one. */
export const OTHER_CHAIN: ChainConfig = { id: 8453, name: "Base", baseApiUrl: "https://api-base.test" }

/**
 * An order book that plans nothing (every plan is empty, so an execution completes at once) and records each request
 * it is asked to plan, with the chain it was asked on: what crosses the seam, whatever book is behind it.
 */
export const makeRecordingBook = () => {
  const planned: Array<{ readonly request: TradeRequest; readonly chainId: number }> = []
  const service: OrderBookService = {
    name: "recording",
    actions: new Set(ActionName.literals),
    forChain: (chain) =>
      Result.succeed({
        plan: (request) =>
          Effect.sync(() => void planned.push({ request, chainId: chain.id })).pipe(Effect.as({ steps: [] })),
        post: () => Effect.succeed({}),
        checkItem: () => Effect.void,
      }),
  }
  return { planned, layer: Layer.succeed(OrderBook, service) }
}

/**
 * A recording book, a fake wallet and the client's configuration (with `capabilities`, every one by default), with
 * a runner that provides them to an action.
 */
export const setupRecording = (
  options: ClientOptions = {},
  capabilities: ReadonlyArray<Capability> = allCapabilities,
) => {
  const book = makeRecordingBook()
  const wallet = makeFakeWallet()
  const layer = Layer.mergeAll(
    book.layer,
    wallet.layer,
    ClientConfig.layer({ chains: [TEST_CHAIN, OTHER_CHAIN], ...options }),
    capabilitiesLayer(capabilities),
  )
  const run = <A, E>(effect: Effect.Effect<A, E, OrderBook | ClientConfig | Wallet>) => Effect.provide(effect, layer)
  return { planned: book.planned, wallet, run }
}
