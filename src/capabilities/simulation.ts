import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { Account } from "viem"
import { estimateNetworkFee, makeMaxFeeReader } from "../pipeline/estimateNetworkFee.js"
import { simulateTransaction } from "../pipeline/simulateTransaction.js"
import { preparedFill, simulatedFill } from "../pipeline/transaction/fillTransaction.js"
import { estimateGasWith, maxFeePerGasWith, prepareWith } from "../services/internal/estimateGas.js"
import type { Capability } from "./Capability.js"
import { Simulator } from "./Simulator.js"

/**
 * Simulation: every transaction is simulated at the latest block before the wallet is asked to send it (a revert
 * refuses it with a TransactionWouldRevertError: no prompt, no gas), its estimate the gas limit when the step
 * gives none, and the network fee of each item and of a precheck reported. `simulate` defaults to true with it.
 */
export const simulation: Capability = {
  name: "simulation",
  layer: () =>
    Layer.succeed(Simulator, {
      simulatedFill,
      preparedFill,
      simulateTransaction,
      makeMaxFeeReader,
      estimateNetworkFee,
    }),
  wallet: ({ client, moveToChain, publicClientFor, singleTryClientFor }) => ({
    // The wallet's transport retries already: a revert is not asked again on top of that.
    estimateGas: ({ chain, request }) => estimateGasWith(singleTryClientFor(chain), request),
    maxFeePerGas: (chain) => maxFeePerGasWith(publicClientFor(chain)),
    // A local account's send goes out as filled here: one round trip for the simulation, gas, fees and nonce,
    // through the wallet's transport, which follows the wallet's chain (moved by `moveToChain` first).
    ...(client.account?.type === "local"
      ? {
          prepareTransaction: ({ chain, request }) =>
            Effect.andThen(moveToChain(chain), prepareWith(client, client.account as Account, chain, request)),
        }
      : {}),
  }),
}
