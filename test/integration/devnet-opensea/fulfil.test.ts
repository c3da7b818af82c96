/**
 * The devnet's real Seaport 1.6 and its OpenSea fulfilment routes, driven with viem alone: seeded listings bought and
 * seeded offers accepted by sending exactly the transaction the route hands out.
 */
import { type Address, encodeFunctionData, erc20Abi, erc721Abi, getAddress, maxUint256, parseEther } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { wrappedNativeAbi } from "../../../devnet/artifacts/index.js"
import { seaportAbi } from "../../../devnet/artifacts/seaport/index.js"
import { devnetPublicClient } from "../../../devnet/chain/deploy.js"
import { type Devnet, devnetUser, startDevnet } from "../../../devnet/index.js"
import { fulfillmentCall, openSea, send } from "./fixture.js"

let devnet: Devnet
let client: ReturnType<typeof devnetPublicClient>
let punks: Address
let weth: Address
let creator: Address

beforeAll(async () => {
  devnet = await startDevnet()
  client = devnetPublicClient({ chainId: devnet.originChainId, rpcUrl: devnet.rpcUrls[devnet.originChainId]! })
  punks = devnet.contracts.origin.punks
  weth = devnet.contracts.origin.weth
  const collection = await openSea(devnet, "GET", "/api/v2/collections/devnet-punks")
  creator = collection.body.fees[0].recipient
})
afterAll(() => devnet?.stop())

const chain = () => devnet.openSea.chainNames[devnet.originChainId]!
const bestListing = async (tokenId: bigint) =>
  (await openSea(devnet, "GET", `/api/v2/listings/collection/devnet-punks/nfts/${tokenId}/best`)).body
const listingFulfilment = (hash: string, fulfiller: Address) =>
  openSea(devnet, "POST", "/api/v2/listings/fulfillment_data", {
    listing: { hash, chain: chain(), protocol_address: devnet.openSea.seaport },
    fulfiller: { address: fulfiller },
  })
const ownerOf = (tokenId: bigint) =>
  client.readContract({ address: punks, abi: erc721Abi, functionName: "ownerOf", args: [tokenId] })
const wethOf = (owner: Address) =>
  client.readContract({ address: weth, abi: erc20Abi, functionName: "balanceOf", args: [owner] })

describe("the devnet's Seaport", () => {
  it("is the real Seaport 1.6, with the conduit open to it", async () => {
    const [version] = await client.readContract({
      address: devnet.openSea.seaport,
      abi: seaportAbi,
      functionName: "information",
    })
    expect(version).toBe("1.6")
    expect(devnet.openSea.conduitKey.slice(0, 42)).not.toBe(`0x${"0".repeat(40)}`)
    const info = await fetch(devnet.apiUrl).then((r) => r.json())
    expect(info.openSea).toEqual(devnet.openSea)
  })
})

