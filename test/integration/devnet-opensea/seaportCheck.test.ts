/**
 * The order checks against the devnet's real Seaport 1.6 and its OpenSea routes: tradekit's order hash is the
 * contract's `getOrderHash`, and the fulfilments the routes hand out — a basic buy, a basic sale into an item offer, a
 * match into a collection offer — pass the check at their price and fail it a wei past it.
 */

import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import {
  type Address,
  erc20Abi,
  erc721Abi,
  getAbiItem,
  type Hex,
  parseEther,
  toFunctionSelector,
  zeroAddress,
} from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { seaportAbi } from "../../../devnet/artifacts/seaport/index.js"
import { devnetPublicClient } from "../../../devnet/chain/deploy.js"
import { type Devnet, devnetUser, startDevnet } from "../../../devnet/index.js"
import { fulfillmentTransaction } from "../../../src/apis/opensea/plans/fulfillmentTransaction.js"
import {
  checkFulfillment,
  type FulfilmentExpectation,
  type OrderComponents,
  type SellExpectation,
  seaportOrderHash,
} from "../../../src/apis/opensea/seaport/index.js"
import type { OrderCheckError } from "../../../src/errors/OrderCheckError.js"
import { openSea, send } from "./fixture.js"

let devnet: Devnet
let client: ReturnType<typeof devnetPublicClient>
let punks: Address
let weth: Address

beforeAll(async () => {
  devnet = await startDevnet()
  client = devnetPublicClient({ chainId: devnet.originChainId, rpcUrl: devnet.rpcUrls[devnet.originChainId]! })
  punks = devnet.contracts.origin.punks
  weth = devnet.contracts.origin.weth
})
afterAll(() => devnet?.stop())

const chain = () => devnet.openSea.chainNames[devnet.originChainId]!
/** OpenSea's `parameters` (numbers as decimal strings) as the components Seaport hashes. */
const componentsOf = (p: any): OrderComponents => {
  const item = (i: any) => ({
    itemType: Number(i.itemType),
    token: i.token,
    identifierOrCriteria: BigInt(i.identifierOrCriteria),
    startAmount: BigInt(i.startAmount),
    endAmount: BigInt(i.endAmount),
  })
  return {
    offerer: p.offerer,
    zone: p.zone,
    offer: p.offer.map(item),
    consideration: p.consideration.map((i: any) => ({ ...item(i), recipient: i.recipient })),
    orderType: Number(p.orderType),
    startTime: BigInt(p.startTime),
    endTime: BigInt(p.endTime),
    zoneHash: p.zoneHash,
    salt: BigInt(p.salt),
    conduitKey: p.conduitKey,
    counter: BigInt(p.counter),
  }
}
const onChainHash = (components: OrderComponents) =>
  client.readContract({
    address: devnet.openSea.seaport,
    abi: seaportAbi,
    functionName: "getOrderHash",
    args: [components],
  })
const counterOf = (offerer: Address) =>
  client.readContract({ address: devnet.openSea.seaport, abi: seaportAbi, functionName: "getCounter", args: [offerer] })
const refusal = (effect: Effect.Effect<void, OrderCheckError>) =>
  Effect.runSync(Effect.match(effect, { onFailure: (error) => error.check, onSuccess: () => undefined }))
const fulfilment = async (side: "listings" | "offers", hash: Hex, fulfiller: Address, tokenId?: bigint) => {
  const answer = await openSea(devnet, "POST", `/api/v2/${side}/fulfillment_data`, {
    [side === "listings" ? "listing" : "offer"]: { hash, chain: chain(), protocol_address: devnet.openSea.seaport },
    fulfiller: { address: fulfiller },
    ...(tokenId === undefined
      ? {}
      : { consideration: { asset_contract_address: punks, token_id: tokenId.toString() } }),
  })
  expect(answer.status).toBe(200)
  return Result.getOrThrow(fulfillmentTransaction(answer.body.fulfillment_data.transaction))
}

describe("seaportOrderHash", () => {
  it("is Seaport's getOrderHash, for a seeded listing and an order of every item kind", async () => {
    const listing = (await openSea(devnet, "GET", "/api/v2/listings/collection/devnet-punks/nfts/13/best")).body
    const components = componentsOf(listing.protocol_data.parameters)
    expect(seaportOrderHash(components)).toBe(listing.order_hash)
    expect(await onChainHash(components)).toBe(listing.order_hash)
    const varied: OrderComponents = {
      ...components,
      offer: [
        { itemType: 3, token: punks, identifierOrCriteria: 2n ** 200n, startAmount: 5n, endAmount: 3n },
        { itemType: 1, token: weth, identifierOrCriteria: 0n, startAmount: 1n, endAmount: 1n },
      ],
      consideration: [
        ...components.consideration,
        {
          itemType: 5,
          token: punks,
          identifierOrCriteria: 2n ** 255n,
          startAmount: 2n,
          endAmount: 2n,
          recipient: weth,
        },
      ],
      orderType: 3,
      zone: weth,
      zoneHash: `0x${"ab".repeat(32)}`,
      salt: 2n ** 256n - 1n,
      counter: 7n,
    }
    expect(seaportOrderHash(varied)).toBe(await onChainHash(varied))
    expect(seaportOrderHash(varied)).not.toBe(seaportOrderHash({ ...varied, counter: 8n }))
  })
})

