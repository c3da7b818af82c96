/**
 * tradekit/lite: the same client with no optional capability unless named, so a page carries only what it uses.
 * `createClient`, `Tradekit` and `walletLayer` here take `capabilities` (none by default); the capabilities are
 * the status socket, batches (EIP-5792, paymasters), simulation (and the network fee), the EIP-7966 send, the
 * price check, resumption and wallets of reservoir-sdk's adapter shape. Everything else (actions, errors, types) is
 * `tradekit`'s, imported from there or from here.
 * @module
 */

export { bid } from "../actions/bid.js"
export { buy } from "../actions/buy.js"
export { call } from "../actions/call.js"
export { cancel } from "../actions/cancel.js"
export { list } from "../actions/list.js"
export { mint } from "../actions/mint.js"
export { sell } from "../actions/sell.js"
export { transfer } from "../actions/transfer.js"
export { allCapabilities } from "../capabilities/allCapabilities.js"
export { batching } from "../capabilities/batching.js"
export type { Capability, CapabilityOptions, WebSocketConstructor } from "../capabilities/Capability.js"
export { executorCapabilities } from "../capabilities/executorCapabilities.js"
export { priceCheck } from "../capabilities/priceCheck.js"
export { reservoirWallets } from "../capabilities/reservoirWallets.js"
export { resumption } from "../capabilities/resumption.js"
export { simulation } from "../capabilities/simulation.js"
export { statusSocket } from "../capabilities/statusSocket.js"
export { syncSend } from "../capabilities/syncSend.js"
export { CapabilityMissingError } from "../errors/CapabilityMissingError.js"
export { createClient } from "./createClient.js"
export { Tradekit } from "./Tradekit.js"
export { fromViemWalletClient, walletLayer } from "./viemWallet.js"
