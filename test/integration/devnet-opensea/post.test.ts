/**
 * Posting Seaport orders to the devnet's OpenSea routes (signed with viem over Seaport's `OrderComponents`), the checks
 * the routes make (fees, signature, counter), and cancelling off chain and on chain.
 */
import { type Address, encodeFunctionData, erc721Abi, type Hex, parseEther, zeroAddress, zeroHash } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { seaportAbi } from "../../../devnet/artifacts/seaport/index.js"
import { devnetPublicClient } from "../../../devnet/chain/deploy.js"
import { type Devnet, devnetUser, startDevnet } from "../../../devnet/index.js"
import {
  ItemType,
  type OrderComponents,
  orderHash,
  orderHashTypes,
  orderTypes,
  seaportDomain,
} from "../../../devnet/opensea/seaport.js"
import { fulfillmentCall, openSea, send } from "./fixture.js"

let devnet: Devnet
let client: ReturnType<typeof devnetPublicClient>
let creator: Address

beforeAll(async () => {
  devnet = await startDevnet()
  client = devnetPublicClient({ chainId: devnet.originChainId, rpcUrl: devnet.rpcUrls[devnet.originChainId]! })
  creator = (await openSea(devnet, "GET", "/api/v2/collections/devnet-punks")).body.fees[0].recipient
})
afterAll(() => devnet?.stop())

const chain = () => devnet.openSea.chainNames[devnet.originChainId]!
const domain = () => seaportDomain(devnet.originChainId, devnet.openSea.seaport)
const seller = () => devnetUser(devnet, 3)

/** OpenSea's own fee recipient: 1 % of every order. */
const OPENSEA_FEE = "0x0000a26b00c1F0DF003000390027140000fAa719"

/**
 * A listing of Devnet Punk `tokenId` by user 3 (who approved the conduit) for `price` ETH, paying `feeBps` to the
 * creator and 1 % to OpenSea.
 */
async function listing(tokenId: bigint, price: bigint, feeBps = 250n): Promise<OrderComponents> {
  const offerer = seller().address
  const counter = await client.readContract({
    address: devnet.openSea.seaport,
    abi: seaportAbi,
    functionName: "getCounter",
    args: [offerer],
  })
  const fee = (price * feeBps) / 10_000n
  const openSeaFee = price / 100n
  const pay = (amount: bigint, recipient: Address) => ({
    itemType: ItemType.NATIVE,
    token: zeroAddress,
    identifierOrCriteria: 0n,
    startAmount: amount,
    endAmount: amount,
    recipient,
  })
  const now = BigInt(Math.floor(Date.now() / 1000))
  return {
    offerer,
    zone: zeroAddress,
    offer: [
      {
        itemType: ItemType.ERC721,
        token: devnet.contracts.origin.punks,
        identifierOrCriteria: tokenId,
        startAmount: 1n,
        endAmount: 1n,
      },
    ],
    consideration: [
      pay(price - fee - openSeaFee, offerer),
      ...(fee > 0n ? [pay(fee, creator)] : []),
      pay(openSeaFee, OPENSEA_FEE),
    ],
    orderType: 0,
    startTime: now - 60n,
    endTime: now + 3600n,
    zoneHash: zeroHash,
    salt: BigInt(Date.now()),
    conduitKey: devnet.openSea.conduitKey,
    counter,
  }
}

/** The spec's `SeaportParameters`: numbers as decimal strings, the salt as hex, the counter as a JSON number. */
const wireParameters = (c: OrderComponents) => ({
  ...c,
  offer: c.offer.map((i) => ({
    ...i,
    identifierOrCriteria: i.identifierOrCriteria.toString(),
    startAmount: i.startAmount.toString(),
    endAmount: i.endAmount.toString(),
  })),
  consideration: c.consideration.map((i) => ({
    ...i,
    identifierOrCriteria: i.identifierOrCriteria.toString(),
    startAmount: i.startAmount.toString(),
    endAmount: i.endAmount.toString(),
  })),
  startTime: c.startTime.toString(),
  endTime: c.endTime.toString(),
  salt: `0x${c.salt.toString(16)}`,
  counter: Number(c.counter),
  totalOriginalConsiderationItems: c.consideration.length,
})

