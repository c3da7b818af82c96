/**
 * The devnet's OpenSea held to OpenSea's own client: orders made and signed by @opensea/seaport-js (compact EIP-2098
 * signatures, bulk-order signatures) are taken and filled; off-chain cancels signed compactly stop the signed zone;
 * every rule OpenSea enforces (fees, zero amounts, expiry, the signed zone and restricted order types, signatures)
 * is refused in OpenSea's error shape; and the signed zone on chain refuses a fill without the devnet's fresh extraData.
 */
import { ItemType, Seaport } from "@opensea/seaport-js"
import type { CreateOrderInput, OrderComponents, OrderWithCounter } from "@opensea/seaport-js/lib/types.js"
import { ethers } from "ethers"
import { type Address, createWalletClient, erc721Abi, type Hex, http, parseEther, zeroAddress, zeroHash } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signedZoneAbi } from "../../../devnet/artifacts/index.js"
import { devnetPublicClient } from "../../../devnet/chain/deploy.js"
import { type Devnet, devnetUser, startDevnet } from "../../../devnet/index.js"
import { openSea as openSeaBook } from "../../../src/apis/opensea/index.js"
import { createClient } from "../../../src/client.js"
import { type Answer, fulfillmentCall, openSea, send } from "./fixture.js"

/** OpenSea's own fee: 1 % to this address, required in every collection. */
const OPENSEA_FEE = "0x0000a26b00c1F0DF003000390027140000fAa719"
const DAY = 86_400

let devnet: Devnet
let client: ReturnType<typeof devnetPublicClient>
let provider: ethers.JsonRpcProvider
let creator: Address
let punks: Address
let weth: Address

beforeAll(async () => {
  devnet = await startDevnet()
  const rpcUrl = devnet.rpcUrls[devnet.originChainId]!
  client = devnetPublicClient({ chainId: devnet.originChainId, rpcUrl })
  provider = new ethers.JsonRpcProvider(rpcUrl, ethers.Network.from(devnet.originChainId), {
    staticNetwork: true,
    pollingInterval: 50,
  })
  creator = (await openSea(devnet, "GET", "/api/v2/collections/devnet-punks")).body.fees[0].recipient
  punks = devnet.contracts.origin.punks
  weth = devnet.contracts.origin.weth
})
afterAll(async () => {
  provider?.destroy()
  await devnet?.stop()
})

const chain = () => devnet.openSea.chainNames[devnet.originChainId]!
const chainNow = async () => Number((await client.getBlock()).timestamp)

/** seaport-js for devnet user `n`, as OpenSea's SDK sets it up: Seaport 1.6 and the conduit by key. */
function seaportOf(n: number): { seaport: Seaport; wallet: ethers.Wallet; address: Address } {
  const user = devnetUser(devnet, n)
  const wallet = new ethers.Wallet(user.privateKey, provider)
  // seaport-js is CommonJS and types its signer with ethers' CommonJS build; this test imports ethers' ESM build: the
  // same classes at run time (seaport-js only duck-types the signer), two declarations to TypeScript.
  const seaport = new Seaport(wallet as unknown as ConstructorParameters<typeof Seaport>[0], {
    overrides: { contractAddress: devnet.openSea.seaport, defaultConduitKey: devnet.openSea.conduitKey },
    conduitKeyToConduit: { [devnet.openSea.conduitKey]: devnet.openSea.conduit },
  })
  return { seaport, wallet, address: user.address }
}

/** Makes and signs an order with seaport-js (approvals, if any, sent by seaport-js too). */
async function make(n: number, input: CreateOrderInput): Promise<OrderWithCounter> {
  const { seaport, address } = seaportOf(n)
  const { executeAllActions } = await seaport.createOrder(input, address)
  return executeAllActions()
}