describe("buying a seeded listing with the route's fulfilment data", () => {
  it("an ETH listing: the buyer owns the token, the seller got the price minus the creator fee and OpenSea's 1 %", async () => {
    const buyer = devnetUser(devnet, 5)
    const seller = devnetUser(devnet, 3)
    const listing = await bestListing(13n)
    expect(listing.price.current).toEqual({ currency: "ETH", decimals: 18, value: parseEther("0.1").toString() })
    const answer = await listingFulfilment(listing.order_hash, buyer.address)
    expect(answer.status).toBe(200)
    const { transaction } = answer.body.fulfillment_data
    expect(transaction.function).toMatch(/^fulfillBasicOrder_efficient_6GL6yc\(/)
    expect(transaction).toMatchObject({
      to: devnet.openSea.seaport,
      value: parseEther("0.1").toString(),
      chain: devnet.originChainId,
    })
    const [sellerBefore, creatorBefore] = await Promise.all([
      client.getBalance({ address: seller.address }),
      client.getBalance({ address: creator }),
    ])
    await send(devnet, buyer.account, fulfillmentCall(transaction))
    expect(await ownerOf(13n)).toBe(buyer.address)
    expect((await client.getBalance({ address: seller.address })) - sellerBefore).toBe(parseEther("0.0965"))
    expect((await client.getBalance({ address: creator })) - creatorBefore).toBe(parseEther("0.0025"))
  })

  it("a WETH listing, after wrapping and approving the conduit", async () => {
    const buyer = devnetUser(devnet, 5)
    const seller = devnetUser(devnet, 3)
    const listing = await bestListing(14n)
    expect(listing.price.current.currency).toBe("WETH")
    await send(devnet, buyer.account, {
      to: weth,
      value: parseEther("0.12"),
      data: encodeFunctionData({ abi: wrappedNativeAbi, functionName: "deposit" }),
    })
    await send(devnet, buyer.account, {
      to: weth,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [devnet.openSea.conduit, maxUint256] }),
    })
    const answer = await listingFulfilment(listing.order_hash, buyer.address)
    expect(answer.status).toBe(200)
    const { transaction } = answer.body.fulfillment_data
    expect(transaction.value).toBe("0")
    const sellerBefore = await wethOf(seller.address)
    await send(devnet, buyer.account, fulfillmentCall(transaction))
    expect(await ownerOf(14n)).toBe(buyer.address)
    expect((await wethOf(seller.address)) - sellerBefore).toBe(parseEther("0.1158"))
    expect(await wethOf(buyer.address)).toBe(0n)
  })

  it("a filled listing gets no more fulfilment data and is no longer the best listing", async () => {
    const listing = (await openSea(devnet, "GET", `/api/v2/listings/collection/devnet-punks/nfts/19/best`)).body
    const buyer = devnetUser(devnet, 1) // the seed approved the conduit for user 1's WETH
    const { transaction } = (await listingFulfilment(listing.order_hash, buyer.address)).body.fulfillment_data
    await send(devnet, buyer.account, fulfillmentCall(transaction))
    await devnet.sync()
    // Asked before the fulfilment route, which would also read the order's status from the contract: the event did it.
    expect((await openSea(devnet, "GET", "/api/v2/listings/collection/devnet-punks/nfts/19/best")).status).toBe(404)
    const order = await openSea(
      devnet,
      "GET",
      `/api/v2/orders/chain/${chain()}/protocol/${devnet.openSea.seaport}/${listing.order_hash}`,
    )
    expect(order.body.order.status).toBe("FULFILLED")
    const again = await listingFulfilment(listing.order_hash, buyer.address)
    expect(again.status).toBe(400)
    expect(again.body.errors[0]).toMatch(/already filled/)
  })
})

