/**
 * Which action each method of the Promise facade's `client.actions` runs: reservoir-sdk 2.0.x's method names,
 * mapped onto tradekit's one `ActionName` per action (the name plugins, snapshots and events use).
 *
 * @example
 * type Runs = FacadeActions["acceptOffer"] // "sell"
 */
export interface FacadeActions {
  readonly buyToken: "buy"
  readonly acceptOffer: "sell"
  readonly mintToken: "mint"
  readonly listToken: "list"
  readonly placeBid: "bid"
  readonly cancelOrder: "cancel"
  readonly transferTokens: "transfer"
  readonly call: "call"
}

/** The name of a method of the Promise facade's `client.actions`: `buyToken`, `acceptOffer`, `mintToken`, ... */
export type FacadeActionName = keyof FacadeActions
