/**
 * Plugins: request transforms, guards and observers around every action, and the built-ins (fees, price
 * check, liquidity refresh, events).
 * @module
 */
export * from "./ExpectedPrice.js"
export * from "./events.js"
export * from "./fees.js"
export * from "./liquidityRefresh.js"
export * from "./Plugin.js"
export * from "./Plugins.js"
export * from "./priceCheck.js"
