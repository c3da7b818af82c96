/**
 * Trait offers as OpenSea builds them today on its "supported collections": `offers/build` answers criteria root 0
 * (any token on chain) and OpenSea's signed zone holds each fill to the trait. tradekit signs such an offer only as a
 * restricted signed-zone order naming the trait, says so in the signature step, sells into it only a token with the
 * trait, and the zone authorises no other — on the devnet's real Seaport 1.6.
 */
import { type Address, createWalletClient, custom, erc20Abi, erc721Abi, http, parseEther } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { devnetPublicClient } from "../../../devnet/chain/deploy.js"
import { punkAttributes } from "../../../devnet/core/catalog.js"
import { type Devnet, devnetUser, startDevnet } from "../../../devnet/index.js"
import { openSea as openSeaBook } from "../../../src/apis/opensea/index.js"
import type { ReservoirClient } from "../../../src/client/ReservoirClient.js"
import { createClient } from "../../../src/client.js"
import type { Step } from "../../../src/schema/Step.js"
import { PROMPTS } from "../devnet/fixture.js"
import { openSea } from "./fixture.js"

let devnet: Devnet
let client: ReservoirClient
let chain: ReturnType<typeof devnetPublicClient>

beforeAll(async () => {
  devnet = await startDevnet({ openSeaSupportedCollections: ["devnet-punks"] })
  chain = devnetPublicClient({ chainId: devnet.originChainId, rpcUrl: devnet.rpcUrls[devnet.originChainId]! })
  client = createClient({ chains: devnet.chains, book: openSeaBook(devnet.openSea) })
})
afterAll(async () => {
  await client?.dispose()
  await devnet?.stop()
})

const user = (n: number) => devnetUser(devnet, n)
const punks = () => devnet.contracts.origin.punks
const ownerOf = (id: bigint) =>
  chain.readContract({ address: punks(), abi: erc721Abi, functionName: "ownerOf", args: [id] })
const wethOf = (address: Address) =>
  chain.readContract({
    address: devnet.contracts.origin.weth,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [address],
  })
const isAlien = (id: bigint) => punkAttributes(id).some((a) => a.key === "Type" && a.value === "Alien")
const walletOf = (n: number, methods?: Array<string>) => {
  const rpc = http(devnet.rpcUrls[devnet.originChainId])({ chain: devnet.chains[0]!.viemChain! })
  return createWalletClient({
    account: user(n).account,
    chain: devnet.chains[0]!.viemChain!,
    transport: custom({
      request: (args: { method: string; params?: unknown }) => (methods?.push(args.method), rpc.request(args as never)),
    }),
  })
}
/** A user (1 to 4) holding a punk that `one` accepts and another that `other` accepts, with the two punks. */
const sellerOf = async (one: (id: bigint) => boolean, other: (id: bigint) => boolean) => {
  for (const n of [1, 2, 3, 4]) {
    const [a, b] = [await punkOf(n, one), await punkOf(n, other)]
    if (a !== undefined && b !== undefined) return { seller: n, a, b }
  }
  return { seller: 0, a: undefined, b: undefined }
}
/** A punk of user `n` that `keep` accepts. */
const punkOf = async (n: number, keep: (id: bigint) => boolean) => {
  for (let id = 1n; id <= 40n; id++)
    if (keep(id) && (await ownerOf(id).catch(() => undefined)) === user(n).address) return id
  return undefined
}

/**
 * `seller` accepting offer `offerId` with punk `id`: tradekit refuses it before any prompt, and OpenSea's zone would
 * not authorise it either (its fulfilment data answers 400).
 */
const expectRefusedByBoth = async (seller: number, id: bigint, offerId: string) => {
  const methods: Array<string> = []
  await expect(
    client.actions.acceptOffer({
      items: [{ token: `${punks()}:${id}`, orderId: offerId }],
      wallet: walletOf(seller, methods),
    }),
  ).rejects.toMatchObject({ _tag: "OrderCheckError", check: "criteria" })
  expect(methods.filter((method) => PROMPTS.has(method))).toEqual([])
  const zone = await openSea(devnet, "POST", "/api/v2/offers/fulfillment_data", {
    offer: { hash: offerId, chain: "devnet", protocol_address: devnet.openSea.seaport },
    fulfiller: { address: user(seller).address },
    consideration: { asset_contract_address: punks(), token_id: id.toString() },
  })
  expect(zone.status).toBe(400)
}

