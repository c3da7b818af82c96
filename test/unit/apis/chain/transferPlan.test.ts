import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { type Address, decodeFunctionData, erc721Abi, erc1155Abi, getAddress, type Hex } from "viem"
import type { TransferReads } from "../../../../src/apis/chain/heldItem.js"
import { transferHelperAbi } from "../../../../src/apis/chain/transferHelperCall.js"
import { transferPlan } from "../../../../src/apis/chain/transferPlan.js"

const WALLET = getAddress("0x0000000000000000000000000000000000000001")
const FRIEND = getAddress("0x0000000000000000000000000000000000000002")
const PUNKS = getAddress("0x00000000000000000000000000000000000000a7")
const EDITIONS = getAddress("0x00000000000000000000000000000000000000b1")
const ERC20 = getAddress("0x00000000000000000000000000000000000000c0")

const HELPER = {
  address: getAddress("0x0000000000c2d145a2526bd8c716263bfebe1a72"),
  conduitKey: `0x${"ab".repeat(32)}` as Hex,
  conduit: getAddress("0x00000000000000000000000000000000000000cd"),
}

/**
 * A chain where the wallet owns punk 1 and punk 4, punk 2 is the friend's, the wallet holds 5 units of edition 9, and
 * the wallet approved the conduit on the contracts in `approved`.
 */
const reads = (
  owners: Record<string, Address> = { "1": WALLET, "2": FRIEND, "4": WALLET },
  approved: ReadonlyArray<Address> = [],
  deployed: ReadonlyArray<Address> = [HELPER.address],
): TransferReads<never> => ({
  hasCode: (address) => Effect.succeed(deployed.includes(address)),
  isApprovedForAll: (contract, owner, operator) =>
    Effect.succeed(approved.includes(contract) && owner === WALLET && operator === HELPER.conduit),
  supportsInterface: (contract, id) =>
    Effect.succeed((contract === PUNKS && id === "0x80ac58cd") || (contract === EDITIONS && id === "0xd9b67a26")),
  ownerOf: (_contract, id) => Effect.succeed(owners[id.toString()]),
  unitsOf: (_contract, owner, id) => Effect.succeed(owner === WALLET && id === 9n ? 5n : 0n),
})

interface Planned {
  readonly steps: ReadonlyArray<{
    readonly id: string
    readonly kind: string
    readonly items: ReadonlyArray<{ readonly data: { from: Address; to: Address; data: Hex; chainId: number } }>
  }>
}

const plan = (
  items: ReadonlyArray<Record<string, unknown>>,
  resuming = false,
  chainReads = reads(),
  helper: typeof HELPER | undefined = undefined,
) =>
  Effect.map(
    transferPlan(chainReads, 10, { from: WALLET, to: FRIEND, items }, { resuming, helper }),
    (planned) => planned as Planned,
  )

