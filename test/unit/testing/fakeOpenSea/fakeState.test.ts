/**
 * What the fake OpenSea holds: listings and offers signed for real by their makers (Seaport's order hash, the
 * collection's required fees paid out of the price), served in the spec's `Listing` / `Offer` shapes.
 */
import { getAddress, parseEther, verifyTypedData, zeroAddress } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { describe, expect, it } from "vitest"
import { OPENSEA_SIGNED_ZONE } from "../../../../src/apis/opensea/config/openSeaChains.js"
import { ORDER_COMPONENTS_TYPES } from "../../../../src/apis/opensea/seaport/eip712Types.js"
import { ItemType, type OrderComponents } from "../../../../src/apis/opensea/seaport/SeaportOrder.js"
import { seaportOrderHash } from "../../../../src/apis/opensea/seaport/seaportOrderHash.js"
import { TEST_PRIVATE_KEY } from "../../../../src/testing/FakeWallet.js"
import {
  addCollection,
  addListing,
  addOffer,
  answerFulfilment,
  makeFakeState,
  orderJson,
  orderOfHash,
} from "../../../../src/testing/fakeOpenSea/fakeState.js"

const maker = privateKeyToAccount(TEST_PRIVATE_KEY)
const NFT = getAddress("0x00000000000000000000000000000000000a11ce")
const FEE = getAddress("0x00000000000000000000000000000000000000fe")
const WETH = getAddress("0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2")
const ONE = parseEther("1")

describe("the fake OpenSea's orders", () => {
  it("signs a listing for real: the maker's signature of Seaport's order hash", async () => {
    const state = makeFakeState()
    const listing = await addListing(state, { maker, contract: NFT, tokenId: 4n, price: ONE })
    expect(listing.hash).toBe(seaportOrderHash(listing.components as OrderComponents))
    const valid = await verifyTypedData({
      address: maker.address,
      domain: state.domain,
      types: ORDER_COMPONENTS_TYPES,
      primaryType: "OrderComponents",
      message: listing.components as never,
      signature: listing.signature,
    })
    expect(valid).toBe(true)
    expect(orderOfHash(state, listing.hash.toUpperCase().replace("0X", "0x"))).toBe(listing)
  })

  it("pays a listing's required fees out of its price, the rest to the maker", async () => {
    const state = makeFakeState()
    addCollection(state, {
      contract: NFT,
      fees: [
        { fee: 2.5, recipient: FEE, required: true },
        { fee: 5, recipient: FEE, required: false },
      ],
    })
    const listing = await addListing(state, { maker, contract: NFT, tokenId: 4n, price: ONE })
    const paid = listing.components.consideration.map((item) => [item.recipient, item.startAmount])
    expect(paid).toEqual([
      [maker.address, parseEther("0.975")],
      [FEE, parseEther("0.025")],
    ])
    expect([listing.components.orderType, listing.components.zone, listing.symbol]).toEqual([0, zeroAddress, "ETH"])
  })

  it("makes a listing of several ERC-1155 units partially fillable", async () => {
    const state = makeFakeState()
    addCollection(state, { contract: NFT, standard: "erc1155" })
    const listing = await addListing(state, { maker, contract: NFT, tokenId: 4n, price: ONE, amount: 3n })
    expect(listing.components.offer[0]).toMatchObject({ itemType: ItemType.ERC1155, startAmount: 3n })
    expect(listing.components.orderType).toBe(1)
  })

  it("makes a collection offer a WETH offer for a criteria item, restricted to OpenSea's signed zone", async () => {
    const state = makeFakeState()
    const offer = await addOffer(state, { maker, contract: NFT, price: ONE })
    expect(offer.kind).toBe("collection-offer")
    expect(offer.components.offer).toEqual([
      { itemType: ItemType.ERC20, token: WETH, identifierOrCriteria: 0n, startAmount: ONE, endAmount: ONE },
    ])
    expect(offer.components.consideration[0]).toMatchObject({
      itemType: ItemType.ERC721_WITH_CRITERIA,
      token: NFT,
      recipient: maker.address,
    })
    expect([offer.components.zone, offer.components.orderType, offer.symbol]).toEqual([OPENSEA_SIGNED_ZONE, 3, "WETH"])
  })

  it("serves a listing's price as `price.current`, an offer's as `price`, a collection offer's criteria", async () => {
    const state = makeFakeState()
    const collection = addCollection(state, { contract: NFT, slug: "apes" })
    const listing = orderJson(state, await addListing(state, { maker, contract: NFT, tokenId: 4n, price: ONE }))
    const item = orderJson(state, await addOffer(state, { maker, contract: NFT, tokenId: 4n, price: ONE }))
    const any = orderJson(state, await addOffer(state, { maker, contract: NFT, price: ONE }))
    expect(listing).toMatchObject({
      type: "basic",
      status: "ACTIVE",
      asset: { contract: NFT, identifier: "4" },
      price: { current: { currency: "ETH", decimals: 18, value: ONE.toString() } },
      protocol_data: { signature: null },
    })
    expect(item).toMatchObject({ asset: { identifier: "4" }, price: { currency: "WETH", value: ONE.toString() } })
    expect(any).toMatchObject({ criteria: { collection: { slug: collection.slug }, encoded_token_ids: "*" } })
  })

  it("numbers its fulfilment answers, so a signed-zone offer gets fresh zone data each time", async () => {
    const state = makeFakeState()
    const offer = await addOffer(state, { maker, contract: NFT, price: ONE })
    const extraData = () => {
      const body = answerFulfilment(state, offer, { fulfiller: FEE, tokenId: 1n }) as any
      return body.fulfillment_data.transaction.input_data.advancedOrder.extraData
    }
    const first = extraData()
    expect(extraData()).not.toBe(first)
    expect(state.answers).toBe(2)
  })
})
