/**
 * The eight actions of tradekit, one per file, each an Effect needing the ApiClient, Wallet and ClientConfig
 * services; and a helper that turns an action's progress into a Stream.
 * @module
 */

export * from "./bid.js"
export * from "./buy.js"
export * from "./call.js"
export * from "./cancel.js"
export * from "./executionStream.js"
export type { ApiObject, CommonActionParameters } from "./internal/ActionOptions.js"
export * from "./list.js"
export * from "./mint.js"
export * from "./resume.js"
export * from "./sell.js"
export * from "./transfer.js"
