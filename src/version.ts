/** tradekit's version, sent to the API in the `x-rkc-version` header. Kept equal to package.json's by a test. */
export const VERSION = "0.2.0"