describe("checkFulfillment on the routes' fulfilments", () => {
  it("a basic buy of an ETH listing passes at its price, and not a wei under it", async () => {
    const buyer = devnetUser(devnet, 5).address
    const listing = (await openSea(devnet, "GET", "/api/v2/listings/collection/devnet-punks/nfts/13/best")).body
    const counter = await counterOf(listing.protocol_data.parameters.offerer)
    const expectation = (max: bigint): FulfilmentExpectation => ({
      side: "buy",
      seaport: devnet.openSea.seaport,
      taker: buyer,
      orders: [{ hash: listing.order_hash, counter, token: { contract: punks, tokenId: 13n } }],
      maxPayment: new Map([[zeroAddress, max]]),
    })
    const transaction = await fulfilment("listings", listing.order_hash, buyer)
    expect(transaction.data.slice(0, 10)).toBe(
      toFunctionSelector(getAbiItem({ abi: seaportAbi, name: "fulfillBasicOrder_efficient_6GL6yc" }) as never),
    )
    expect(refusal(checkFulfillment(expectation(parseEther("0.1")), transaction))).toBeUndefined()
    expect(refusal(checkFulfillment(expectation(parseEther("0.1") - 1n), transaction))).toBe("value")
  })

  it("a basic sale into an item offer, and a match into a collection offer: the seller gets what the check passed", async () => {
    const seller = devnetUser(devnet, 4)
    const sell = (hash: Hex, tokenId: bigint, counter: bigint, amount: bigint): SellExpectation => ({
      side: "sell",
      seaport: devnet.openSea.seaport,
      taker: seller.address,
      orders: [{ hash, counter }],
      sellToken: { contract: punks, tokenId },
      minReceive: { currency: weth, amount },
    })
    const offer = (await openSea(devnet, "GET", "/api/v2/offers/collection/devnet-punks/nfts/21/best")).body
    expect(offer.criteria.collection.slug).toBe("devnet-punks")
    const counter = await counterOf(offer.protocol_data.parameters.offerer)
    const match = await fulfilment("offers", offer.order_hash, seller.address, 21n)
    expect(match.data.slice(0, 10)).toBe(
      toFunctionSelector(getAbiItem({ abi: seaportAbi, name: "matchAdvancedOrders" }) as never),
    )
    const net = parseEther("0.0386")
    expect(refusal(checkFulfillment(sell(offer.order_hash, 21n, counter, net), match))).toBeUndefined()
    expect(refusal(checkFulfillment(sell(offer.order_hash, 21n, counter, net + 1n), match))).toBe("sale")
    expect(refusal(checkFulfillment(sell(offer.order_hash, 22n, counter, net), match))).toBe("criteria")
    const before = await client.readContract({
      address: weth,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [seller.address],
    })
    await send(devnet, seller.account, match)
    expect(await client.readContract({ address: punks, abi: erc721Abi, functionName: "ownerOf", args: [21n] })).toBe(
      offer.protocol_data.parameters.offerer,
    )
    expect(
      (await client.readContract({ address: weth, abi: erc20Abi, functionName: "balanceOf", args: [seller.address] })) -
        before,
    ).toBe(net)

    const itemOffer = (await openSea(devnet, "GET", "/api/v2/offers/collection/devnet-punks/nfts/15/best")).body
    const owner = await client.readContract({ address: punks, abi: erc721Abi, functionName: "ownerOf", args: [15n] })
    const basic = await fulfilment("offers", itemOffer.order_hash, owner, 15n)
    const itemCounter = await counterOf(itemOffer.protocol_data.parameters.offerer)
    const sale = { ...sell(itemOffer.order_hash, 15n, itemCounter, parseEther("0.04825")), taker: owner }
    expect(refusal(checkFulfillment(sale, basic))).toBeUndefined()
    expect(
      refusal(checkFulfillment({ ...sale, minReceive: { currency: weth, amount: parseEther("0.04825") + 1n } }, basic)),
    ).toBe("sale")
  })
})
