/** The ids of the chains the hosted aggregator API serves, each with a preset in this folder. */
export const supportedChainIds = [
  1, 5, 10, 137, 80001, 42161, 42170, 43114, 11155111, 8453, 84531, 84532, 534353, 534352, 59144, 56, 204, 7777777, 999,
  324, 1101, 888888888, 28122024, 68840142, 70700, 70800, 81457, 168587773, 3776, 17001,
] as const satisfies ReadonlyArray<number>

/** A chain id the hosted aggregator API serves. */
export type SupportedChainId = (typeof supportedChainIds)[number]

/** Whether the hosted aggregator API serves the chain with this id. */
export const isSupportedChainId = (id: number): id is SupportedChainId =>
  (supportedChainIds as ReadonlyArray<number>).includes(id)
