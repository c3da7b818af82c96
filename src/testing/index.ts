/**
 * The test kit of tradekit: a scripted fake API (an HttpTransport layer that answers per path and records
 * every request) and a fake wallet (real signatures from a local account; sends recorded; told to reject,
 * revert, replace or cancel). Use them with `@effect/vitest` and `TestClock` to test code built on tradekit.
 * @module
 */
export * from "./FakeApi.js"
export * from "./FakeChainReads.js"
export * from "./FakeOpenSea.js"
export * from "./FakeStatusSocket.js"
export * from "./FakeWallet.js"
export * from "./testLayer.js"
