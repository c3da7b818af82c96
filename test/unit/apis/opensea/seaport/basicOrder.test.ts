/**
 * The order a basic fulfilment fills, as Seaport derives it from `BasicOrderParameters`: for every route, the derived
 * order hashes as seaport-js hashes the order its offerer signed, so a check of the derived order is a check of the
 * signed one.
 */
import { describe, expect, it } from "@effect/vitest"
import { orderOfBasicParameters } from "../../../../../src/apis/opensea/seaport/basicOrder.js"
import { ItemType, type OrderComponents } from "../../../../../src/apis/opensea/seaport/SeaportOrder.js"
import { orderHashOf } from "../../../../../src/apis/opensea/seaport/seaportOrderHash.js"
import { basicOf, creator, itemOffer, listing, nft, openSeaFee, signedZone, stranger, weth } from "./fixtures.js"
import { seaportJsOrderHash as theirs } from "./seaportJs.js"

/** `components` with its offered (or, for an offer, its asked-for) ERC-721 made an ERC-1155 of 3. */
const as1155 = (components: OrderComponents): OrderComponents => ({
  ...components,
  offer: components.offer.map((entry) =>
    entry.itemType === ItemType.ERC721
      ? { ...entry, itemType: ItemType.ERC1155, startAmount: 3n, endAmount: 3n }
      : entry,
  ),
  consideration: components.consideration.map((entry) =>
    entry.itemType === ItemType.ERC721
      ? { ...entry, itemType: ItemType.ERC1155, startAmount: 3n, endAmount: 3n }
      : entry,
  ),
})

const ROUTES: ReadonlyArray<readonly [string, number, OrderComponents]> = [
  ["ETH for an ERC-721", 0, listing()],
  ["ETH for an ERC-1155", 1, as1155(listing())],
  ["WETH for an ERC-721", 2, listing({}, weth)],
  ["WETH for an ERC-1155", 3, as1155(listing({}, weth))],
  ["an ERC-721 for an offer's WETH", 4, itemOffer()],
  ["an ERC-1155 for an offer's WETH", 5, as1155(itemOffer())],
]

describe("orderOfBasicParameters", () => {
  it.each(ROUTES)("derives the signed order of route %s (%i)", (_, route, components) => {
    const order = orderOfBasicParameters(basicOf(components, route))!
    expect(orderHashOf(order.parameters, components.counter)).toBe(theirs(components))
    expect(order.parameters.offer).toEqual(components.offer)
    expect(order.parameters.consideration).toEqual(components.consideration)
  })

  it("fills the whole order, with the basic order's signature and no extra data", () => {
    const basic = basicOf(listing(), 0)
    expect(orderOfBasicParameters(basic)).toMatchObject({
      numerator: 1n,
      denominator: 1n,
      signature: basic.signature,
      extraData: "0x",
    })
  })

  it("reads the order type from the low two bits: a restricted order in a zone", () => {
    const restricted = listing({ orderType: 2, zone: signedZone })
    const order = orderOfBasicParameters(basicOf(restricted, 0))!
    expect(order.parameters.orderType).toBe(2)
    expect(order.parameters.zone).toBe(signedZone)
    expect(orderHashOf(order.parameters, 0n)).toBe(theirs(restricted))
  })

  it("counts recipients past the signed ones as tips, paid in the same currency", () => {
    const components = listing({}, weth)
    const basic = basicOf(components, 2)
    const tipped = {
      ...basic,
      additionalRecipients: [...basic.additionalRecipients, { amount: 5n, recipient: stranger }],
    }
    const order = orderOfBasicParameters(tipped)!
    expect(order.parameters.totalOriginalConsiderationItems).toBe(2n)
    expect(order.parameters.consideration.at(-1)).toEqual({
      itemType: ItemType.ERC20,
      token: weth,
      identifierOrCriteria: 0n,
      startAmount: 5n,
      endAmount: 5n,
      recipient: stranger,
    })
    expect(orderHashOf(order.parameters, 0n)).toBe(theirs(components))
  })

  it("pays an offer's additional recipients in the offered ERC-20, not in the token the offer asks for", () => {
    const offer = itemOffer({
      consideration: [
        {
          itemType: ItemType.ERC721,
          token: nft,
          identifierOrCriteria: 42n,
          startAmount: 1n,
          endAmount: 1n,
          recipient: stranger,
        },
        {
          itemType: ItemType.ERC20,
          token: weth,
          identifierOrCriteria: 0n,
          startAmount: 7n,
          endAmount: 7n,
          recipient: creator,
        },
        {
          itemType: ItemType.ERC20,
          token: weth,
          identifierOrCriteria: 0n,
          startAmount: 9n,
          endAmount: 9n,
          recipient: openSeaFee,
        },
      ],
    })
    const [, ...fees] = orderOfBasicParameters(basicOf(offer, 4))!.parameters.consideration
    expect(fees.map((fee) => [fee.itemType, fee.token])).toEqual([
      [ItemType.ERC20, weth],
      [ItemType.ERC20, weth],
    ])
  })

  it("answers undefined for a route Seaport does not know", () => {
    expect(orderOfBasicParameters({ ...basicOf(listing(), 0), basicOrderType: 24 })).toBeUndefined()
    expect(orderOfBasicParameters({ ...basicOf(listing(), 0), basicOrderType: 255 })).toBeUndefined()
  })
})
