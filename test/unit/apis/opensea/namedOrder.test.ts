/** What a listing costs is what its offerer signed: tips a fulfilment appends are not the listing's price. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { type Address, parseEther, zeroAddress, zeroHash } from "viem"
import { listingPrice } from "../../../../src/apis/opensea/plans/namedOrder.js"
import { ItemType } from "../../../../src/apis/opensea/seaport/SeaportOrder.js"
import { NFT, SELLER, STRANGER } from "./hostileKit.js"

const pay = (amount: bigint, recipient: Address) => ({
  itemType: ItemType.NATIVE,
  token: zeroAddress,
  identifierOrCriteria: 0n,
  startAmount: amount,
  endAmount: amount,
  recipient,
})

describe("listingPrice", () => {
  it.effect("counts the signed consideration items only: a tip after them is not the listing's price", () =>
    Effect.gen(function* () {
      const price = yield* listingPrice({
        hash: zeroHash,
        counter: 0n,
        parameters: {
          offerer: SELLER.address,
          zone: zeroAddress,
          offer: [{ itemType: ItemType.ERC721, token: NFT, identifierOrCriteria: 1n, startAmount: 1n, endAmount: 1n }],
          // The seller's proceeds and a fee, signed; then a tip the fulfilment adds, not signed.
          consideration: [
            pay(parseEther("0.975"), SELLER.address),
            pay(parseEther("0.025"), STRANGER),
            pay(parseEther("5"), STRANGER),
          ],
          orderType: 0,
          startTime: 0n,
          endTime: 2n ** 40n,
          zoneHash: zeroHash,
          salt: 0n,
          conduitKey: zeroHash,
          totalOriginalConsiderationItems: 2n,
        },
      })
      expect(price).toEqual({ currency: zeroAddress, amount: parseEther("1") })
    }),
  )
})