const sign = (c: OrderComponents, account = seller().account) =>
  account.signTypedData({ domain: domain(), types: orderTypes, primaryType: "OrderComponents", message: c })

const post = (c: OrderComponents, signature: Hex) =>
  openSea(devnet, "POST", `/api/v2/orders/${chain()}/seaport/listings`, {
    parameters: wireParameters(c),
    signature,
    protocol_address: devnet.openSea.seaport,
  })

const fulfilment = (hash: string, fulfiller: Address) =>
  openSea(devnet, "POST", "/api/v2/listings/fulfillment_data", {
    listing: { hash, chain: chain(), protocol_address: devnet.openSea.seaport },
    fulfiller: { address: fulfiller },
  })

describe("posting a listing signed over Seaport's OrderComponents", () => {
  it("is accepted, and another account fills it on chain from its fulfilment data", async () => {
    const components = await listing(16n, parseEther("0.3"))
    const posted = await post(components, await sign(components))
    expect(posted.status).toBe(200)
    expect(posted.body.order_hash).toBe(orderHash(components))
    expect(
      await client.readContract({
        address: devnet.openSea.seaport,
        abi: seaportAbi,
        functionName: "getOrderHash",
        args: [components],
      }),
    ).toBe(posted.body.order_hash)
    expect(posted.body).toMatchObject({
      status: "ACTIVE",
      chain: chain(),
      protocol_address: devnet.openSea.seaport,
      type: "basic",
    })
    const buyer = devnetUser(devnet, 5)
    const answer = await fulfilment(posted.body.order_hash, buyer.address)
    expect(answer.status).toBe(200)
    await send(devnet, buyer.account, fulfillmentCall(answer.body.fulfillment_data.transaction))
    const owner = await client.readContract({
      address: devnet.contracts.origin.punks,
      abi: erc721Abi,
      functionName: "ownerOf",
      args: [16n],
    })
    expect(owner).toBe(buyer.address)
  })

  it("without the collection's required fee: 400 with the fee the collection expects", async () => {
    const components = await listing(17n, parseEther("0.3"), 0n)
    const posted = await post(components, await sign(components))
    expect(posted.status).toBe(400)
    expect(posted.body.errors[0]).toMatch(
      /^Expecting 250 basis points fee to 0x[0-9a-fA-F]{40} \(the required fee of devnet-punks\), found 0 basis points$/,
    )
  })

  it("of a token that does not exist: 400, not a server error", async () => {
    const components = await listing(999n, parseEther("0.3"))
    const posted = await post(components, await sign(components))
    expect(posted.status).toBe(400)
    expect(posted.body.errors[0]).toMatch(/does not own token 999 of/)
  })

  it("signed by someone else than the offerer: 400", async () => {
    const components = await listing(17n, parseEther("0.3"))
    const posted = await post(components, await sign(components, devnetUser(devnet, 4).account))
    expect(posted.status).toBe(400)
    expect(posted.body.errors[0]).toMatch(/^Invalid signature/)
  })

  it("with a counter that is not the offerer's: 400", async () => {
    const components = { ...(await listing(17n, parseEther("0.3"))), counter: 5n }
    const posted = await post(components, await sign(components))
    expect(posted.status).toBe(400)
    expect(posted.body.errors[0]).toBe("The order's counter 5 is not the offerer's current counter 0")
  })
})

