import * as Effect from "effect/Effect"
import { type Address, encodeFunctionData, erc20Abi, erc721Abi, type Hex, maxUint256, parseAbi } from "viem"
import { viemChainFor } from "../../../chains/viemChainFor.js"
import type { Step } from "../../../schema/Step.js"
import { checked } from "../book/checked.js"
import { OpenSeaError } from "../book/OpenSeaError.js"
import type { PlanContext } from "../book/PlanContext.js"
import { wrappedNativeOf } from "../config/tradeCurrency.js"
import { checkWrap } from "../seaport/checkWrap.js"
import { sameAddress } from "../seaport/SeaportOrder.js"

/** A step of a plan, in the Reservoir protocol's shape (the executor decodes it). */
export type PlanStep = typeof Step.Encoded

/** A transaction item from `from` on the plan's chain. */
export const transactionItem = (
  ctx: PlanContext,
  from: Address,
  call: { readonly to: Address; readonly data: Hex; readonly value?: bigint },
) => ({
  status: "incomplete" as const,
  data: {
    from,
    to: call.to,
    data: call.data,
    chainId: ctx.chain.id,
    ...(call.value !== undefined && call.value > 0n ? { value: call.value.toString() } : {}),
  },
})

const wrappedNativeAbi = parseAbi(["function deposit() payable"])

/** An ERC-20 amount a fill needs `spender` (the conduit of its conduit key, or Seaport) to move. */
export interface CurrencyNeed {
  readonly token: Address
  readonly spender: Address
  readonly amount: bigint
}

/**
 * The ERC-20 approvals `owner` still needs for `needs`: an unlimited `approve` of each spender, for each token whose
 * allowance is short of what the fills need of it in all; no step when none is.
 */
export const currencyApprovalStep = (
  ctx: PlanContext,
  owner: Address,
  needs: ReadonlyArray<CurrencyNeed>,
): Effect.Effect<ReadonlyArray<PlanStep>, OpenSeaError> =>
  Effect.gen(function* () {
    const totals = new Map<string, CurrencyNeed>()
    for (const need of needs) {
      const key = `${need.token.toLowerCase()}:${need.spender.toLowerCase()}`
      totals.set(key, { ...need, amount: (totals.get(key)?.amount ?? 0n) + need.amount })
    }
    const items = []
    for (const { token, spender, amount } of totals.values()) {
      const allowance = yield* ctx.reads.allowance(token, owner, spender)
      if (allowance >= amount) continue
      const data = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, maxUint256] })
      items.push(transactionItem(ctx, owner, { to: token, data }))
    }
    return items.length === 0
      ? []
      : [
          {
            id: "currency-approval",
            action: "Approve currency",
            description: "Let Seaport move the currency you pay with",
            kind: "transaction" as const,
            items,
          },
        ]
  })

/**
 * `setApprovalForAll` of each operator (the conduit of a fill's conduit key, or Seaport) on each contract that `owner`
 * has not approved it on yet.
 */
export const nftApprovalStep = (
  ctx: PlanContext,
  owner: Address,
  needs: ReadonlyArray<{ readonly contract: Address; readonly operator: Address }>,
): Effect.Effect<ReadonlyArray<PlanStep>, OpenSeaError> =>
  Effect.gen(function* () {
    const items = []
    const seen = new Set<string>()
    for (const { contract, operator } of needs) {
      const key = `${contract.toLowerCase()}:${operator.toLowerCase()}`
      if (seen.has(key)) continue
      seen.add(key)
      if (yield* ctx.reads.isApprovedForAll(contract, owner, operator)) continue
      const data = encodeFunctionData({ abi: erc721Abi, functionName: "setApprovalForAll", args: [operator, true] })
      items.push(transactionItem(ctx, owner, { to: contract, data }))
    }
    return items.length === 0
      ? []
      : [
          {
            id: "nft-approval",
            action: "Approve NFT contract",
            description: "Let Seaport move the tokens you sell",
            kind: "transaction" as const,
            items,
          },
        ]
  })

/**
 * Wraps what `owner` lacks of `amount` in the wrapped native currency `token` (`deposit`), only when `token` is the
 * chain's configured one (OpenSea's table, else the chain's `paymentTokens` entry named "W" + the native symbol); no
 * step when the balance is
 * enough or the currency is another token. A look-alike (another contract calling itself that) is refused.
 */
export const wrapStep = (
  ctx: PlanContext,
  owner: Address,
  token: Address,
  amount: bigint,
): Effect.Effect<ReadonlyArray<PlanStep>, OpenSeaError> =>
  Effect.gen(function* () {
    const balance = yield* ctx.reads.balanceOf(token, owner)
    if (balance >= amount) return []
    const native = viemChainFor(ctx.chain).nativeCurrency.symbol
    const wrapped = wrappedNativeOf(ctx)
    if (wrapped === undefined || !sameAddress(wrapped, token)) {
      // A token that calls itself the wrapped native currency but is not the chain's takes the deposit for itself.
      if ((yield* ctx.reads.symbolOf(token)) !== `W${native}`) return []
      return yield* Effect.fail(
        OpenSeaError.failedCheck(
          "wrap",
          `The offer's currency calls itself W${native} but is not the chain's configured W${native}`,
          {
            Expected: wrapped ?? "none configured (the chain's paymentTokens)",
            Got: token,
          },
        ),
      )
    }
    const data = encodeFunctionData({ abi: wrappedNativeAbi, functionName: "deposit" })
    const value = amount - balance
    yield* checked(checkWrap({ to: token, data, value }, wrapped))
    return [
      {
        id: "currency-wrapping",
        action: `Wrap ${native}`,
        description: `Wrap the ${native} the offer lacks`,
        kind: "transaction" as const,
        items: [transactionItem(ctx, owner, { to: token, data, value })],
      },
    ]
  })
