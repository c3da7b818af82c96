/**
 * An order is signed only when it is the one the user named: a listing, an item offer and a collection offer, each
 * rule with an order it lets through and a hostile one it refuses; and the fees a precheck shows.
 */
import { parseEther, zeroAddress } from "viem"
import { describe, expect, it } from "vitest"
import {
  type CollectionOfferExpectation,
  checkOrderToSign,
  type ItemOfferExpectation,
  type ListingExpectation,
  latestEndTime,
} from "../../../../../src/apis/opensea/seaport/checkOrderToSign.js"
import { requiredFeeItems } from "../../../../../src/apis/opensea/seaport/requiredFeeItems.js"
import { ItemType, type OrderComponents } from "../../../../../src/apis/opensea/seaport/SeaportOrder.js"
import {
  collectionOffer,
  conduitKey,
  creator,
  creatorFee,
  errorOf,
  itemOffer,
  listing,
  maker,
  nft,
  openSeaFee,
  price,
  refusal,
  signedZone,
  start,
  stranger,
  weth,
} from "./fixtures.js"

const token = { contract: nft, tokenId: 42n }
const listed = (overrides: Partial<ListingExpectation> = {}): ListingExpectation => ({
  kind: "listing",
  maker,
  conduitKey,
  currency: zeroAddress,
  price,
  tokens: [token],
  ...overrides,
})
const offered = (overrides: Partial<ItemOfferExpectation> = {}): ItemOfferExpectation => ({
  kind: "item-offer",
  maker,
  conduitKey,
  currency: weth,
  price,
  token,
  signedZone,
  ...overrides,
})
const collected = (overrides: Partial<CollectionOfferExpectation> = {}): CollectionOfferExpectation => ({
  kind: "collection-offer",
  maker,
  conduitKey,
  currency: weth,
  price,
  contract: nft,
  signedZone,
  ...overrides,
})
/** The listing with its consideration items replaced. */
const paying = (...consideration: OrderComponents["consideration"]) => listing({ consideration })
const native = (amount: bigint, recipient = maker) => ({
  itemType: ItemType.NATIVE,
  token: zeroAddress,
  identifierOrCriteria: 0n,
  startAmount: amount,
  endAmount: amount,
  recipient,
})

describe("checkOrderToSign: a listing", () => {
  it("lets through the named token at the named price, fees to others within the bound", () => {
    expect(refusal(checkOrderToSign(listed(), listing()))).toBeUndefined()
    expect(refusal(checkOrderToSign(listed({ currency: weth }), listing({}, weth)))).toBeUndefined()
  })

  it("offerer: refuses an order of another offerer", () => {
    expect(refusal(checkOrderToSign(listed(), listing({ offerer: stranger })))).toBe("offerer")
  })

  it("token: refuses another token, another amount, another item type, or an extra token", () => {
    expect(refusal(checkOrderToSign(listed({ tokens: [{ ...token, tokenId: 43n }] }), listing()))).toBe("token")
    expect(refusal(checkOrderToSign(listed({ tokens: [{ ...token, amount: 2n }] }), listing()))).toBe("token")
    expect(refusal(checkOrderToSign(listed({ tokens: [{ ...token, itemType: ItemType.ERC1155 }] }), listing()))).toBe(
      "token",
    )
    const two = listing({ offer: [...listing().offer, { ...listing().offer[0]!, identifierOrCriteria: 43n }] })
    expect(refusal(checkOrderToSign(listed(), two))).toBe("token")
  })

  it("payment: refuses a listing paying someone else first, or in another currency, or asking for a token", () => {
    expect(
      refusal(checkOrderToSign(listed(), paying(native(price - creatorFee, stranger), native(creatorFee, maker)))),
    ).toBe("payment")
    expect(refusal(checkOrderToSign(listed({ currency: weth }), listing()))).toBe("payment")
    const nftAsked = { ...listing().offer[0]!, recipient: stranger }
    expect(refusal(checkOrderToSign(listed(), paying(native(price - creatorFee), nftAsked)))).toBe("payment")
    expect(refusal(checkOrderToSign(listed(), paying()))).toBe("payment")
  })

  it("price: refuses another price, and a price that changes over time", () => {
    expect(refusal(checkOrderToSign(listed({ price: price + 1n }), listing()))).toBe("price")
    expect(refusal(checkOrderToSign(listed(), paying({ ...native(price), endAmount: price / 2n })))).toBe("price")
  })

  it("fees: refuses fees above 11 % of the price, or the caller's bound", () => {
    const eleven = parseEther("0.011")
    expect(
      refusal(
        checkOrderToSign(
          listed(),
          paying(
            native(price - eleven),
            native(eleven - parseEther("0.001"), creator),
            native(parseEther("0.001"), openSeaFee),
          ),
        ),
      ),
    ).toBeUndefined()
    expect(refusal(checkOrderToSign(listed(), paying(native(price - eleven - 1n), native(eleven + 1n, creator))))).toBe(
      "fees",
    )
    expect(refusal(checkOrderToSign(listed({ maxFeeBps: 100n }), listing()))).toBe("fees")
  })

  it("zero-amount: refuses an item of amount zero", () => {
    expect(refusal(checkOrderToSign(listed(), paying(native(price), native(0n, creator))))).toBe("zero-amount")
  })

  it("expiry: refuses an order ending more than six months after it starts, or not after it starts", () => {
    const latest = latestEndTime(start)!
    expect(new Date(Number(latest) * 1000).toISOString()).toBe("2027-03-21T14:13:20.000Z")
    expect(new Date(Number(start) * 1000).toISOString()).toBe("2026-09-21T14:13:20.000Z")
    expect(refusal(checkOrderToSign(listed(), listing({ endTime: latest })))).toBeUndefined()
    expect(refusal(checkOrderToSign(listed(), listing({ endTime: latest + 1n })))).toBe("expiry")
    expect(refusal(checkOrderToSign(listed(), listing({ endTime: start })))).toBe("expiry")
    expect(refusal(checkOrderToSign(listed(), listing({ startTime: 2n ** 255n, endTime: 2n ** 255n + 1n })))).toBe(
      "expiry",
    )
  })

  it("zone: takes the zero zone or the collection's required one, nothing else", () => {
    expect(refusal(checkOrderToSign(listed({ requiredZone: stranger }), listing({ zone: stranger })))).toBeUndefined()
    expect(refusal(checkOrderToSign(listed(), listing({ zone: stranger })))).toBe("zone")
  })

  it("conduit: refuses another conduit key than the chain's", () => {
    expect(refusal(checkOrderToSign(listed(), listing({ conduitKey: `0x${"00".repeat(32)}` })))).toBe("conduit")
  })

  it("order: refuses a contract order", () => {
    expect(refusal(checkOrderToSign(listed(), listing({ orderType: 4 })))).toBe("order")
  })

  it("says what it expected and what it got", () => {
    expect(errorOf(checkOrderToSign(listed(), listing({ offerer: stranger })))?.message).toBe(
      [
        "The order to sign is not the maker's",
        "",
        `Expected: ${maker}`,
        `Got: ${stranger}`,
        "",
        "Details: tradekit refused what opensea handed out (offerer check); nothing was signed or sent.",
      ].join("\n"),
    )
  })
})

