import type { Capability } from "./Capability.js"
import { executorCapabilities } from "./executorCapabilities.js"
import { reservoirWallets } from "./reservoirWallets.js"
import { resumption } from "./resumption.js"

/**
 * Every capability: what `createClient` from `tradekit` has by default, `client.resume` and wallets of
 * reservoir-sdk's shape included. (The Effect API resumes with `resumeExecution`, takes such a wallet with
 * `fromReservoirWallet`, and its layers default to `executorCapabilities`.)
 */
export const allCapabilities: ReadonlyArray<Capability> = [...executorCapabilities, resumption, reservoirWallets]
