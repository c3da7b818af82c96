import { batching } from "./batching.js"
import type { Capability } from "./Capability.js"
import { simulation } from "./simulation.js"
import { statusSocket } from "./statusSocket.js"
import { syncSend } from "./syncSend.js"

/**
 * Every capability of the executor and the wallet: what `Tradekit.layer`, `walletLayer` and `testLayer` from
 * `tradekit` have by default. `resumption` is the facade's (`client.resume`); the Effect API has `resumeExecution`.
 */
export const executorCapabilities: ReadonlyArray<Capability> = [statusSocket, batching, simulation, syncSend]