describe("posting offers", () => {
  it("an item offer and a collection offer built with /offers/build are accepted; the best offer for a token is the higher", async () => {
    const weth = devnet.contracts.origin.weth
    const punks = devnet.contracts.origin.punks
    const now = BigInt(Math.floor(Date.now() / 1000))
    const offerOf = async (
      account: ReturnType<typeof devnetUser>,
      price: bigint,
      wanted: OrderComponents["consideration"][number],
      zone: { zone: Address; orderType: number } = { zone: zeroAddress, orderType: 0 },
    ) => {
      const fee = (price * 250n) / 10_000n
      const components: OrderComponents = {
        offerer: account.address,
        ...zone,
        offer: [
          { itemType: ItemType.ERC20, token: weth, identifierOrCriteria: 0n, startAmount: price, endAmount: price },
        ],
        consideration: [
          wanted,
          {
            itemType: ItemType.ERC20,
            token: weth,
            identifierOrCriteria: 0n,
            startAmount: fee,
            endAmount: fee,
            recipient: creator,
          },
          {
            itemType: ItemType.ERC20,
            token: weth,
            identifierOrCriteria: 0n,
            startAmount: price / 100n,
            endAmount: price / 100n,
            recipient: OPENSEA_FEE,
          },
        ],
        startTime: now - 60n,
        endTime: now + 3600n,
        zoneHash: zeroHash,
        salt: BigInt(Date.now()),
        conduitKey: devnet.openSea.conduitKey,
        counter: 0n,
      }
      return { components, signature: await sign(components, account.account) }
    }
    const item = await offerOf(devnetUser(devnet, 1), parseEther("0.07"), {
      itemType: ItemType.ERC721,
      token: punks,
      identifierOrCriteria: 17n,
      startAmount: 1n,
      endAmount: 1n,
      recipient: devnetUser(devnet, 1).address,
    })
    const itemPosted = await openSea(devnet, "POST", `/api/v2/orders/${chain()}/seaport/offers`, {
      parameters: wireParameters(item.components),
      signature: item.signature,
      protocol_address: devnet.openSea.seaport,
    })
    expect(itemPosted.status).toBe(200)
    expect(itemPosted.body).toMatchObject({
      order_hash: orderHash(item.components),
      status: "ACTIVE",
      asset: { contract: punks, identifier: "17" },
    })

    const offerer = devnetUser(devnet, 2)
    const built = await openSea(devnet, "POST", "/api/v2/offers/build", {
      offerer: offerer.address,
      quantity: 1,
      criteria: { collection: { slug: "devnet-punks" } },
      protocol_address: devnet.openSea.seaport,
      offer_protection_enabled: false,
    })
    expect(built.status).toBe(200)
    const [criteria] = built.body.partialParameters.consideration
    expect(criteria).toEqual({
      itemType: 4,
      token: punks,
      identifierOrCriteria: "0",
      startAmount: "1",
      endAmount: "1",
      recipient: offerer.address,
    })
    // The build hands out the signed zone: a criteria offer is a restricted order in it (PARTIAL_RESTRICTED, as opensea-js makes it).
    expect(built.body.partialParameters.zone).toBe(devnet.openSea.signedZone)
    const collectionOffer = await offerOf(
      offerer,
      parseEther("0.09"),
      { ...criteria, identifierOrCriteria: 0n, startAmount: 1n, endAmount: 1n },
      { zone: built.body.partialParameters.zone, orderType: 3 },
    )
    const collectionPosted = await openSea(devnet, "POST", "/api/v2/offers", {
      protocol_data: { parameters: wireParameters(collectionOffer.components), signature: collectionOffer.signature },
      criteria: built.body.criteria,
      protocol_address: devnet.openSea.seaport,
    })
    expect(collectionPosted.status).toBe(200)
    expect(collectionPosted.body.criteria).toMatchObject({ collection: { slug: "devnet-punks" } })

    const best = await openSea(devnet, "GET", "/api/v2/offers/collection/devnet-punks/nfts/17/best")
    expect(best.body.order_hash).toBe(orderHash(collectionOffer.components))
    expect(best.body.price).toEqual({ currency: "WETH", decimals: 18, value: parseEther("0.09").toString() })
  })

  it("an offer the offerer cannot pay (no WETH approved to the conduit): 400", async () => {
    const broke = devnetUser(devnet, 5)
    const components: OrderComponents = {
      offerer: broke.address,
      zone: zeroAddress,
      offer: [
        {
          itemType: ItemType.ERC20,
          token: devnet.contracts.origin.weth,
          identifierOrCriteria: 0n,
          startAmount: 1000n,
          endAmount: 1000n,
        },
      ],
      consideration: [
        {
          itemType: ItemType.ERC721,
          token: devnet.contracts.origin.punks,
          identifierOrCriteria: 17n,
          startAmount: 1n,
          endAmount: 1n,
          recipient: broke.address,
        },
        {
          itemType: ItemType.ERC20,
          token: devnet.contracts.origin.weth,
          identifierOrCriteria: 0n,
          startAmount: 25n,
          endAmount: 25n,
          recipient: creator,
        },
        {
          itemType: ItemType.ERC20,
          token: devnet.contracts.origin.weth,
          identifierOrCriteria: 0n,
          startAmount: 10n,
          endAmount: 10n,
          recipient: OPENSEA_FEE,
        },
      ],
      orderType: 0,
      startTime: 0n,
      endTime: BigInt(Math.floor(Date.now() / 1000) + 3600),
      zoneHash: zeroHash,
      salt: 1n,
      conduitKey: devnet.openSea.conduitKey,
      counter: 0n,
    }
    const posted = await openSea(devnet, "POST", `/api/v2/orders/${chain()}/seaport/offers`, {
      parameters: wireParameters(components),
      signature: await sign(components, broke.account),
      protocol_address: devnet.openSea.seaport,
    })
    expect(posted.status).toBe(400)
    expect(posted.body.errors[0]).toMatch(/holds 0 of 0x[0-9a-fA-F]{40}, less than the offer's 1000$/)
  })
})

describe("cancelling", () => {
  it("off chain, a listing (no signed zone): refused, since nothing would stop its signature; still handed out", async () => {
    const components = await listing(17n, parseEther("0.3"))
    const hash = (await post(components, await sign(components))).body.order_hash as Hex
    const path = `/api/v2/orders/chain/${chain()}/protocol/${devnet.openSea.seaport}/${hash}/cancel`
    expect((await openSea(devnet, "POST", path, {})).status).toBe(400)
    const offererSignature = await seller().account.signTypedData({
      domain: domain(),
      types: orderHashTypes,
      primaryType: "OrderHash",
      message: { orderHash: hash },
    })
    const refused = await openSea(devnet, "POST", path, { offererSignature })
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0]).toMatch(/is not a signed-zone order: an off-chain cancel cannot stop it/)
    expect((await fulfilment(hash, devnetUser(devnet, 5).address)).status).toBe(200)
    expect(
      (await openSea(devnet, "GET", "/api/v2/listings/collection/devnet-punks/nfts/17/best")).body.order_hash,
    ).toBe(hash)
  })

  it("on chain (Seaport.cancel by the offerer): no more fulfilment data once the event is indexed", async () => {
    const listingOf18 = (await openSea(devnet, "GET", "/api/v2/listings/collection/devnet-punks/nfts/18/best")).body
    const maker = devnetUser(devnet, 4)
    const p = listingOf18.protocol_data.parameters
    const components = {
      ...p,
      offer: p.offer.map((i: any) => ({
        ...i,
        identifierOrCriteria: BigInt(i.identifierOrCriteria),
        startAmount: BigInt(i.startAmount),
        endAmount: BigInt(i.endAmount),
      })),
      consideration: p.consideration.map((i: any) => ({
        ...i,
        identifierOrCriteria: BigInt(i.identifierOrCriteria),
        startAmount: BigInt(i.startAmount),
        endAmount: BigInt(i.endAmount),
      })),
      startTime: BigInt(p.startTime),
      endTime: BigInt(p.endTime),
      salt: BigInt(p.salt),
      counter: BigInt(p.counter),
    }
    await send(devnet, maker.account, {
      to: devnet.openSea.seaport,
      data: encodeFunctionData({ abi: seaportAbi, functionName: "cancel", args: [[components]] }),
    })
    await devnet.sync()
    // Asked before any fulfilment request, which would also read the order's status from the contract: the event did it.
    const order = await openSea(
      devnet,
      "GET",
      `/api/v2/orders/chain/${chain()}/protocol/${devnet.openSea.seaport}/${listingOf18.order_hash}`,
    )
    expect(order.body.order.status).toBe("CANCELLED")
    expect((await openSea(devnet, "GET", "/api/v2/listings/collection/devnet-punks/nfts/18/best")).status).toBe(404)
    const answer = await fulfilment(listingOf18.order_hash, devnetUser(devnet, 5).address)
    expect(answer.status).toBe(400)
    expect(answer.body.errors[0]).toMatch(/cancelled/)
  })
})
