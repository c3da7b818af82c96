import * as Layer from "effect/Layer"
import { priceCheckPlugin } from "../plugins/priceCheck.js"
import type { Capability } from "./Capability.js"
import { PriceChecker } from "./PriceChecker.js"

/**
 * The price check: an action given an `expectedPrice` (a buy, mint or sell) fails with a PriceMismatchError
 * before anything is signed or sent when the API's quote moved past it (`priceCheckPlugin`).
 */
export const priceCheck: Capability = {
  name: "priceCheck",
  layer: () => Layer.succeed(PriceChecker, priceCheckPlugin),
}
