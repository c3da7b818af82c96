import { describe, expectTypeOf, it } from "vitest"
import type { BidParameters } from "../../../src/actions/bid.js"
import type { BuyParameters } from "../../../src/actions/buy.js"
import type { CallParameters } from "../../../src/actions/call.js"
import type { CancelParameters } from "../../../src/actions/cancel.js"
import type { ListParameters } from "../../../src/actions/list.js"
import type { MintParameters } from "../../../src/actions/mint.js"
import type { SellParameters } from "../../../src/actions/sell.js"
import type { TransferParameters } from "../../../src/actions/transfer.js"
import type { FacadeActionName, FacadeActions } from "../../../src/client/FacadeActionName.js"
import type {
  AcceptOfferParameters,
  BuyTokenParameters,
  CallActionParameters,
  CancelOrderParameters,
  ListTokenParameters,
  MintTokenParameters,
  PlaceBidParameters,
  ReservoirClientActions,
  TransferTokensParameters,
} from "../../../src/client/ReservoirClient.js"
import type { ActionName } from "../../../src/schema/ActionName.js"

describe("the facade's types", () => {
  it("each facade method maps onto one action, and every action has a facade method", () => {
    expectTypeOf<FacadeActionName>().toEqualTypeOf<keyof ReservoirClientActions>()
    expectTypeOf<FacadeActions[FacadeActionName]>().toEqualTypeOf<ActionName>()
  })

  it("a facade method's parameters are its action's, as the action declares them", () => {
    expectTypeOf<BuyTokenParameters["items"]>().toEqualTypeOf<BuyParameters["items"]>()
    expectTypeOf<BuyTokenParameters["gas"]>().toEqualTypeOf<BuyParameters["gas"]>()
    expectTypeOf<AcceptOfferParameters["expectedPrice"]>().toEqualTypeOf<SellParameters["expectedPrice"]>()
    expectTypeOf<MintTokenParameters["options"]>().toEqualTypeOf<MintParameters["options"]>()
    expectTypeOf<ListTokenParameters["listings"]>().toEqualTypeOf<ListParameters["listings"]>()
    expectTypeOf<PlaceBidParameters["bids"]>().toEqualTypeOf<BidParameters["bids"]>()
    expectTypeOf<CancelOrderParameters["ids"]>().toEqualTypeOf<CancelParameters["orderIds"]>()
    expectTypeOf<TransferTokensParameters["to"]>().toEqualTypeOf<TransferParameters["to"]>()
    expectTypeOf<CallActionParameters["txs"]>().toEqualTypeOf<CallParameters["txs"]>()
    expectTypeOf<BuyTokenParameters["chainId"]>().toEqualTypeOf<BuyParameters["chainId"]>()
  })
})
