import * as Effect from "effect/Effect"
import type { ChainConfig, PaymasterService } from "../chains/ChainConfig.js"
import { paymasterServiceFor } from "../chains/paymasterServiceFor.js"
import { CapabilityMissingError } from "../errors/index.js"
import type { ResolvedClientConfig } from "../services/ClientConfig.js"
import type { ChainOrderBook } from "../services/OrderBook.js"
import { BatchSender } from "./BatchSender.js"
import { Simulator } from "./Simulator.js"
import { StatusPush } from "./StatusPush.js"

/**
 * Refuses, before any request, an execution that asks for a capability the client does not have: `simulate: true`
 * without the simulation, `batchTransactions: true` or a paymaster without batches, a chain whose book pushes
 * statuses on its `websocketUrl` without the status socket. A client from `tradekit` has them all.
 * @internal
 */
export const checkCapabilities = (
  config: ResolvedClientConfig,
  chain: ChainConfig,
  book: ChainOrderBook,
  paymasterService: PaymasterService | false | undefined,
): Effect.Effect<void, CapabilityMissingError> =>
  Effect.gen(function* () {
    const { simulate, batchTransactions } = config.settings
    if (simulate && (yield* Simulator) === undefined)
      return yield* CapabilityMissingError.of("simulation", "The simulate setting")
    const batches = yield* BatchSender
    if (batchTransactions && batches === undefined)
      return yield* CapabilityMissingError.of("batching", "The batchTransactions setting")
    if (paymasterServiceFor(chain, paymasterService) !== undefined && batches === undefined)
      return yield* CapabilityMissingError.of("batching", `A paymasterService (chain ${chain.id})`)
    if (chain.websocketUrl !== undefined && book.pushed !== undefined && (yield* StatusPush) === undefined)
      return yield* CapabilityMissingError.of("statusSocket", `The websocketUrl of chain ${chain.id}`)
  })
