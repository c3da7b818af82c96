/**
 * Seaport 1.6 read byte by byte: decoding what a book hands out, Seaport's order hash, and the checks that refuse,
 * before the wallet, an order or a transaction that is not the one the user named at the checked price.
 * @module
 */
export * from "./basicOrder.js"
export * from "./checkCancel.js"
export * from "./checkFulfillment.js"
export * from "./checkOrderToSign.js"
export * from "./checkSeaportDomain.js"
export * from "./checkWrap.js"
export * from "./decodeSeaportCall.js"
export * from "./eip712Types.js"
export * from "./fillAmounts.js"
export * from "./matchNamedOrders.js"
export * from "./requiredFeeItems.js"
export * from "./SeaportOrder.js"
export * from "./seaportOrderHash.js"
