/**
 * Issue 29, "many listings, one signature", on the devnet's OpenSea and its real Seaport 1.6: listToken with three
 * tokens asks the wallet once (a Seaport bulk order), OpenSea takes each order with its own proof, and another
 * client fills each of them on chain with OpenSea's fulfilment data — Seaport itself verifies every proof.
 */
import { createWalletClient, erc721Abi, http, parseEther } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { devnetPublicClient } from "../../../devnet/chain/deploy.js"
import { type Devnet, devnetUser, startDevnet } from "../../../devnet/index.js"
import { openSea as openSeaApi } from "../../../src/apis/opensea/index.js"
import { createClientWithLayer } from "../../../src/client/createClientWithLayer.js"
import type { ReservoirClient } from "../../../src/client/ReservoirClient.js"
import type { Step } from "../../../src/schema/Step.js"
import { HttpTransport } from "../../../src/services/HttpTransport.js"
import { fulfillmentCall, openSea, send } from "./fixture.js"

let devnet: Devnet
let client: ReservoirClient
let chain: ReturnType<typeof devnetPublicClient>

beforeAll(async () => {
  devnet = await startDevnet()
  chain = devnetPublicClient({ chainId: devnet.originChainId, rpcUrl: devnet.rpcUrls[devnet.originChainId]! })
  const { apiKey, apiBaseUrl, chainNames, seaport, conduitKey, conduit, signedZone } = devnet.openSea
  client = createClientWithLayer(
    {
      chains: devnet.chains,
      book: openSeaApi({ apiKey, apiBaseUrl, chainNames, seaport, conduitKey, conduit, signedZone }),
    },
    HttpTransport.layerFetch(globalThis.fetch),
  )
})
afterAll(async () => {
  await client?.dispose()
  await devnet?.stop()
})

const user = (n: number) => devnetUser(devnet, n)
const punks = () => devnet.contracts.origin.punks
const chainName = () => devnet.openSea.chainNames[devnet.originChainId]!
const ownerOf = (id: bigint) =>
  chain.readContract({ address: punks(), abi: erc721Abi, functionName: "ownerOf", args: [id] })

/** The devnet wallet of user `n`; `signed` records each typed data it signs (a local account signs without the node). */
const walletOf = (n: number, signed: Array<{ primaryType: string }>) => {
  const account = user(n).account
  return createWalletClient({
    account: {
      ...account,
      signTypedData: ((typedData: { primaryType: string }) => (
        signed.push(typedData), account.signTypedData(typedData as never)
      )) as unknown as typeof account.signTypedData,
    },
    chain: devnet.chains[0]!.viemChain!,
    transport: http(devnet.rpcUrls[devnet.originChainId]),
  })
}

/** `count` Devnet Punks that user `n` owns and that have no OpenSea listing. */
const unlistedPunksOf = async (n: number, count: number) => {
  const found: Array<bigint> = []
  for (let id = 1n; id <= 22n && found.length < count; id++) {
    if ((await ownerOf(id)) !== user(n).address) continue
    if ((await openSea(devnet, "GET", `/api/v2/listings/collection/devnet-punks/nfts/${id}/best`)).status === 404)
      found.push(id)
  }
  if (found.length < count) throw new Error(`user ${n} has only ${found.length} unlisted punks`)
  return found
}

describe("many listings, one signature", () => {
  it("three listings signed with one signature are each filled by another client", async () => {
    const tokens = await unlistedPunksOf(1, 3)
    const signed: Array<{ primaryType: string }> = []
    let steps: Array<Step> = []
    await client.actions.listToken({
      listings: tokens.map((id, index) => ({
        token: `${punks()}:${id}`,
        weiPrice: parseEther(`0.0${index + 2}`).toString(),
      })),
      wallet: walletOf(1, signed),
      onProgress: (s) => {
        steps = s
      },
    })
    expect(signed.map((typed) => typed.primaryType)).toEqual(["BulkOrder"])
    const signature = steps.find((step) => step.id === "order-signature")!
    expect(signature.items).toHaveLength(1)
    expect((signature.items![0]!.data as any).sign.primaryType).toBe("BulkOrder")
    const orderIds = signature.items![0]!.orderData!.map((order) => order.orderId)
    expect(orderIds).toHaveLength(3)
    for (const [index, id] of tokens.entries()) {
      const best = (await openSea(devnet, "GET", `/api/v2/listings/collection/devnet-punks/nfts/${id}/best`)).body
      expect(best.order_hash).toBe(orderIds[index])
      expect(best.price.current.value).toBe(parseEther(`0.0${index + 2}`).toString())
    }
    // Another client fills each listing with exactly OpenSea's fulfilment data: Seaport checks each bulk proof.
    for (const [index, id] of tokens.entries()) {
      const answer = await openSea(devnet, "POST", "/api/v2/listings/fulfillment_data", {
        listing: { hash: orderIds[index], chain: chainName(), protocol_address: devnet.openSea.seaport },
        fulfiller: { address: user(2).address },
      })
      expect(answer.status).toBe(200)
      const signed = answer.body.fulfillment_data.orders[0].signature as string
      // The 64-byte EIP-2098 compact signature (as seaport-js and OpenSea's SDK post it), a 3-byte index and a
      // height-2 proof; the devnet's Seaport verifies it on the fill.
      expect((signed.length - 2) / 2).toBe(64 + 3 + 2 * 32)
      await send(devnet, user(2).account, fulfillmentCall(answer.body.fulfillment_data.transaction))
      expect(await ownerOf(id)).toBe(user(2).address)
    }
  })

  it("two item offers signed with one signature are each accepted by the token's owner", async () => {
    // The seed's users 3 and 4 own #13 and #18 and approved the conduit for Devnet Punks.
    const targets = [13n, 18n]
    const sellers = [3, 4]
    expect(await Promise.all(targets.map(ownerOf))).toEqual(sellers.map((n) => user(n).address))
    const signed: Array<{ primaryType: string }> = []
    let steps: Array<Step> = []
    const expirationTime = String(Math.floor(Date.now() / 1000) + 3600)
    await client.actions.placeBid({
      bids: targets.map((id) => ({
        token: `${punks()}:${id}`,
        weiPrice: parseEther("0.3").toString(),
        expirationTime,
      })),
      wallet: walletOf(5, signed),
      onProgress: (s) => {
        steps = s
      },
    })
    expect(signed.map((typed) => typed.primaryType)).toEqual(["BulkOrder"])
    const orderIds = steps
      .find((step) => step.id === "order-signature")!
      .items![0]!.orderData!.map((order) => order.orderId)
    expect(orderIds).toHaveLength(2)
    for (const [index, id] of targets.entries()) {
      const best = (await openSea(devnet, "GET", `/api/v2/offers/collection/devnet-punks/nfts/${id}/best`)).body
      expect(best.order_hash).toBe(orderIds[index])
      await client.actions.acceptOffer({
        items: [{ token: `${punks()}:${id}` }],
        wallet: walletOf(sellers[index]!, []),
      })
      expect(await ownerOf(id)).toBe(user(5).address)
    }
  })
})
