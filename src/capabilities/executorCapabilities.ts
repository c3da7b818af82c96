import { batching } from "./batching.js"
import type { Capability } from "./Capability.js"
import { priceCheck } from "./priceCheck.js"
import { simulation } from "./simulation.js"
import { statusSocket } from "./statusSocket.js"
import { syncSend } from "./syncSend.js"

/**
 * Every capability of the executor and the wallet: what `Tradekit.layer`, `walletLayer` and `testLayer` from
 * `tradekit` have by default. `resumption` and `reservoirWallets` are the facade's (`client.resume`, a `wallet`
 * of reservoir-sdk's shape); the Effect API has `resumeExecution` and `fromReservoirWallet`.
 */
export const executorCapabilities: ReadonlyArray<Capability> = [
  statusSocket,
  batching,
  simulation,
  syncSend,
  priceCheck,
]