describe("checkOrderToSign: an item offer", () => {
  it("lets through the named currency amount for the named token, in no zone or the signed zone", () => {
    expect(refusal(checkOrderToSign(offered(), itemOffer()))).toBeUndefined()
    expect(refusal(checkOrderToSign(offered(), itemOffer({ zone: signedZone, orderType: 3 })))).toBeUndefined()
  })

  it("offer: refuses offering another currency, another amount or more items", () => {
    expect(refusal(checkOrderToSign(offered({ currency: stranger }), itemOffer()))).toBe("offer")
    expect(refusal(checkOrderToSign(offered({ price: price - 1n }), itemOffer()))).toBe("offer")
    expect(
      refusal(checkOrderToSign(offered(), itemOffer({ offer: [...itemOffer().offer, ...itemOffer().offer] }))),
    ).toBe("offer")
  })

  it("token: refuses asking for another token, or sending it to someone else", () => {
    expect(refusal(checkOrderToSign(offered({ token: { ...token, tokenId: 43n } }), itemOffer()))).toBe("token")
    const [wanted, fee] = itemOffer().consideration
    expect(
      refusal(checkOrderToSign(offered(), itemOffer({ consideration: [{ ...wanted!, recipient: stranger }, fee!] }))),
    ).toBe("token")
  })

  it("fees: refuses a fee in another currency, or above the bound", () => {
    const [wanted] = itemOffer().consideration
    expect(
      refusal(checkOrderToSign(offered(), itemOffer({ consideration: [wanted!, native(creatorFee, creator)] }))),
    ).toBe("fees")
    expect(refusal(checkOrderToSign(offered({ maxFeeBps: 200n }), itemOffer()))).toBe("fees")
  })

  it("zone: refuses a zone that is not OpenSea's signed zone", () => {
    expect(refusal(checkOrderToSign(offered(), itemOffer({ zone: stranger })))).toBe("zone")
  })
})

describe("checkOrderToSign: a collection offer", () => {
  it("lets through a criteria item on the named contract to the maker, restricted to the signed zone", () => {
    expect(refusal(checkOrderToSign(collected(), collectionOffer()))).toBeUndefined()
  })

  it("token: refuses a plain token, another contract, another quantity, another recipient, or no consideration", () => {
    const [criteria, fee] = collectionOffer().consideration
    expect(refusal(checkOrderToSign(collected(), itemOffer({ zone: signedZone, orderType: 2 })))).toBe("token")
    expect(refusal(checkOrderToSign(collected({ contract: stranger }), collectionOffer()))).toBe("token")
    expect(refusal(checkOrderToSign(collected({ quantity: 2n }), collectionOffer()))).toBe("token")
    expect(
      refusal(
        checkOrderToSign(
          collected(),
          collectionOffer({ consideration: [{ ...criteria!, recipient: stranger }, fee!] }),
        ),
      ),
    ).toBe("token")
    expect(refusal(checkOrderToSign(collected(), collectionOffer({ consideration: [] })))).toBe("token")
  })

  it("order: refuses an open collection offer", () => {
    expect(refusal(checkOrderToSign(collected(), collectionOffer({ orderType: 0 })))).toBe("order")
  })

  it("zone: refuses another zone than the signed zone, the zero one included", () => {
    expect(refusal(checkOrderToSign(collected(), collectionOffer({ zone: zeroAddress })))).toBe("zone")
  })
})

describe("requiredFeeItems", () => {
  it("lists a listing's and an offer's fees, each with its share of the price", () => {
    const fees = [{ recipient: creator, amount: creatorFee, basisPoints: 250n }]
    expect(requiredFeeItems(listing())).toEqual(fees)
    expect(requiredFeeItems(itemOffer())).toEqual(fees)
    expect(requiredFeeItems(paying(native(price)))).toEqual([])
  })
})
