/**
 * A fulfilment is sent only when it is the one the user named at the checked price: each rule with a fulfilment it
 * lets through and a hostile one it refuses, built with viem from Seaport's ABI as a book would hand them out.
 */
import { type Address, encodeFunctionData, zeroAddress } from "viem"
import { describe, expect, it } from "vitest"
import {
  type BuyExpectation,
  checkFulfillment,
  type SellExpectation,
} from "../../../../../src/apis/opensea/seaport/checkFulfillment.js"
import { type AdvancedOrder, ItemType } from "../../../../../src/apis/opensea/seaport/SeaportOrder.js"
import { seaportAbi } from "../../../../../src/apis/opensea/seaport/seaportAbi.js"
import {
  advanced,
  basicOf,
  collectionOffer,
  creator,
  creatorFee,
  errorOf,
  fulfillAdvanced,
  fulfillAvailable,
  fulfillBasic,
  itemOffer,
  listing,
  named,
  nft,
  parametersOf,
  price,
  refusal,
  seaport,
  stranger,
  taker,
  weth,
} from "./fixtures.js"

const token = { contract: nft, tokenId: 42n }
const buy = (overrides: Partial<BuyExpectation> = {}): BuyExpectation => ({
  side: "buy",
  seaport,
  taker,
  orders: [{ ...named(listing()), token }],
  maxPayment: new Map([[zeroAddress, price]]),
  ...overrides,
})
const sell = (overrides: Partial<SellExpectation> = {}): SellExpectation => ({
  side: "sell",
  seaport,
  taker,
  orders: [named(itemOffer())],
  sellToken: token,
  minReceive: { currency: weth, amount: price - creatorFee },
  ...overrides,
})
const buyBasic = (value = price) => fulfillBasic(basicOf(listing(), 0), value)

