/**
 * The headroom added to a gas estimate when it becomes a transaction's gas limit: 20 %. An estimate is the least gas
 * that succeeds at the latest block; a sale whose contract reads state that moves before inclusion (an order's fill
 * count, a royalty registry, a warm or cold storage slot) can need more, and a transaction that runs out of gas still
 * costs its gas. Unused gas is refunded, so the headroom costs the user nothing on success; the network fee shown is
 * the estimate's, what the transaction is expected to cost.
 */
export const GAS_LIMIT_HEADROOM_PERCENT = 20n

/** The gas limit a transaction is sent with when only an estimate is known: the estimate plus the headroom. */
export const gasLimitFor = (estimate: bigint): bigint => estimate + (estimate * GAS_LIMIT_HEADROOM_PERCENT) / 100n
