/**
 * Issue 29 item 3, trait offers on the devnet's OpenSea and its real Seaport 1.6: a bid with `attributeKey` /
 * `attributeValue` is posted as a trait offer whose criteria root is over exactly the tokens with the trait, and
 * `acceptOffer` sells a token with the trait into it (the proof verified by Seaport on chain) and refuses one
 * without, before any prompt.
 */
import { type Address, createWalletClient, custom, erc20Abi, erc721Abi, http, parseEther } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { devnetPublicClient } from "../../../devnet/chain/deploy.js"
import { punkAttributes } from "../../../devnet/core/catalog.js"
import { type Devnet, devnetUser, startDevnet } from "../../../devnet/index.js"
import { criteriaRoot } from "../../../devnet/opensea/criteria.js"
import { openSea as openSeaApi } from "../../../src/apis/opensea/index.js"
import type { ReservoirClient } from "../../../src/client/ReservoirClient.js"
import { createClient } from "../../../src/client.js"
import type { Step } from "../../../src/schema/Step.js"
import { PROMPTS } from "../devnet/fixture.js"
import { openSea } from "./fixture.js"

let devnet: Devnet
let client: ReservoirClient
let chain: ReturnType<typeof devnetPublicClient>

beforeAll(async () => {
  devnet = await startDevnet()
  chain = devnetPublicClient({ chainId: devnet.originChainId, rpcUrl: devnet.rpcUrls[devnet.originChainId]! })
  const { apiKey, apiBaseUrl, chainNames, seaport, conduitKey, conduit, signedZone } = devnet.openSea
  client = createClient({
    chains: devnet.chains,
    book: openSeaApi({ apiKey, apiBaseUrl, chainNames, seaport, conduitKey, conduit, signedZone }),
  })
})
afterAll(async () => {
  await client?.dispose()
  await devnet?.stop()
})

const user = (n: number) => devnetUser(devnet, n)
const punks = () => devnet.contracts.origin.punks
const punk = (id: bigint) => `${punks()}:${id}`
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
const orderPath = (hash: string) =>
  `/api/v2/orders/chain/${devnet.openSea.chainNames[devnet.originChainId]}/protocol/${devnet.openSea.seaport}/${hash}`

/** The devnet wallet of user `n`; `methods` records every method it is asked. */
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

/** A punk of user `n` (1 to 4) that `keep` accepts. */
const punkOf = async (n: number, keep: (id: bigint) => boolean) => {
  for (let id = 1n; id <= 40n; id++) {
    if (keep(id) && (await ownerOf(id).catch(() => undefined)) === user(n).address) return id
  }
  return undefined
}

describe("OpenSea trait offers on Seaport 1.6", () => {
  it("a trait offer is accepted on a token with the trait and refused on one without it", async () => {
    // The seller: a user holding both an Alien and a Human punk.
    let seller = 0
    let alien: bigint | undefined
    let human: bigint | undefined
    for (const n of [1, 2, 3, 4]) {
      ;[alien, human] = [await punkOf(n, isAlien), await punkOf(n, (id) => !isAlien(id))]
      if (alien !== undefined && human !== undefined) {
        seller = n
        break
      }
    }
    expect(seller, "a user holding an Alien and a Human punk").toBeGreaterThan(0)

    // User 5 (ETH only) bids 0.5 WETH on any Alien: wrapped, approved, signed, posted as a trait offer.
    let steps: Array<Step> = []
    await client.actions.placeBid({
      bids: [
        { collection: punks(), attributeKey: "Type", attributeValue: "Alien", weiPrice: parseEther("0.5").toString() },
      ],
      wallet: walletOf(5),
      onProgress: (s) => {
        steps = s
      },
    })
    const [offerId] = steps.flatMap((step) =>
      (step.items ?? []).flatMap((item) => (item.orderData ?? []).map((order) => order.orderId)),
    )
    const offer = (await openSea(devnet, "GET", orderPath(offerId!))).body.order
    const aliens = Array.from({ length: 40 }, (_, i) => BigInt(i + 1)).filter(isAlien)
    const minted = await Promise.all(
      aliens.map((id) =>
        ownerOf(id).then(
          () => id,
          () => undefined,
        ),
      ),
    )
    expect(offer.criteria.traits).toEqual([{ type: "Type", value: "Alien" }])
    expect(BigInt(offer.protocol_data.parameters.consideration[0].identifierOrCriteria)).toBe(
      criteriaRoot(minted.filter((id) => id !== undefined)),
    )
    // OpenSea's best offer: the trait offer for the Alien, never for the Human.
    const bestFor = async (id: bigint) =>
      (await openSea(devnet, "GET", `/api/v2/offers/collection/devnet-punks/nfts/${id}/best`)).body.order_hash
    expect(await bestFor(alien!)).toBe(offerId)
    expect(await bestFor(human!)).not.toBe(offerId)

    // The Human: refused before any prompt, nothing moves.
    const methods: Array<string> = []
    const nonce = await chain.getTransactionCount({ address: user(seller).address })
    await expect(
      client.actions.acceptOffer({
        items: [{ token: punk(human!), orderId: offerId! }],
        wallet: walletOf(seller, methods),
      }),
    ).rejects.toMatchObject({ _tag: "OrderCheckError", check: "criteria" })
    expect(methods.filter((method) => PROMPTS.has(method))).toEqual([])
    expect(await ownerOf(human!)).toBe(user(seller).address)
    expect(await chain.getTransactionCount({ address: user(seller).address })).toBe(nonce)

    // The Alien: sold into the trait offer on chain, the seller paid 0.5 WETH less the 3.5 % required fees.
    const before = await wethOf(user(seller).address)
    await client.actions.acceptOffer({ items: [{ token: punk(alien!), orderId: offerId! }], wallet: walletOf(seller) })
    expect(await ownerOf(alien!)).toBe(user(5).address)
    expect((await wethOf(user(seller).address)) - before).toBe(parseEther("0.4825"))
    await expect
      .poll(async () => (await openSea(devnet, "GET", orderPath(offerId!))).body.order.status, { timeout: 5_000 })
      .toBe("FULFILLED")
  })

  it("offers/build with a trait answers the criteria root over exactly the tokens with it", async () => {
    const built = await openSea(devnet, "POST", "/api/v2/offers/build", {
      offerer: user(5).address,
      quantity: 1,
      criteria: { collection: { slug: "devnet-punks" }, trait: { type: "Background", value: "Red" } },
      protocol_address: devnet.openSea.seaport,
      offer_protection_enabled: true,
    })
    expect(built.status).toBe(200)
    const reds = built.body.encodedTokenIds.split(",").map(BigInt) as Array<bigint>
    expect(reds.length).toBeGreaterThan(0)
    expect(reds.every((id) => punkAttributes(id).some((a) => a.key === "Background" && a.value === "Red"))).toBe(true)
    expect(BigInt(built.body.partialParameters.consideration[0].identifierOrCriteria)).toBe(criteriaRoot(reds))
  })
})
