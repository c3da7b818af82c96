/**
 * Chain side of the tradekit devnet: anvil process management, contract deployment and the Exchange order
 * helpers. The devnet HTTP server builds on these; contract ABIs live in ../artifacts.
 */
export * from "./anvil.js"
export * from "./deploy.js"
export * from "./orders.js"