describe("fulfilment for another recipient", () => {
  it("refuses a quantity a whole order cannot fill", async () => {
    const listing = await bestListing(18n)
    const answer = await openSea(devnet, "POST", "/api/v2/listings/fulfillment_data", {
      listing: { hash: listing.order_hash, chain: chain(), protocol_address: devnet.openSea.seaport },
      fulfiller: { address: devnetUser(devnet, 5).address },
      units_to_fill: 2,
    })
    expect(answer.status).toBe(400)
    expect(answer.body.errors[0]).toBe("units_to_fill must be 1: the order fills whole")
  })

  it("is a fulfillAdvancedOrder call that delivers the token to the recipient", async () => {
    const buyer = devnetUser(devnet, 5)
    const recipient = devnetUser(devnet, 2).address
    const listing = await bestListing(18n)
    const answer = await openSea(devnet, "POST", "/api/v2/listings/fulfillment_data", {
      listing: { hash: listing.order_hash, chain: chain(), protocol_address: devnet.openSea.seaport },
      fulfiller: { address: buyer.address },
      recipient,
    })
    expect(answer.status).toBe(200)
    const { transaction } = answer.body.fulfillment_data
    expect(transaction.function).toMatch(/^fulfillAdvancedOrder\(/)
    expect(transaction.input_data.recipient).toBe(recipient)
    expect(transaction.value).toBe(parseEther("0.15").toString())
    await send(devnet, buyer.account, fulfillmentCall(transaction))
    expect(await ownerOf(18n)).toBe(recipient)
  })
})

describe("accepting a seeded offer with the route's fulfilment data", () => {
  it("an item offer: the offerer owns the token, the seller got the WETH minus the fees, with no WETH approval", async () => {
    const seller = devnetUser(devnet, 3)
    const offerer = devnetUser(devnet, 1)
    const offer = (await openSea(devnet, "GET", "/api/v2/offers/collection/devnet-punks/nfts/15/best")).body
    expect(offer.price).toEqual({ currency: "WETH", decimals: 18, value: parseEther("0.05").toString() })
    const answer = await openSea(devnet, "POST", "/api/v2/offers/fulfillment_data", {
      offer: { hash: offer.order_hash, chain: chain(), protocol_address: devnet.openSea.seaport },
      fulfiller: { address: seller.address },
      consideration: { asset_contract_address: punks, token_id: "15" },
    })
    expect(answer.status).toBe(200)
    const before = await wethOf(seller.address)
    await send(devnet, seller.account, fulfillmentCall(answer.body.fulfillment_data.transaction))
    expect(await ownerOf(15n)).toBe(offerer.address)
    expect((await wethOf(seller.address)) - before).toBe(parseEther("0.04825"))
  })

  it("a collection offer, with the token to sell: matched against the seller's own order", async () => {
    const seller = devnetUser(devnet, 4)
    const offerer = devnetUser(devnet, 2)
    const offer = (await openSea(devnet, "GET", "/api/v2/offers/collection/devnet-punks/nfts/21/best")).body
    expect(offer.criteria.collection.slug).toBe("devnet-punks")
    const otherContract = await openSea(devnet, "POST", "/api/v2/offers/fulfillment_data", {
      offer: { hash: offer.order_hash, chain: chain(), protocol_address: devnet.openSea.seaport },
      fulfiller: { address: seller.address },
      consideration: { asset_contract_address: devnet.contracts.origin.drops, token_id: "21" },
    })
    expect(otherContract.status).toBe(400)
    expect(otherContract.body.errors[0]).toMatch(/is not the order's contract/)
    const answer = await openSea(devnet, "POST", "/api/v2/offers/fulfillment_data", {
      offer: { hash: offer.order_hash, chain: chain(), protocol_address: devnet.openSea.seaport },
      fulfiller: { address: seller.address },
      consideration: { asset_contract_address: punks, token_id: "21" },
    })
    expect(answer.status).toBe(200)
    expect(answer.body.fulfillment_data.transaction.function).toMatch(/^matchAdvancedOrders\(/)
    const [before, creatorBefore] = await Promise.all([wethOf(seller.address), wethOf(creator)])
    await send(devnet, seller.account, fulfillmentCall(answer.body.fulfillment_data.transaction))
    expect(await ownerOf(21n)).toBe(offerer.address)
    expect((await wethOf(seller.address)) - before).toBe(parseEther("0.0386"))
    expect((await wethOf(creator)) - creatorBefore).toBe(parseEther("0.001"))
  })
})

describe("lookups", () => {
  it("finds the collection of a contract, and the collection's required fee", async () => {
    const contract = await openSea(devnet, "GET", `/api/v2/chain/${chain()}/contract/${punks}`)
    expect(contract.body).toEqual({
      address: punks,
      chain: chain(),
      collection: "devnet-punks",
      contract_standard: "erc721",
      name: "Devnet Punks",
    })
    const collection = await openSea(devnet, "GET", "/api/v2/collections/devnet-punks")
    expect(collection.body.fees).toEqual([
      { fee: 2.5, recipient: creator, required: true },
      { fee: 1, recipient: getAddress("0x0000a26b00c1f0df003000390027140000faa719"), required: true },
    ])
    expect(collection.body.contracts).toEqual([{ address: punks, chain: chain() }])
    expect((await openSea(devnet, "GET", "/api/v2/collections/no-such-collection")).status).toBe(404)
  })
})

describe("the API key and the rate limit", () => {
  it("answers 401 without the devnet's key, and with a wrong one", async () => {
    const none = await openSea(devnet, "GET", "/api/v2/collections/devnet-punks", undefined, null)
    expect(none.status).toBe(401)
    expect(none.body.errors[0]).toMatch(/API key/)
    expect((await openSea(devnet, "GET", "/api/v2/collections/devnet-punks", undefined, "wrong")).status).toBe(401)
  })

  it("answers 429 with retry-after when the fault knob rate-limits a route", async () => {
    devnet.faults.setEndpoint("/api/v2/listings/fulfillment_data", {
      rateLimit: { limit: 0, windowMs: 60_000, retryAfterSeconds: 7 },
    })
    try {
      const answer = await listingFulfilment(`0x${"1".repeat(64)}`, devnetUser(devnet, 5).address)
      expect(answer.status).toBe(429)
      expect(answer.headers.get("retry-after")).toBe("7")
    } finally {
      devnet.faults.setEndpoint("/api/v2/listings/fulfillment_data", undefined)
    }
  })
})