describe("transferPlan", () => {
  it.effect("one safeTransferFrom per item, from the wallet, in one transaction step on the chain", () =>
    Effect.gen(function* () {
      const planned = yield* plan([{ token: `${PUNKS}:1` }, { token: `${EDITIONS}:9`, quantity: 2 }])
      expect(planned.steps.map((step) => [step.id, step.kind])).toEqual([["transfer", "transaction"]])
      const [punk, edition] = planned.steps[0]!.items.map((item) => item.data)
      expect(punk).toMatchObject({ from: WALLET, to: PUNKS, chainId: 10 })
      expect(decodeFunctionData({ abi: erc721Abi, data: punk!.data })).toEqual({
        functionName: "safeTransferFrom",
        args: [WALLET, FRIEND, 1n],
      })
      expect(edition).toMatchObject({ from: WALLET, to: EDITIONS, chainId: 10 })
      expect(decodeFunctionData({ abi: erc1155Abi, data: edition!.data })).toEqual({
        functionName: "safeTransferFrom",
        args: [WALLET, FRIEND, 9n, 2n, "0x"],
      })
    }),
  )

  it.effect("an ERC-1155 item without a quantity moves one unit", () =>
    Effect.gen(function* () {
      const planned = yield* plan([{ token: `${EDITIONS}:9` }])
      const data = planned.steps[0]!.items[0]!.data.data
      expect(decodeFunctionData({ abi: erc1155Abi, data }).args?.[3]).toBe(1n)
    }),
  )

  const refused: ReadonlyArray<
    readonly [string, ReadonlyArray<{ readonly token: string; readonly quantity?: number }>, string]
  > = [
    ["a token another account owns", [{ token: `${PUNKS}:2` }], "owner"],
    ["a token nobody owns", [{ token: `${PUNKS}:3` }], "owner"],
    ["more units than held", [{ token: `${EDITIONS}:9`, quantity: 6 }], "balance"],
    ["units of a token not held", [{ token: `${EDITIONS}:8` }], "balance"],
    ["an ERC-721 quantity above 1", [{ token: `${PUNKS}:1`, quantity: 2 }], "quantity"],
    ["a contract with neither interface", [{ token: `${ERC20}:1` }], "standard"],
  ]
  it.effect.each(refused)("refuses %s, naming the item", ([, items, reason]) =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(plan(items))
      expect(error).toMatchObject({ _tag: "TransferRefusedError", reason, token: items[0]!.token })
    }),
  )

  it.effect("a token already at the recipient: refused afresh; a resume keeps its call, byte for byte", () =>
    Effect.gen(function* () {
      const items = [{ token: `${PUNKS}:1` }, { token: `${EDITIONS}:9`, quantity: 5 }]
      const first = yield* plan(items)
      // Sent and mined: punk 1 is the friend's, the units left the wallet.
      const moved = reads({ "1": FRIEND })
      expect((yield* Effect.flip(plan(items, false, moved))).reason).toBe("owner")
      // The same calls, so the journal knows them by their bytes and sends neither again.
      expect(yield* plan(items, true, moved)).toEqual(first)
    }),
  )

  it.effect("a resume still refuses a token that went to someone else", () =>
    Effect.gen(function* () {
      const stranger = getAddress("0x0000000000000000000000000000000000000003")
      const error = yield* Effect.flip(plan([{ token: `${PUNKS}:1` }], true, reads({ "1": stranger })))
      expect(error.reason).toBe("owner")
    }),
  )

  it.effect("several items on contracts that approve the conduit: one TransferHelper bulkTransfer", () =>
    Effect.gen(function* () {
      const items = [{ token: `${PUNKS}:1` }, { token: `${PUNKS}:4` }, { token: `${EDITIONS}:9`, quantity: 2 }]
      const planned = yield* plan(items, false, reads(undefined, [PUNKS, EDITIONS]), HELPER)
      const [call, ...more] = planned.steps[0]!.items.map((item) => item.data)
      expect(more).toEqual([])
      expect(call).toMatchObject({ from: WALLET, to: HELPER.address, chainId: 10 })
      expect(decodeFunctionData({ abi: transferHelperAbi, data: call!.data })).toEqual({
        functionName: "bulkTransfer",
        args: [
          [
            {
              items: [
                { itemType: 2, token: PUNKS, identifier: 1n, amount: 1n },
                { itemType: 2, token: PUNKS, identifier: 4n, amount: 1n },
                { itemType: 3, token: EDITIONS, identifier: 9n, amount: 2n },
              ],
              recipient: FRIEND,
              validateERC721Receiver: true,
            },
          ],
          HELPER.conduitKey,
        ],
      })
    }),
  )

  it.effect("one call per item when a contract does not approve the conduit, for one item, or with no helper", () =>
    Effect.gen(function* () {
      const items = [{ token: `${PUNKS}:1` }, { token: `${EDITIONS}:9` }]
      const partly = yield* plan(items, false, reads(undefined, [PUNKS]), HELPER)
      expect(partly.steps[0]!.items.map((item) => item.data.to)).toEqual([PUNKS, EDITIONS])
      const single = yield* plan([{ token: `${PUNKS}:1` }], false, reads(undefined, [PUNKS]), HELPER)
      expect(single.steps[0]!.items.map((item) => item.data.to)).toEqual([PUNKS])
      // A helper address without code would take the call, succeed and move nothing.
      const undeployed = yield* plan(items, false, reads(undefined, [PUNKS, EDITIONS], []), HELPER)
      expect(undeployed.steps[0]!.items.map((item) => item.data.to)).toEqual([PUNKS, EDITIONS])
    }),
  )
})