/** A listing input: Devnet Punk `tokenId` for `price` ETH, the fees taken out of the price by seaport-js. */
async function listingInput(
  owner: Address,
  tokenId: bigint,
  price: bigint,
  overrides: Partial<CreateOrderInput> = {},
): Promise<CreateOrderInput> {
  const now = await chainNow()
  return {
    conduitKey: devnet.openSea.conduitKey,
    offer: [{ itemType: ItemType.ERC721, token: punks, identifier: tokenId.toString() }],
    consideration: [{ amount: price.toString(), recipient: owner }],
    fees: [
      { recipient: creator, basisPoints: 250 },
      { recipient: OPENSEA_FEE, basisPoints: 100 },
    ],
    startTime: String(now - 60),
    endTime: String(now + 30 * DAY),
    ...overrides,
  }
}

/** An item offer input as opensea-js makes it: WETH for a token, the fees on top, in the signed zone, PARTIAL_RESTRICTED. */
async function offerInput(
  offerer: Address,
  tokenId: bigint,
  price: bigint,
  overrides: Partial<CreateOrderInput> = {},
): Promise<CreateOrderInput> {
  const now = await chainNow()
  return {
    conduitKey: devnet.openSea.conduitKey,
    zone: devnet.openSea.signedZone,
    restrictedByZone: true,
    allowPartialFills: true,
    offer: [{ token: weth, amount: price.toString() }],
    consideration: [
      { itemType: ItemType.ERC721, token: punks, identifier: tokenId.toString(), recipient: offerer },
      { token: weth, amount: ((price * 250n) / 10_000n).toString(), recipient: creator },
      { token: weth, amount: (price / 100n).toString(), recipient: OPENSEA_FEE },
    ],
    startTime: String(now - 60),
    endTime: String(now + 30 * DAY),
    ...overrides,
  }
}

/** The post body OpenSea's SDK sends: seaport-js's components with the item count, the signature as made. */
const postBody = (order: OrderWithCounter) => ({
  parameters: { ...order.parameters, totalOriginalConsiderationItems: order.parameters.consideration.length },
  signature: order.signature,
  protocol_address: devnet.openSea.seaport,
})

const post = (side: "listings" | "offers", order: OrderWithCounter) =>
  openSea(devnet, "POST", `/api/v2/orders/${chain()}/seaport/${side}`, postBody(order))

const fulfilment = (side: "listing" | "offer", hash: string, fulfiller: Address, tokenId?: bigint): Promise<Answer> =>
  openSea(devnet, "POST", `/api/v2/${side}s/fulfillment_data`, {
    [side]: { hash, chain: chain(), protocol_address: devnet.openSea.seaport },
    fulfiller: { address: fulfiller },
    ...(tokenId === undefined
      ? {}
      : { consideration: { asset_contract_address: punks, token_id: tokenId.toString() } }),
  })

/** Re-signs changed components with seaport-js's own signOrder (a compact signature), as a client that built them would. */
async function resigned(n: number, parameters: OrderComponents): Promise<OrderWithCounter> {
  return { parameters, signature: await seaportOf(n).seaport.signOrder(parameters) }
}

const ownerOf = (tokenId: bigint) =>
  client.readContract({ address: punks, abi: erc721Abi, functionName: "ownerOf", args: [tokenId] })