describe("checkFulfillment: a buy", () => {
  it("lets through the named listing at the checked price, basic or advanced", () => {
    expect(refusal(checkFulfillment(buy(), buyBasic()))).toBeUndefined()
    expect(
      refusal(checkFulfillment(buy(), fulfillAdvanced(advanced(parametersOf(listing())), { value: price }))),
    ).toBeUndefined()
  })

  it("target: refuses a call to another contract than the chain's Seaport", () => {
    expect(refusal(checkFulfillment(buy(), { ...buyBasic(), to: stranger }))).toBe("target")
    expect(refusal(checkFulfillment(buy(), { ...buyBasic(), to: "0x1234" }))).toBe("target")
  })

  it("value: refuses sending more native currency than the checked price", () => {
    expect(refusal(checkFulfillment(buy(), buyBasic(price + 1n)))).toBe("value")
  })

  it("payment: refuses a listing that asks more than the checked price, tips included", () => {
    expect(
      refusal(checkFulfillment(buy({ maxPayment: new Map([[zeroAddress, price - 1n]]) }), buyBasic(price - 1n))),
    ).toBe("payment")
    const tip = {
      itemType: ItemType.NATIVE,
      token: zeroAddress,
      identifierOrCriteria: 0n,
      startAmount: 1n,
      endAmount: 1n,
      recipient: stranger,
    }
    const tipped = fulfillAdvanced(advanced(parametersOf(listing(), [tip])), { value: price })
    expect(refusal(checkFulfillment(buy(), tipped))).toBe("payment")
  })

  it("payment: an ERC-20 listing pays at most the checked amount of that currency, and none of an unchecked one", () => {
    const order = listing({}, weth)
    const transaction = fulfillBasic(basicOf(order, 2), 0n)
    const orders = [{ ...named(order), token }]
    expect(
      refusal(checkFulfillment(buy({ orders, maxPayment: new Map([[weth, price]]) }), transaction)),
    ).toBeUndefined()
    expect(refusal(checkFulfillment(buy({ orders, maxPayment: new Map([[weth, price - 1n]]) }), transaction))).toBe(
      "payment",
    )
    expect(refusal(checkFulfillment(buy({ orders }), transaction))).toBe("payment")
  })

  it("value: refuses native currency sent while buying a listing priced in WETH alone (no native price checked)", () => {
    const order = listing({}, weth)
    const orders = [{ ...named(order), token }]
    const expectation = buy({ orders, maxPayment: new Map([[weth, price]]) })
    expect(refusal(checkFulfillment(expectation, fulfillBasic(basicOf(order, 2), 0n)))).toBeUndefined()
    expect(refusal(checkFulfillment(expectation, fulfillBasic(basicOf(order, 2), 1n)))).toBe("value")
  })

  it("payment: a partial fill pays its fraction of the price, rounded up", () => {
    const order = listing({
      orderType: 1,
      offer: [{ itemType: ItemType.ERC1155, token: nft, identifierOrCriteria: 42n, startAmount: 4n, endAmount: 4n }],
    })
    const orders = [{ ...named(order), token }]
    const quarter = fulfillAdvanced(advanced(parametersOf(order), [1n, 4n]), { value: price / 4n })
    expect(
      refusal(checkFulfillment(buy({ orders, maxPayment: new Map([[zeroAddress, price / 4n]]) }), quarter)),
    ).toBeUndefined()
    expect(
      refusal(checkFulfillment(buy({ orders, maxPayment: new Map([[zeroAddress, price / 4n - 1n]]) }), quarter)),
    ).toBe("value")
    const half = fulfillAdvanced(advanced(parametersOf(order), [1n, 2n]), { value: price / 4n })
    expect(refusal(checkFulfillment(buy({ orders, maxPayment: new Map([[zeroAddress, price / 4n]]) }), half))).toBe(
      "payment",
    )
    // A third of 0.0025 is not a whole wei: the bound rounds it up, one wei over a third of the price rounded down.
    const third = fulfillAdvanced(advanced(parametersOf(order), [1n, 3n]), { value: price / 3n })
    expect(
      refusal(checkFulfillment(buy({ orders, maxPayment: new Map([[zeroAddress, price / 3n + 1n]]) }), third)),
    ).toBeUndefined()
    expect(refusal(checkFulfillment(buy({ orders, maxPayment: new Map([[zeroAddress, price / 3n]]) }), third))).toBe(
      "payment",
    )
  })

  it("fraction: refuses a fill fraction above one or of zero", () => {
    expect(
      refusal(checkFulfillment(buy(), fulfillAdvanced(advanced(parametersOf(listing()), [2n, 1n]), { value: price }))),
    ).toBe("fraction")
    expect(
      refusal(checkFulfillment(buy(), fulfillAdvanced(advanced(parametersOf(listing()), [0n, 1n]), { value: price }))),
    ).toBe("fraction")
  })

  it("recipient: refuses sending the token to someone else, or to the taker when the user named another recipient", () => {
    const order = advanced(parametersOf(listing()))
    expect(refusal(checkFulfillment(buy(), fulfillAdvanced(order, { value: price, recipient: taker })))).toBeUndefined()
    expect(refusal(checkFulfillment(buy(), fulfillAdvanced(order, { value: price, recipient: stranger })))).toBe(
      "recipient",
    )
    expect(
      refusal(
        checkFulfillment(buy({ recipient: stranger }), fulfillAdvanced(order, { value: price, recipient: stranger })),
      ),
    ).toBeUndefined()
    expect(refusal(checkFulfillment(buy({ recipient: stranger }), buyBasic()))).toBe("recipient")
  })

  it("recipient: refuses a listing that asks the buyer for a token to someone else", () => {
    const asks = {
      itemType: ItemType.ERC721,
      token: nft,
      identifierOrCriteria: 7n,
      startAmount: 1n,
      endAmount: 1n,
      recipient: stranger,
    }
    const order = listing({ consideration: [...listing().consideration, asks] })
    const transaction = fulfillAdvanced(advanced(parametersOf(order)), { value: price })
    expect(refusal(checkFulfillment(buy({ orders: [{ ...named(order), token }] }), transaction))).toBe("recipient")
  })

  it("order: refuses an order the user did not name, one at another counter, or leaving a named one out", () => {
    const other = listing({ salt: 8n })
    expect(refusal(checkFulfillment(buy(), fulfillAdvanced(advanced(parametersOf(other)), { value: price })))).toBe(
      "order",
    )
    expect(refusal(checkFulfillment(buy({ orders: [{ ...named(listing()), counter: 1n, token }] }), buyBasic()))).toBe(
      "order",
    )
    const two = buy({
      orders: [
        { ...named(listing()), token },
        { ...named(other), token },
      ],
      maxPayment: new Map([[zeroAddress, 2n * price]]),
    })
    const both = [advanced(parametersOf(listing())), advanced(parametersOf(other))]
    expect(refusal(checkFulfillment(two, fulfillAvailable([...both].reverse(), 2n * price)))).toBeUndefined()
    expect(refusal(checkFulfillment(two, fulfillAvailable([both[0]!], 2n * price)))).toBe("order")
    expect(refusal(checkFulfillment(buy(), fulfillAvailable([both[0]!, both[0]!], price)))).toBe("order")
  })

  it("order: refuses a contract order, and one carrying fewer consideration items than it was signed with", () => {
    const contract = listing({ orderType: 4 })
    expect(
      refusal(
        checkFulfillment(
          buy({ orders: [{ ...named(contract), token }] }),
          fulfillAdvanced(advanced(parametersOf(contract)), { value: price }),
        ),
      ),
    ).toBe("order")
    const short = { ...parametersOf(listing()), totalOriginalConsiderationItems: 3n }
    expect(refusal(checkFulfillment(buy(), fulfillAdvanced(advanced(short), { value: price })))).toBe("order")
  })

  it("token: refuses a named listing that sells another token than the one the user named", () => {
    expect(
      refusal(
        checkFulfillment(
          buy({ orders: [{ ...named(listing()), token: { contract: nft, tokenId: 43n } }] }),
          buyBasic(),
        ),
      ),
    ).toBe("token")
  })

  it("criteria: refuses criteria resolvers on a buy", () => {
    const resolver = { orderIndex: 0n, side: 0, index: 0n, identifier: 42n, criteriaProof: [] }
    expect(
      refusal(
        checkFulfillment(
          buy(),
          fulfillAdvanced(advanced(parametersOf(listing())), { value: price, resolvers: [resolver] }),
        ),
      ),
    ).toBe("criteria")
  })

  it("function: refuses a cancel handed out as a fulfilment", () => {
    const data = encodeFunctionData({ abi: seaportAbi, functionName: "cancel", args: [[listing()]] })
    expect(refusal(checkFulfillment(buy(), { to: seaport, value: 0n, data }))).toBe("function")
  })

  it("says what it expected and what it got", () => {
    expect(errorOf(checkFulfillment(buy(), buyBasic(price + 1n)))?.message).toBe(
      [
        "The fulfilment sends more native currency than the checked price",
        "",
        "Expected: at most 100000000000000000",
        "Got: 100000000000000001",
        "",
        "Details: tradekit refused what opensea handed out (value check); nothing was signed or sent.",
      ].join("\n"),
    )
  })
})

