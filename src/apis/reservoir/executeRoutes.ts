import type { ActionName } from "../../schema/ActionName.js"

/** The Reservoir protocol's execute route of each action: where the book posts a request's parameters. */
export const EXECUTE_ROUTES: { readonly [A in ActionName]: string } = {
  buy: "/execute/buy/v7",
  sell: "/execute/sell/v7",
  mint: "/execute/mint/v1",
  list: "/execute/list/v5",
  bid: "/execute/bid/v5",
  cancel: "/execute/cancel/v3",
  transfer: "/execute/transfer/v1",
  call: "/execute/call/v1",
}
