/**
 * Whether a listing can still fill, read on the chain before the wallet is asked: its maker still owns (ERC-721) or
 * holds enough of (ERC-1155) what it offers, and still approves the listing's conduit. A stale listing is a
 * `fillable` order check naming the token, the order and why.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { type Address, type Hex, zeroAddress, zeroHash } from "viem"
import type { OpenSeaError } from "../../../../../src/apis/opensea/book/OpenSeaError.js"
import type { PlanContext } from "../../../../../src/apis/opensea/book/PlanContext.js"
import { unfillable } from "../../../../../src/apis/opensea/chain/fillableListings.js"
import { OPENSEA_CHAINS } from "../../../../../src/apis/opensea/config/openSeaChains.js"
import type { NamedSeaportOrder } from "../../../../../src/apis/opensea/plans/namedOrder.js"
import { ItemType, type OfferItem } from "../../../../../src/apis/opensea/seaport/SeaportOrder.js"
import { OrderCheckError } from "../../../../../src/errors/OrderCheckError.js"
import { type FakeChainReads, makeFakeChainReads } from "../../../../../src/testing/FakeChainReads.js"
import { readsOf } from "./chainKit.js"

const ETHEREUM = OPENSEA_CHAINS[1]!
const MAKER: Address = "0x1111111111111111111111111111111111111111"
const STRANGER: Address = "0x6666666666666666666666666666666666666666"
const NFT: Address = "0x3333333333333333333333333333333333333333"
const EDITIONS: Address = "0x4444444444444444444444444444444444444444"
const HASH: Hex = `0x${"ab".repeat(32)}`

const contextOf = (chain: FakeChainReads): PlanContext =>
  ({
    chainName: "ethereum",
    config: { ...ETHEREUM, apiBaseUrl: "", maxFeeBps: 1_100n },
    reads: readsOf(chain),
  }) as unknown as PlanContext

const token = (itemType: number, contract: Address, id: bigint, amount = 1n): OfferItem => ({
  itemType,
  token: contract,
  identifierOrCriteria: id,
  startAmount: amount,
  endAmount: amount,
})
const listingOf = (offer: ReadonlyArray<OfferItem>, conduitKey: Hex = ETHEREUM.conduitKey): NamedSeaportOrder => ({
  hash: HASH,
  counter: 0n,
  parameters: {
    offerer: MAKER,
    zone: zeroAddress,
    offer,
    consideration: [],
    orderType: 0,
    startTime: 0n,
    endTime: 0n,
    zoneHash: zeroHash,
    salt: 1n,
    conduitKey,
    totalOriginalConsiderationItems: 0n,
  },
})
const punk = token(ItemType.ERC721, NFT, 42n)
const editions = token(ItemType.ERC1155, EDITIONS, 7n, 4n)

/** A chain where the maker owns #42, holds `units` of edition 7, and approves the conduit. */
const healthy = (units = 4n) =>
  makeFakeChainReads()
    .setOwner(NFT, 42n, MAKER)
    .setUnits(EDITIONS, MAKER, 7n, units)
    .setApprovedForAll(NFT, MAKER, ETHEREUM.conduit, true)
    .setApprovedForAll(EDITIONS, MAKER, ETHEREUM.conduit, true)

/** The fillable check a stale listing is refused with. */
const refusalOf = (failure: unknown): OrderCheckError => {
  const error =
    failure instanceof OrderCheckError
      ? failure
      : (failure as OpenSeaError).reason._tag === "CheckFailed"
        ? (failure as { readonly reason: { readonly error: OrderCheckError } }).reason.error
        : undefined
  expect(error).toBeInstanceOf(OrderCheckError)
  expect((error as OrderCheckError).check).toBe("fillable")
  return error as OrderCheckError
}

