import { zeroAddress } from "viem"
import type { ActionName } from "../../src/schema/ActionName.js"
import type { TradeParams, TradeRequest } from "../../src/schema/TradeRequest.js"

/** The fewest parameters each action's type allows: the executor's tests script the book's answer themselves. */
const BLANK_PARAMS: TradeParams = {
  buy: { items: [], taker: zeroAddress },
  sell: { items: [], taker: zeroAddress },
  mint: { items: [], taker: zeroAddress },
  list: { maker: zeroAddress, params: [] },
  bid: { maker: zeroAddress, params: [] },
  cancel: { orderIds: [] },
  transfer: { from: zeroAddress, to: zeroAddress, items: [] },
  call: { user: zeroAddress, txs: [], originChainId: 1 },
}

/** A request of `action` whose parameters no test reads (the fake API answers what the test scripts). */
export const blankRequest = <A extends ActionName>(action: A): TradeRequest<A> =>
  ({ action, params: BLANK_PARAMS[action] }) as TradeRequest<A>