describe("orders made by seaport-js", () => {
  it("a listing with a compact signature is taken, served without its signature, and filled from the fulfilment answer", async () => {
    const seller = devnetUser(devnet, 3)
    const order = await make(3, await listingInput(seller.address, 16n, parseEther("0.3")))
    expect(order.signature.length).toBe(2 + 2 * 64)
    const posted = await post("listings", order)
    expect(posted.status).toBe(200)
    expect(posted.body.protocol_data.signature).toBeNull()
    const hash = posted.body.order_hash as Hex
    expect(hash).toBe(seaportOf(3).seaport.getOrderHash(order.parameters))

    const best = await openSea(devnet, "GET", "/api/v2/listings/collection/devnet-punks/nfts/16/best")
    expect(best.body.order_hash).toBe(hash)
    expect(best.body.protocol_data.signature).toBeNull()
    const byHash = await openSea(
      devnet,
      "GET",
      `/api/v2/orders/chain/${chain()}/protocol/${devnet.openSea.seaport}/${hash}`,
    )
    expect(byHash.body.order.protocol_data.signature).toBeNull()

    const buyer = devnetUser(devnet, 5)
    const first = await fulfilment("listing", hash, buyer.address)
    const second = await fulfilment("listing", hash, buyer.address)
    expect(first.status).toBe(200)
    expect(first.body.fulfillment_data.orders[0].signature).toBe(order.signature)
    // The fulfiller conduit key alternates per order: OpenSea's conduit on the first answer, Seaport itself on the next.
    const parameters = (answer: Answer) => answer.body.fulfillment_data.transaction.input_data.parameters
    expect(parameters(first).fulfillerConduitKey).toBe(devnet.openSea.conduitKey)
    expect(parameters(second).fulfillerConduitKey).toBe(zeroHash)
    for (const key of ["considerationAmount", "offerIdentifier", "startTime", "endTime", "salt", "basicOrderType"]) {
      expect(typeof parameters(first)[key], key).toBe("string")
    }
    await send(devnet, buyer.account, fulfillmentCall(second.body.fulfillment_data.transaction))
    expect(await ownerOf(16n)).toBe(buyer.address)
  })

  it("a bulk listing (one BulkOrder signature, an index and a proof per order): every order is taken and fillable", async () => {
    const seller = devnetUser(devnet, 4)
    const { seaport } = seaportOf(4)
    const inputs = await Promise.all(
      [20n, 21n, 22n].map((id) => listingInput(seller.address, id, parseEther("0.01") * id)),
    )
    const { executeAllActions } = await seaport.createBulkOrders(inputs, seller.address)
    const orders = await executeAllActions()
    // Three orders: a tree of height 2, so 64 + 3 + 2 × 32 bytes.
    for (const order of orders) expect((order.signature.length - 2) / 2).toBe(64 + 3 + 64)
    const hashes: Hex[] = []
    for (const order of orders) {
      const posted = await post("listings", order)
      expect(posted.status, JSON.stringify(posted.body)).toBe(200)
      hashes.push(posted.body.order_hash)
    }
    const buyer = devnetUser(devnet, 5)
    const answer = await fulfilment("listing", hashes[1]!, buyer.address)
    await send(devnet, buyer.account, fulfillmentCall(answer.body.fulfillment_data.transaction))
    expect(await ownerOf(21n)).toBe(buyer.address)
  })

  it("a bulk signature with a wrong proof is refused: the root it leads to was not signed", async () => {
    const seller = devnetUser(devnet, 3)
    const { seaport } = seaportOf(3)
    const inputs = await Promise.all([15n, 17n].map((id) => listingInput(seller.address, id, parseEther("0.2"))))
    const orders = await (await seaport.createBulkOrders(inputs, seller.address)).executeAllActions()
    const flipped = `${orders[0]!.signature.slice(0, -2)}${orders[0]!.signature.endsWith("00") ? "01" : "00"}`
    const posted = await post("listings", { ...orders[0]!, signature: flipped })
    expect(posted.status).toBe(400)
    expect(posted.body.errors[0]).toMatch(/^Invalid signature of Seaport 1\.6's OrderComponents: not signed by/)
  })
})

describe("the signed zone", () => {
  it("an offer from seaport-js in the signed zone: each fulfilment answer carries extraData the zone signed for the fulfiller", async () => {
    const offerer = devnetUser(devnet, 1)
    const order = await make(1, await offerInput(offerer.address, 13n, parseEther("0.05")))
    expect(order.parameters.orderType).toBe(3)
    const posted = await post("offers", order)
    expect(posted.status, JSON.stringify(posted.body)).toBe(200)
    const seller = devnetUser(devnet, 3)
    const answer = await fulfilment("offer", posted.body.order_hash, seller.address, 13n)
    expect(answer.status).toBe(200)
    const { transaction } = answer.body.fulfillment_data
    expect(transaction.function).toMatch(/^matchAdvancedOrders\(/)
    const extraData = transaction.input_data.orders[0].extraData as Hex
    // 0x00 | fulfiller | expiration | 64-byte signature | context (substandard 0).
    expect(extraData.slice(0, 4)).toBe("0x00")
    expect(`0x${extraData.slice(4, 44)}`.toLowerCase()).toBe(seller.address.toLowerCase())
    expect(Number.parseInt(extraData.slice(44, 60), 16)).toBeGreaterThan(await chainNow())
    expect((extraData.length - 2) / 2).toBe(1 + 20 + 8 + 64 + 1)
    expect(typeof transaction.input_data.orders[0].numerator).toBe("string")
    await send(devnet, seller.account, fulfillmentCall(transaction))
    expect(await ownerOf(13n)).toBe(offerer.address)
  })

  it("on chain, the zone refuses a fill without valid extraData and takes the one the devnet signed", async () => {
    const offerer = devnetUser(devnet, 2)
    const order = await make(2, await offerInput(offerer.address, 17n, parseEther("0.06")))
    const hash = (await post("offers", order)).body.order_hash as Hex
    const seller = devnetUser(devnet, 3)
    const answer = await fulfilment("offer", hash, seller.address, 17n)
    const transaction = answer.body.fulfillment_data.transaction
    const withExtraData = (extraData: Hex) => {
      const orders = transaction.input_data.orders.map((o: any, i: number) => (i === 0 ? { ...o, extraData } : o))
      return fulfillmentCall({ ...transaction, input_data: { ...transaction.input_data, orders } })
    }
    const simulate = (call: ReturnType<typeof fulfillmentCall>) =>
      client.call({ account: seller.address, to: call.to, data: call.data, value: call.value }).then(
        () => "accepted",
        (error: Error) => error.message,
      )
    const good = transaction.input_data.orders[0].extraData as Hex
    expect(await simulate(withExtraData("0x"))).toMatch(/InvalidExtraData|revert/i)
    // Validly signed, but for another fulfiller: the zone compares the fulfiller it names with the caller.
    const forOther = await fulfilment("offer", hash, devnetUser(devnet, 5).address, 17n)
    // The second answer for an order: no conduit (the mirror order's key is zero), `value` a JSON number.
    expect([transaction.value, forOther.body.fulfillment_data.transaction.value]).toEqual(["0", 0])
    expect(forOther.body.fulfillment_data.transaction.input_data.orders[1].parameters.conduitKey).toBe(zeroHash)
    expect(
      await simulate(withExtraData(forOther.body.fulfillment_data.transaction.input_data.orders[0].extraData)),
    ).not.toBe("accepted")
    // One bit of the signature changed: recovered to another signer.
    const tampered = `${good.slice(0, 70)}${good[70] === "0" ? "1" : "0"}${good.slice(71)}` as Hex
    expect(await simulate(withExtraData(tampered))).not.toBe("accepted")
    expect(await simulate(withExtraData(good))).toBe("accepted")
    await send(devnet, seller.account, withExtraData(good))
    expect(await ownerOf(17n)).toBe(offerer.address)
  })

  it("a collection offer's extraData names the token sold (substandard 1): selling another token with it reverts", async () => {
    const offerer = devnetUser(devnet, 2)
    const made = await make(2, await offerInput(offerer.address, 14n, parseEther("0.02")))
    const parameters = { ...made.parameters, consideration: [...made.parameters.consideration] }
    parameters.consideration[0] = {
      ...parameters.consideration[0]!,
      itemType: ItemType.ERC721_WITH_CRITERIA,
      identifierOrCriteria: "0",
    }
    const signed = await resigned(2, parameters)
    const posted = await openSea(devnet, "POST", "/api/v2/offers", {
      protocol_data: { parameters: postBody(signed).parameters, signature: signed.signature },
      criteria: { collection: { slug: "devnet-punks" } },
      protocol_address: devnet.openSea.seaport,
    })
    expect(posted.status, JSON.stringify(posted.body)).toBe(200)
    const seller = devnetUser(devnet, 3)
    const transaction = (await fulfilment("offer", posted.body.order_hash, seller.address, 14n)).body.fulfillment_data
      .transaction
    const extraData = transaction.input_data.orders[0].extraData as Hex
    expect(extraData.slice(-66)).toBe(`01${14n.toString(16).padStart(64, "0")}`)
    const selling = (tokenId: bigint) => {
      const [offer, mirror] = transaction.input_data.orders
      const mirrorOffer = [{ ...mirror.parameters.offer[0], identifierOrCriteria: tokenId.toString() }]
      return fulfillmentCall({
        ...transaction,
        input_data: {
          ...transaction.input_data,
          orders: [offer, { ...mirror, parameters: { ...mirror.parameters, offer: mirrorOffer } }],
          criteriaResolvers: [{ ...transaction.input_data.criteriaResolvers[0], identifier: tokenId.toString() }],
        },
      })
    }
    const simulate = (call: ReturnType<typeof fulfillmentCall>) =>
      client.call({ account: seller.address, to: call.to, data: call.data, value: call.value }).then(
        () => "accepted",
        (error: Error) => error.message,
      )
    expect(await simulate(selling(15n))).not.toBe("accepted")
    expect(await simulate(selling(14n))).toBe("accepted")
  })

  it("the zone is the devnet's SIP-7 zone and trusts only its signer", async () => {
    const signer = await client.readContract({
      address: devnet.openSea.signedZone,
      abi: signedZoneAbi,
      functionName: "signer",
    })
    expect(signer).not.toBe(zeroAddress)
    const [name, schemas] = await client.readContract({
      address: devnet.openSea.signedZone,
      abi: signedZoneAbi,
      functionName: "getSeaportMetadata",
    })
    expect(name).toBe("SignedZone")
    expect(schemas.map((s) => s.id)).toEqual([7n])
  })
})

describe("off-chain cancels (OrderHash { orderHash } in Seaport's domain)", () => {
  const cancelPath = (hash: string) =>
    `/api/v2/orders/chain/${chain()}/protocol/${devnet.openSea.seaport}/${hash}/cancel`
  const signCancel = async (n: number, hash: string, compact: boolean) => {
    const { wallet } = seaportOf(n)
    const domain = {
      name: "Seaport",
      version: "1.6",
      chainId: devnet.originChainId,
      verifyingContract: devnet.openSea.seaport,
    }
    const signature = await wallet.signTypedData(
      domain,
      { OrderHash: [{ name: "orderHash", type: "bytes32" }] },
      { orderHash: hash },
    )
    return compact ? ethers.Signature.from(signature).compactSerialized : signature
  }

  it("a signed-zone offer, cancelled with a compact signature: the zone signs no more fills for it", async () => {
    const offerer = devnetUser(devnet, 1)
    const order = await make(1, await offerInput(offerer.address, 14n, parseEther("0.04")))
    const hash = (await post("offers", order)).body.order_hash as string
    expect((await fulfilment("offer", hash, devnetUser(devnet, 3).address, 14n)).status).toBe(200)
    const byOther = await openSea(devnet, "POST", cancelPath(hash), {
      offererSignature: await signCancel(2, hash, true),
    })
    expect(byOther.status).toBe(400)
    expect(byOther.body.errors[0]).toMatch(/is not 0x[0-9a-fA-F]{40}'s signature of OrderHash/)
    const cancelled = await openSea(devnet, "POST", cancelPath(hash), {
      offererSignature: await signCancel(1, hash, true),
    })
    expect(cancelled.status).toBe(200)
    const after = await fulfilment("offer", hash, devnetUser(devnet, 3).address, 14n)
    expect(after.status).toBe(400)
    expect(after.body).toEqual({ errors: [`The order ${hash} is cancelled`] })
  })

  it("a listing (no signed zone) is not cancelled off chain: refused, and still handed out", async () => {
    const seller = devnetUser(devnet, 3)
    const order = await make(3, await listingInput(seller.address, 15n, parseEther("0.5")))
    const hash = (await post("listings", order)).body.order_hash as string
    const refused = await openSea(devnet, "POST", cancelPath(hash), {
      offererSignature: await signCancel(3, hash, false),
    })
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0]).toMatch(/is not a signed-zone order: an off-chain cancel cannot stop it/)
    expect((await fulfilment("listing", hash, devnetUser(devnet, 5).address)).status).toBe(200)
  })
})

describe("OpenSea's refusals, in its error shape", () => {
  const refusal = async (answer: Answer, pattern: RegExp) => {
    expect(answer.status).toBe(400)
    expect(Object.keys(answer.body)).toEqual(["errors"])
    expect(answer.body.errors[0]).toMatch(pattern)
  }

  it("a zero amount", async () => {
    const seller = devnetUser(devnet, 3)
    const order = await make(3, await listingInput(seller.address, 15n, parseEther("0.5")))
    const parameters = { ...order.parameters, consideration: [...order.parameters.consideration] }
    parameters.consideration[0] = { ...parameters.consideration[0]!, startAmount: "0" }
    await refusal(await post("listings", await resigned(3, parameters)), /^consideration\[0\] has a zero amount/)
  })

  it("an expiry 7 months ahead (OpenSea takes at most 6)", async () => {
    const seller = devnetUser(devnet, 3)
    const now = await chainNow()
    const order = await make(
      3,
      await listingInput(seller.address, 15n, parseEther("0.5"), { endTime: String(now + 213 * DAY) }),
    )
    await refusal(await post("listings", order), /^The order's endTime \d+ is more than 6 months ahead/)
    const inBounds = await make(
      3,
      await listingInput(seller.address, 15n, parseEther("0.5"), { endTime: String(now + 175 * DAY) }),
    )
    expect((await post("listings", inBounds)).status).toBe(200)
  })

  it("OpenSea's 1 % fee missing, or short", async () => {
    const seller = devnetUser(devnet, 3)
    const missing = await make(
      3,
      await listingInput(seller.address, 15n, parseEther("0.5"), { fees: [{ recipient: creator, basisPoints: 250 }] }),
    )
    await refusal(
      await post("listings", missing),
      /^Expecting 100 basis points fee to 0x0000a26b00c1F0DF003000390027140000fAa719 .*found 0 basis points$/,
    )
    const short = await make(
      3,
      await listingInput(seller.address, 15n, parseEther("0.5"), {
        fees: [
          { recipient: creator, basisPoints: 250 },
          { recipient: OPENSEA_FEE, basisPoints: 50 },
        ],
      }),
    )
    await refusal(await post("listings", short), /^Expecting 100 basis points fee to .*found 50 basis points$/)
  })

  it("an OPEN order in the signed zone", async () => {
    const offerer = devnetUser(devnet, 1)
    const order = await make(
      1,
      await offerInput(offerer.address, 16n, parseEther("0.01"), { restrictedByZone: false, allowPartialFills: false }),
    )
    expect(order.parameters.orderType).toBe(0)
    await refusal(await post("offers", order), /^An order in the signed zone 0x[0-9a-fA-F]{40} must be restricted/)
  })

  it("a collection offer outside the signed zone", async () => {
    const offerer = devnetUser(devnet, 1)
    const order = await make(
      1,
      await offerInput(offerer.address, 16n, parseEther("0.01"), { zone: zeroAddress, restrictedByZone: false }),
    )
    const parameters = { ...order.parameters, consideration: [...order.parameters.consideration] }
    parameters.consideration[0] = {
      ...parameters.consideration[0]!,
      itemType: ItemType.ERC721_WITH_CRITERIA,
      identifierOrCriteria: "0",
    }
    const signed = await resigned(1, parameters)
    const posted = await openSea(devnet, "POST", "/api/v2/offers", {
      protocol_data: { parameters: postBody(signed).parameters, signature: signed.signature },
      criteria: { collection: { slug: "devnet-punks" } },
      protocol_address: devnet.openSea.seaport,
    })
    await refusal(posted, /^A criteria \(collection or trait\) offer must be a signed-zone order/)
  })

  it("bad signatures: another signer's, a corrupted one, a length Seaport does not take", async () => {
    const seller = devnetUser(devnet, 3)
    const order = await make(3, await listingInput(seller.address, 15n, parseEther("0.5")))
    const byOther = await seaportOf(4).seaport.signOrder(order.parameters)
    await refusal(
      await post("listings", { ...order, signature: byOther }),
      /^Invalid signature of Seaport 1\.6's OrderComponents: not signed by/,
    )
    const corrupted = `${order.signature.slice(0, 10)}${order.signature[10] === "a" ? "b" : "a"}${order.signature.slice(11)}`
    await refusal(await post("listings", { ...order, signature: corrupted }), /^Invalid signature/)
    await refusal(
      await post("listings", { ...order, signature: `${order.signature}00` }),
      /v must be 27 or 28 \(Seaport's ecrecover\), got 0$/,
    )
    await refusal(
      await post("listings", { ...order, signature: `${order.signature}0000` }),
      /^Invalid signature of Seaport 1\.6's OrderComponents: a signature must be/,
    )
  })
})

describe("the get-NFT route", () => {
  it("answers the spec's shape, traits included, and 404 for a token that does not exist", async () => {
    const answer = await openSea(devnet, "GET", `/api/v2/chain/${chain()}/contract/${punks}/nfts/5`)
    expect(answer.status).toBe(200)
    expect(answer.body.nft).toMatchObject({
      identifier: "5",
      collection: "devnet-punks",
      contract: punks,
      token_standard: "erc721",
      traits: [
        { trait_type: "Background", value: "Green", display_type: null, max_value: null },
        { trait_type: "Type", value: "Alien", display_type: null, max_value: null },
        // A numeric trait, as OpenSea shows one: a number, with its display type and maximum.
        { trait_type: "Level", value: 6, display_type: "number", max_value: 10 },
      ],
      owners: [{ address: devnetUser(devnet, 1).address, quantity: 1 }],
    })
    const missing = await openSea(devnet, "GET", `/api/v2/chain/${chain()}/contract/${punks}/nfts/999`)
    expect(missing.status).toBe(404)
    expect(missing.body.errors[0]).toMatch(/not found/)
  })
})

// Last, as it spends a user's ETH: what OpenSea's own client signed, tradekit buys.
describe("tradekit on an order of seaport-js", () => {
  it("a listing made and signed by seaport-js (compact signature) is bought by tradekit on OpenSea, checked and filled", async () => {
    const seller = devnetUser(devnet, 3)
    const price = parseEther("0.25")
    let tokenId = 1n
    while ((await ownerOf(tokenId)) !== seller.address) tokenId++
    const order = await make(3, await listingInput(seller.address, tokenId, price))
    expect(order.signature.length).toBe(2 + 2 * 64)
    const posted = await post("listings", order)
    expect(posted.status).toBe(200)
    const buyer = devnetUser(devnet, 4)
    const wallet = createWalletClient({
      account: buyer.account,
      chain: devnet.chains[0]!.viemChain!,
      transport: http(devnet.rpcUrls[devnet.originChainId]),
    })
    const { apiKey, apiBaseUrl, chainNames, seaport, conduitKey, conduit, signedZone } = devnet.openSea
    const tradekit = createClient({
      chains: devnet.chains.map((configured) => ({ ...configured, baseApiUrl: "" })),
      book: openSeaBook({ apiKey, apiBaseUrl, chainNames, seaport, conduitKey, conduit, signedZone }),
    })
    const balance = await client.getBalance({ address: buyer.address })
    let paid: unknown
    await tradekit.actions.buyToken({
      items: [{ orderId: posted.body.order_hash }],
      expectedPrice: { [zeroAddress]: { raw: price } },
      wallet,
      onProgress: (_steps, path) => {
        paid = path?.[0]?.rawQuote
      },
    })
    expect(await ownerOf(tokenId)).toBe(buyer.address)
    expect(paid).toBe(price.toString())
    // The buyer paid the listing's price and gas, nothing more.
    expect(balance - (await client.getBalance({ address: buyer.address })) - price < parseEther("0.01")).toBe(true)
    await tradekit.dispose()
  })
})