describe("trait offers enforced by OpenSea's zone (root 0)", () => {
  it("offers/build answers root 0 and echoes the trait in `traits`", async () => {
    const built = await openSea(devnet, "POST", "/api/v2/offers/build", {
      offerer: user(5).address,
      quantity: 1,
      criteria: { collection: { slug: "devnet-punks" }, traits: [{ type: "Type", value: "Alien" }] },
      protocol_address: devnet.openSea.seaport,
      offer_protection_enabled: true,
    })
    expect(built.status).toBe(200)
    expect(built.body.partialParameters.consideration[0].identifierOrCriteria).toBe("0")
    expect(built.body.criteria.traits).toEqual([{ type: "Type", value: "Alien" }])
  })

  it("a root-0 trait offer is made, said to be the zone's, and filled only with a token that has the trait", async () => {
    const { seller, a: alien, b: human } = await sellerOf(isAlien, (id) => !isAlien(id))
    expect(seller, "a user holding an Alien and a Human punk").toBeGreaterThan(0)

    const progress: Array<ReadonlyArray<Step>> = []
    await client.actions.placeBid({
      bids: [
        { collection: punks(), attributeKey: "Type", attributeValue: "Alien", weiPrice: parseEther("0.5").toString() },
      ],
      wallet: walletOf(5),
      onProgress: (steps) => progress.push(steps),
    })
    const signature = progress.at(-1)?.find((step) => step.id === "order-signature")
    expect(signature?.description).toContain("OpenSea's signed zone enforces the trait (Type: Alien)")
    const offerId = signature?.items?.[0]?.orderData?.[0]?.orderId
    const path = `/api/v2/orders/chain/devnet/protocol/${devnet.openSea.seaport}/${offerId}`
    const offer = (await openSea(devnet, "GET", path)).body.order
    expect(offer.protocol_data.parameters.consideration[0].identifierOrCriteria).toBe("0")
    expect(offer.criteria.traits).toEqual([{ type: "Type", value: "Alien" }])
    expect([2, 3]).toContain(offer.protocol_data.parameters.orderType)

    // The Human: tradekit refuses it before any prompt; OpenSea's zone would not authorise it either.
    await expectRefusedByBoth(seller, human!, offerId!)

    // The Alien: sold on chain, the seller paid 0.5 WETH less the 3.5 % required fees.
    const before = await wethOf(user(seller).address)
    await client.actions.acceptOffer({
      items: [{ token: `${punks()}:${alien}`, orderId: offerId! }],
      wallet: walletOf(seller),
    })
    expect(await ownerOf(alien!)).toBe(user(5).address)
    expect((await wethOf(user(seller).address)) - before).toBe(parseEther("0.4825"))
  })

  it("a numeric-trait offer (Level 3–4) is built with root 0, echoed, and filled only with a token in the range", async () => {
    // Devnet Punks' Level on OpenSea is id % 10 + 1: a user holding one of Level 3–4 and one outside the range.
    const level = (id: bigint) => Number(id % 10n) + 1
    const {
      seller,
      a: inRange,
      b: outside,
    } = await sellerOf(
      (id) => level(id) >= 3 && level(id) <= 4,
      (id) => level(id) > 4,
    )
    expect(seller, "a user holding a punk of Level 3–4 and one above").toBeGreaterThan(0)
    const progress: Array<ReadonlyArray<Step>> = []
    await client.actions.placeBid({
      bids: [
        {
          collection: punks(),
          numericTraits: [{ type: "Level", min: 3, max: 4 }],
          weiPrice: parseEther("0.2").toString(),
        },
      ],
      wallet: walletOf(5),
      onProgress: (steps) => progress.push(steps),
    })
    const signature = progress.at(-1)?.find((step) => step.id === "order-signature")
    expect(signature?.description).toContain("OpenSea's signed zone enforces the trait (Level 3–4)")
    const offerId = signature?.items?.[0]?.orderData?.[0]?.orderId
    const path = `/api/v2/orders/chain/devnet/protocol/${devnet.openSea.seaport}/${offerId}`
    const offer = (await openSea(devnet, "GET", path)).body.order
    expect(offer.protocol_data.parameters.consideration[0].identifierOrCriteria).toBe("0")
    expect(offer.criteria.numeric_traits).toEqual([{ type: "Level", min: 3, max: 4 }])

    // Above the range: refused before any prompt; OpenSea's zone would not authorise it either.
    await expectRefusedByBoth(seller, outside!, offerId!)

    // In the range: sold on chain.
    await client.actions.acceptOffer({
      items: [{ token: `${punks()}:${inRange}`, orderId: offerId! }],
      wallet: walletOf(seller),
    })
    expect(await ownerOf(inRange!)).toBe(user(5).address)
  })
})
