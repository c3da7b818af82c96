/**
 * effect/Schema models of what tradekit sends to and receives from the aggregator API. Decoding keeps
 * fields it does not know, and fails before anything is signed or sent when a field it relies on is off.
 * @module
 */

export * from "./ActionName.js"
export * from "./ExecuteResponse.js"
export * from "./primitives.js"
export * from "./StatusResponses.js"
export * from "./Step.js"
export * from "./TransactionRequest.js"