describe("unfillable", () => {
  it.effect("is undefined for a listing whose maker owns, holds and approves everything it offers", () =>
    Effect.gen(function* () {
      expect(yield* unfillable(contextOf(healthy()), listingOf([punk, editions]))).toBeUndefined()
    }),
  )

  it.effect("refuses an ERC-721 its maker no longer owns, naming the new owner, the token and the order", () =>
    Effect.gen(function* () {
      const chain = healthy().setOwner(NFT, 42n, STRANGER)
      const error = refusalOf(yield* unfillable(contextOf(chain), listingOf([punk])))
      expect(error.message).toContain(`The listing cannot fill: the maker ${MAKER} no longer owns the token`)
      expect(error.message).toContain(`${STRANGER} does`)
      expect(error.message).toContain(`Token: ${NFT}:42`)
      expect(error.message).toContain(`Order: ${HASH}`)
    }),
  )

  it.effect("refuses an ERC-721 that no longer exists", () =>
    Effect.gen(function* () {
      const chain = healthy().setOwner(NFT, 42n, undefined)
      const error = refusalOf(yield* unfillable(contextOf(chain), listingOf([punk])))
      expect(error.message).toContain("the token no longer exists (ownerOf reverts)")
    }),
  )

  it.effect("knows the owner in any letter case", () =>
    Effect.gen(function* () {
      const chain = healthy().setOwner(NFT, 42n, MAKER.toUpperCase().replace("0X", "0x") as Address)
      expect(yield* unfillable(contextOf(chain), listingOf([punk]))).toBeUndefined()
    }),
  )

  it.effect("refuses ERC-1155 units the maker no longer holds, against the units the fill moves", () =>
    Effect.gen(function* () {
      const chain = healthy(2n)
      const error = refusalOf(yield* unfillable(contextOf(chain), listingOf([editions])))
      expect(error.message).toContain(`the maker ${MAKER} holds 2 of the 4 unit(s) this fill moves`)
      expect(yield* unfillable(contextOf(chain), listingOf([editions]), 2n)).toBeUndefined()
      refusalOf(yield* unfillable(contextOf(chain), listingOf([editions]), 3n))
    }),
  )

  it.effect("asks only for the units a partly filled listing has left", () =>
    Effect.gen(function* () {
      const chain = healthy(1n).setOrderStatus(ETHEREUM.seaport, HASH, {
        isCancelled: false,
        totalFilled: 3n,
        totalSize: 4n,
      })
      expect(yield* unfillable(contextOf(chain), listingOf([editions]))).toBeUndefined()
      chain.setOrderStatus(ETHEREUM.seaport, HASH, { isCancelled: false, totalFilled: 2n, totalSize: 4n })
      refusalOf(yield* unfillable(contextOf(chain), listingOf([editions])))
    }),
  )

  it.effect("refuses a listing whose maker no longer approves its conduit, or Seaport for the zero key", () =>
    Effect.gen(function* () {
      const chain = healthy().setApprovedForAll(NFT, MAKER, ETHEREUM.conduit, false)
      const error = refusalOf(yield* unfillable(contextOf(chain), listingOf([punk])))
      expect(error.message).toContain(`no longer approves ${ETHEREUM.conduit} (the listing's conduit)`)
      const direct = listingOf([punk], zeroHash)
      refusalOf(yield* unfillable(contextOf(healthy()), direct))
      chain.setApprovedForAll(NFT, MAKER, ETHEREUM.seaport, true)
      expect(yield* unfillable(contextOf(chain), direct)).toBeUndefined()
    }),
  )

  it.effect("fails, as a conduit check, for a conduit tradekit does not know", () =>
    Effect.gen(function* () {
      const failure = yield* Effect.flip(unfillable(contextOf(healthy()), listingOf([punk], `0x${"99".repeat(32)}`)))
      const error =
        failure instanceof OrderCheckError
          ? failure
          : (failure as OpenSeaError).reason._tag === "CheckFailed"
            ? (failure as { readonly reason: { readonly error: OrderCheckError } }).reason.error
            : undefined
      expect(error).toMatchObject({ _tag: "OrderCheckError", check: "conduit" })
    }),
  )

  it.effect("names the first token that cannot fill, and reads nothing for currency or criteria items", () =>
    Effect.gen(function* () {
      const chain = healthy(0n)
      const currency = token(ItemType.ERC20, STRANGER, 0n, 5n)
      const criteria = token(ItemType.ERC721_WITH_CRITERIA, NFT, 0n)
      const error = refusalOf(yield* unfillable(contextOf(chain), listingOf([currency, criteria, punk, editions])))
      expect(error.message).toContain(`Token: ${EDITIONS}:7`)
      expect(chain.reads.some((read) => read.includes(STRANGER.toLowerCase()))).toBe(false)
    }),
  )
})
