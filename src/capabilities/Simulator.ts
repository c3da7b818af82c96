import * as Context from "effect/Context"
import type * as EstimateNetworkFee from "../pipeline/estimateNetworkFee.js"
import type * as SimulateTransaction from "../pipeline/simulateTransaction.js"
import type * as FillTransaction from "../pipeline/transaction/fillTransaction.js"

/** How the executor simulates a transaction before the wallet sees it, and what the network fee is. */
export interface SimulatorService {
  /** Simulates a request and fills its gas (a wallet that does not fill transactions). */
  readonly simulatedFill: typeof FillTransaction.simulatedFill
  /** Fills a request in one round trip with a wallet that signs locally. */
  readonly preparedFill: typeof FillTransaction.preparedFill
  /** Simulates one request (a batch's first call). */
  readonly simulateTransaction: typeof SimulateTransaction.simulateTransaction
  /** The chains' max fee per gas, read once per chain for an execution. */
  readonly makeMaxFeeReader: typeof EstimateNetworkFee.makeMaxFeeReader
  /** A precheck's answer with the network fee of its transactions. */
  readonly estimateNetworkFee: typeof EstimateNetworkFee.estimateNetworkFee
}

/**
 * Simulation, when the client has it (the `simulation` capability); none by default: transactions go to the
 * wallet unsimulated, with no network fee, and `simulate: true` is refused (CapabilityMissingError).
 */
export class Simulator extends Context.Reference<SimulatorService | undefined>("tradekit/Simulator", {
  defaultValue: () => undefined,
}) {}
