import * as Effect from "effect/Effect"
import type { ChainConfig } from "../../chains/ChainConfig.js"
import type { BookConfigurationError, MissingChainConfigurationError } from "../../errors/index.js"
import { chainFor, type ResolvedClientConfig } from "../../services/ClientConfig.js"
import { OrderBook } from "../../services/OrderBook.js"

/**
 * The chain an action trades on — the one with `chainId`, else the active chain — once the client's order book
 * says it serves that chain as configured; else the book's refusal, before any request or wallet call.
 */
export const tradingChain = (
  config: ResolvedClientConfig,
  chainId?: number,
  message?: string,
): Effect.Effect<ChainConfig, MissingChainConfigurationError | BookConfigurationError, OrderBook> =>
  Effect.gen(function* () {
    const chain = yield* chainFor(config, chainId, message)
    yield* Effect.fromResult((yield* OrderBook).forChain(chain))
    return chain
  })
