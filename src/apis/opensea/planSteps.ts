import * as Effect from "effect/Effect"
import { type Address, encodeFunctionData, erc20Abi, erc721Abi, type Hex, maxUint256, parseAbi } from "viem"
import type { OpenSeaFailure } from "./OpenSeaFailure.js"
import type { PlanContext } from "./PlanContext.js"

/** A step of a plan, in the Reservoir protocol's shape (the executor decodes it). */
export type PlanStep = Record<string, unknown>

/** A transaction item from `from` on the plan's chain. */
export const transactionItem = (ctx: PlanContext, from: Address, call: { readonly to: Address; readonly data: Hex; readonly value?: bigint }) => ({
  status: "incomplete",
  data: {
    from,
    to: call.to,
    data: call.data,
    chainId: ctx.chain.id,
    ...(call.value !== undefined && call.value > 0n ? { value: call.value.toString() } : {}),
  },
})

const wrappedNativeAbi = parseAbi(["function deposit() payable"])

/**
 * The ERC-20 approvals `owner` still needs for the conduit to move `amounts` (by token): an `approve` of the
 * conduit, unlimited, for each token whose allowance is short; no step when none is.
 */
export const currencyApprovalStep = (
  ctx: PlanContext,
  owner: Address,
  amounts: ReadonlyMap<Address, bigint>,
): Effect.Effect<ReadonlyArray<PlanStep>, OpenSeaFailure> =>
  Effect.gen(function* () {
    const items = []
    for (const [token, amount] of amounts) {
      const allowance = yield* ctx.reads.allowance(token, owner, ctx.config.conduit)
      if (allowance >= amount) continue
      const data = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [ctx.config.conduit, maxUint256] })
      items.push(transactionItem(ctx, owner, { to: token, data }))
    }
    return items.length === 0
      ? []
      : [
          {
            id: "currency-approval",
            action: "Approve currency",
            description: "Let OpenSea's conduit move the currency you pay with",
            kind: "transaction",
            items,
          },
        ]
  })

/** `setApprovalForAll` of the conduit on each of `contracts` that `owner` has not approved it on yet. */
export const nftApprovalStep = (
  ctx: PlanContext,
  owner: Address,
  contracts: ReadonlyArray<Address>,
): Effect.Effect<ReadonlyArray<PlanStep>, OpenSeaFailure> =>
  Effect.gen(function* () {
    const items = []
    for (const contract of new Set(contracts)) {
      if (yield* ctx.reads.isApprovedForAll(contract, owner, ctx.config.conduit)) continue
      const data = encodeFunctionData({ abi: erc721Abi, functionName: "setApprovalForAll", args: [ctx.config.conduit, true] })
      items.push(transactionItem(ctx, owner, { to: contract, data }))
    }
    return items.length === 0
      ? []
      : [
          {
            id: "nft-approval",
            action: "Approve NFT contract",
            description: "Let OpenSea's conduit move the tokens you sell",
            kind: "transaction",
            items,
          },
        ]
  })

/**
 * Wraps what `owner` lacks of `amount` in the wrapped native currency `token` (`deposit`), when `token` is the
 * chain's wrapped native currency (its symbol is "W" + the native symbol); no step when the balance is enough.
 */
export const wrapStep = (ctx: PlanContext, owner: Address, token: Address, amount: bigint): Effect.Effect<ReadonlyArray<PlanStep>, OpenSeaFailure> =>
  Effect.gen(function* () {
    const balance = yield* ctx.reads.balanceOf(token, owner)
    if (balance >= amount) return []
    const native = ctx.chain.viemChain?.nativeCurrency.symbol ?? "ETH"
    if ((yield* ctx.reads.symbolOf(token)) !== `W${native}`) return []
    const data = encodeFunctionData({ abi: wrappedNativeAbi, functionName: "deposit" })
    return [
      {
        id: "currency-wrapping",
        action: `Wrap ${native}`,
        description: `Wrap the ${native} the offer lacks`,
        kind: "transaction",
        items: [transactionItem(ctx, owner, { to: token, data, value: amount - balance })],
      },
    ]
  })