describe("checkFulfillment: a sale", () => {
  const resolver = { orderIndex: 0n, side: 1, index: 0n, identifier: 42n, criteriaProof: [] }
  const collection = () => sell({ orders: [named(collectionOffer())] })
  const acceptCollection = (resolvers = [resolver]) =>
    fulfillAdvanced(advanced(parametersOf(collectionOffer())), { resolvers })

  it("lets through the named offer for the named token, paying the offer less its fees", () => {
    expect(refusal(checkFulfillment(sell(), fulfillBasic(basicOf(itemOffer(), 4))))).toBeUndefined()
    expect(refusal(checkFulfillment(collection(), acceptCollection()))).toBeUndefined()
  })

  it("sale: refuses a sale that pays the seller less than checked", () => {
    expect(
      refusal(
        checkFulfillment(
          sell({ minReceive: { currency: weth, amount: price - creatorFee + 1n } }),
          fulfillBasic(basicOf(itemOffer(), 4)),
        ),
      ),
    ).toBe("sale")
    const bigFee = {
      itemType: ItemType.ERC20,
      token: weth,
      identifierOrCriteria: 0n,
      startAmount: 1n,
      endAmount: 1n,
      recipient: creator,
    }
    const tipped = fulfillAdvanced(advanced(parametersOf(itemOffer(), [bigFee])))
    expect(refusal(checkFulfillment(sell(), tipped))).toBe("sale")
  })

  it("value: refuses a sale that sends native currency", () => {
    expect(refusal(checkFulfillment(sell(), fulfillBasic(basicOf(itemOffer(), 4), 1n)))).toBe("value")
  })

  it("criteria: refuses a resolver that picks another token, or resolves an offer item", () => {
    expect(refusal(checkFulfillment(collection(), acceptCollection([{ ...resolver, identifier: 43n }])))).toBe(
      "criteria",
    )
    expect(refusal(checkFulfillment(collection(), acceptCollection([{ ...resolver, side: 0 }])))).toBe("criteria")
  })

  it("token: refuses giving another token, an unresolved criteria item, or more than named", () => {
    expect(
      refusal(
        checkFulfillment(sell({ sellToken: { contract: nft, tokenId: 43n } }), fulfillBasic(basicOf(itemOffer(), 4))),
      ),
    ).toBe("token")
    expect(refusal(checkFulfillment(collection(), acceptCollection([])))).toBe("token")
    const five = itemOffer({
      orderType: 1,
      consideration: [{ ...itemOffer().consideration[0]!, itemType: ItemType.ERC1155, startAmount: 5n, endAmount: 5n }],
    })
    const sellFive = sell({ orders: [named(five)], minReceive: { currency: weth, amount: 0n } })
    expect(refusal(checkFulfillment(sellFive, fulfillAdvanced(advanced(parametersOf(five), [1n, 5n]))))).toBeUndefined()
    expect(refusal(checkFulfillment(sellFive, fulfillAdvanced(advanced(parametersOf(five), [2n, 5n]))))).toBe("token")
  })

  it("payment: refuses a sale that makes the seller pay in another currency", () => {
    const other = {
      itemType: ItemType.NATIVE,
      token: zeroAddress,
      identifierOrCriteria: 0n,
      startAmount: 1n,
      endAmount: 1n,
      recipient: stranger,
    }
    expect(refusal(checkFulfillment(sell(), fulfillAdvanced(advanced(parametersOf(itemOffer(), [other])))))).toBe(
      "payment",
    )
  })

  it("offer: refuses an offer in another currency than checked", () => {
    expect(
      refusal(
        checkFulfillment(
          sell({ minReceive: { currency: stranger, amount: 1n } }),
          fulfillBasic(basicOf(itemOffer(), 4)),
        ),
      ),
    ).toBe("offer")
  })

  it("recipient: refuses paying the sale to someone else", () => {
    expect(
      refusal(checkFulfillment(sell(), fulfillAdvanced(advanced(parametersOf(itemOffer())), { recipient: stranger }))),
    ).toBe("recipient")
  })

  it("order: refuses filling another offer than the named one", () => {
    expect(refusal(checkFulfillment(sell(), fulfillBasic(basicOf(itemOffer({ offerer: stranger }), 4))))).toBe("order")
  })
})

