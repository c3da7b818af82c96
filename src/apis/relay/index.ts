/**
 * `tradekit/relay`: Relay's API as a client's order book for cross-chain calls, each quote checked before the deposit.
 * @module
 */

export type { RelayOptions } from "./RelayOptions.js"
export { relay } from "./relay.js"
export { RELAY_DEPOSITORIES } from "./relayDepositories.js"
export { RELAY_ROUTERS } from "./relayRouters.js"
