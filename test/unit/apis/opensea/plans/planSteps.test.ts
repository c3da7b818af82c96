import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { type Address, decodeFunctionData, erc20Abi, erc721Abi, maxUint256 } from "viem"
import type { PlanContext } from "../../../../../src/apis/opensea/book/PlanContext.js"
import {
  currencyApprovalStep,
  nftApprovalStep,
  transactionItem,
  wrapStep,
} from "../../../../../src/apis/opensea/plans/planSteps.js"

const owner: Address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
const conduit: Address = "0x1E0049783F008A0085193E00003D00cd54003c71"
const weth: Address = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"
const usdc: Address = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
const nft: Address = "0x3333333333333333333333333333333333333333"

interface Item {
  readonly data: { readonly to: string; readonly data: `0x${string}`; readonly value?: string }
}

/** A plan context on Ethereum (WETH configured) whose chain reads answer from the given tables. */
const contextWith = (reads: {
  readonly allowances?: Record<string, bigint>
  readonly approved?: ReadonlySet<string>
  readonly balance?: bigint
  readonly symbol?: string
}) => {
  const asked: Array<string> = []
  const ctx = {
    chain: { id: 1, name: "Ethereum", baseApiUrl: "" },
    config: { wrappedNative: weth },
    reads: {
      allowance: (token: string) =>
        Effect.sync(() => (asked.push(token.toLowerCase()), reads.allowances?.[token.toLowerCase()] ?? 0n)),
      isApprovedForAll: (contract: string) => Effect.sync(() => (asked.push(contract), reads.approved?.has(contract))),
      balanceOf: () => Effect.succeed(reads.balance ?? 0n),
      symbolOf: () => Effect.succeed(reads.symbol ?? "USDC"),
    },
  } as unknown as PlanContext
  return { ctx, asked }
}

describe("planSteps", () => {
  it("makes a transaction item on the plan's chain, with a value only when one is paid", () => {
    const { ctx } = contextWith({})
    expect(transactionItem(ctx, owner, { to: nft, data: "0x01", value: 5n }).data).toEqual({
      from: owner,
      to: nft,
      data: "0x01",
      chainId: 1,
      value: "5",
    })
    expect(transactionItem(ctx, owner, { to: nft, data: "0x01", value: 0n }).data).not.toHaveProperty("value")
  })

  it.effect("approves each currency whose allowance is short of what the fills need in all", () =>
    Effect.gen(function* () {
      const { ctx, asked } = contextWith({ allowances: { [weth.toLowerCase()]: 150n, [usdc.toLowerCase()]: 1000n } })
      const needs = [
        { token: weth, spender: conduit, amount: 100n },
        { token: weth.toLowerCase() as Address, spender: conduit, amount: 100n },
        { token: usdc, spender: conduit, amount: 1000n },
      ]
      const steps = yield* currencyApprovalStep(ctx, owner, needs)
      expect(asked).toEqual([weth.toLowerCase(), usdc.toLowerCase()])
      expect(steps).toHaveLength(1)
      const items = steps[0]!.items as ReadonlyArray<Item>
      expect(items.map((item) => item.data.to.toLowerCase())).toEqual([weth.toLowerCase()])
      const call = decodeFunctionData({ abi: erc20Abi, data: items[0]!.data.data })
      expect(call).toEqual({ functionName: "approve", args: [conduit, maxUint256] })
    }),
  )

  it.effect("needs no currency step when every allowance suffices", () =>
    Effect.gen(function* () {
      const { ctx } = contextWith({ allowances: { [weth.toLowerCase()]: 100n } })
      expect(yield* currencyApprovalStep(ctx, owner, [{ token: weth, spender: conduit, amount: 100n }])).toEqual([])
    }),
  )

  it.effect("approves each operator once on each contract not yet approved", () =>
    Effect.gen(function* () {
      const other: Address = "0x4444444444444444444444444444444444444444"
      const { ctx, asked } = contextWith({ approved: new Set([other]) })
      const needs = [
        { contract: nft, operator: conduit },
        { contract: nft, operator: conduit },
        { contract: other, operator: conduit },
      ]
      const steps = yield* nftApprovalStep(ctx, owner, needs)
      expect(asked).toEqual([nft, other])
      const items = steps[0]!.items as ReadonlyArray<Item>
      expect(items).toHaveLength(1)
      expect(decodeFunctionData({ abi: erc721Abi, data: items[0]!.data.data })).toEqual({
        functionName: "setApprovalForAll",
        args: [conduit, true],
      })
    }),
  )

  it.effect("wraps only what the balance lacks of the chain's WETH", () =>
    Effect.gen(function* () {
      const { ctx } = contextWith({ balance: 30n })
      const steps = yield* wrapStep(ctx, owner, weth, 100n)
      expect(steps[0]).toMatchObject({ id: "currency-wrapping", action: "Wrap ETH" })
      expect((steps[0]!.items as ReadonlyArray<Item>)[0]!.data).toMatchObject({ to: weth, value: "70" })
      expect(yield* wrapStep(contextWith({ balance: 100n }).ctx, owner, weth, 100n)).toEqual([])
    }),
  )

  it.effect("does not wrap into another currency, and refuses a look-alike WETH", () =>
    Effect.gen(function* () {
      expect(yield* wrapStep(contextWith({ symbol: "USDC" }).ctx, owner, usdc, 100n)).toEqual([])
      const error = yield* Effect.flip(wrapStep(contextWith({ symbol: "WETH" }).ctx, owner, usdc, 100n))
      expect(error.reason._tag).toBe("CheckFailed")
      expect(error.message).toContain("calls itself WETH but is not the chain's configured WETH")
    }),
  )
})