describe("checkFulfillment: a sale into a collection offer by a match (OpenSea's way)", () => {
  const resolver = { orderIndex: 0n, side: 1, index: 0n, identifier: 42n, criteriaProof: [] }
  const net = price - creatorFee
  /** The seller's own unsigned order: the token for the offer less its fees, to `to`. */
  const mirror = (overrides: Partial<ReturnType<typeof listing>> = {}, to: Address = taker) =>
    advanced(
      parametersOf(
        listing({
          offerer: taker,
          consideration: [
            {
              itemType: ItemType.ERC20,
              token: weth,
              identifierOrCriteria: 0n,
              startAmount: net,
              endAmount: net,
              recipient: to,
            },
          ],
          ...overrides,
        }),
      ),
    )
  const matching = (orders: ReadonlyArray<AdvancedOrder>, recipient: Address = zeroAddress) => ({
    to: seaport,
    value: 0n,
    data: encodeFunctionData({
      abi: seaportAbi,
      functionName: "matchAdvancedOrders",
      args: [orders, [resolver], [], recipient],
    }),
  })
  const offer = advanced(parametersOf(collectionOffer()))
  const expectation = sell({ orders: [named(collectionOffer())] })

  it("lets through the named offer matched with the seller's order for the named token, paying the offer less its fees", () => {
    expect(refusal(checkFulfillment(expectation, matching([offer, mirror()])))).toBeUndefined()
  })

  it("sale: refuses a seller's order asking less than checked, or paying someone else", () => {
    expect(
      refusal(
        checkFulfillment(
          sell({ orders: [named(collectionOffer())], minReceive: { currency: weth, amount: net + 1n } }),
          matching([offer, mirror()]),
        ),
      ),
    ).toBe("sale")
    expect(refusal(checkFulfillment(expectation, matching([offer, mirror({}, stranger)])))).toBe("sale")
  })

  it("token: refuses a seller's order giving another token or more of it", () => {
    const other = { itemType: ItemType.ERC721, token: nft, identifierOrCriteria: 43n, startAmount: 1n, endAmount: 1n }
    expect(refusal(checkFulfillment(expectation, matching([offer, mirror({ offer: [other] })])))).toBe("token")
    expect(
      refusal(
        checkFulfillment(
          expectation,
          matching([
            offer,
            mirror({
              offer: [
                { ...other, identifierOrCriteria: 42n },
                { ...other, identifierOrCriteria: 42n },
              ],
            }),
          ]),
        ),
      ),
    ).toBe("token")
  })

  it("payment: refuses a seller's order asking for another currency", () => {
    const native = [
      {
        itemType: ItemType.NATIVE,
        token: zeroAddress,
        identifierOrCriteria: 0n,
        startAmount: net,
        endAmount: net,
        recipient: taker,
      },
    ]
    expect(refusal(checkFulfillment(expectation, matching([offer, mirror({ consideration: native })])))).toBe("payment")
  })

  it("recipient and order: refuses sending what is unspent to someone else, or a third party's order", () => {
    expect(refusal(checkFulfillment(expectation, matching([offer, mirror()], stranger)))).toBe("recipient")
    expect(refusal(checkFulfillment(expectation, matching([offer, mirror({ offerer: stranger })])))).toBe("order")
  })

  it("order: takes the seller's own order only in a match, where Seaport pays it from the offer", () => {
    // In fulfillAvailableAdvancedOrders the taker would pay its own order's consideration: no proceeds at all.
    const available = { ...fulfillAvailable([offer, mirror()]), value: 0n }
    expect(refusal(checkFulfillment(expectation, available))).toBe("order")
  })

  it("function: refuses a buy by a match", () => {
    const listingOrder = advanced(parametersOf(listing()))
    expect(refusal(checkFulfillment(buy(), matching([listingOrder])))).toBe("function")
  })
})
