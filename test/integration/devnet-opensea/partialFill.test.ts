/**
 * Issue 32, `quantity` on the OpenSea book as a Seaport partial fill, on the devnet's real Seaport 1.6: user 3's
 * seeded listing of 10 units of Devnet Editions #3 for 0.1 ETH, bought a unit at a time by tradekit; the balances
 * on chain show exactly the fraction moved and paid.
 */
import { type Address, createWalletClient, erc1155Abi, http, parseEther } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { seaportAbi } from "../../../devnet/artifacts/seaport/index.js"
import { devnetPublicClient } from "../../../devnet/chain/deploy.js"
import { type Devnet, devnetUser, startDevnet } from "../../../devnet/index.js"
import { OPENSEA_FEE_RECIPIENT } from "../../../devnet/opensea/collections.js"
import { SEEDED_EDITION } from "../../../devnet/opensea/seed.js"
import { openSea as openSeaApi } from "../../../src/apis/opensea/index.js"
import { createClientWithLayer } from "../../../src/client/createClientWithLayer.js"
import type { ReservoirClient } from "../../../src/client/ReservoirClient.js"
import { HttpTransport } from "../../../src/services/HttpTransport.js"
import { openSea } from "./fixture.js"

let devnet: Devnet
let client: ReservoirClient
let chain: ReturnType<typeof devnetPublicClient>
let hash: string

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
  const best = await openSea(
    devnet,
    "GET",
    `/api/v2/listings/collection/devnet-editions/nfts/${SEEDED_EDITION.tokenId}/best`,
  )
  expect(best.status).toBe(200)
  hash = best.body.order_hash
})
afterAll(async () => {
  await client?.dispose()
  await devnet?.stop()
})

const user = (n: number) => devnetUser(devnet, n)
const editions = () => devnet.contracts.origin.editions
const unitsOf = (owner: Address) =>
  chain.readContract({
    address: editions(),
    abi: erc1155Abi,
    functionName: "balanceOf",
    args: [owner, SEEDED_EDITION.tokenId],
  })
const ethOf = (address: Address) => chain.getBalance({ address })
const walletOf = (n: number) =>
  createWalletClient({
    account: user(n).account,
    chain: devnet.chains[0]!.viemChain!,
    transport: http(devnet.rpcUrls[devnet.originChainId]),
  })
const statusOf = () =>
  chain.readContract({
    address: devnet.openSea.seaport,
    abi: seaportAbi,
    functionName: "getOrderStatus",
    args: [hash as `0x${string}`],
  })

describe("quantity of a 10-unit ERC-1155 listing on the devnet's Seaport", () => {
  it("`quantity: 1` moves one unit and pays exactly a tenth: 0.0099 ETH to the seller, 0.0001 ETH to OpenSea", async () => {
    const buyer = user(5).address
    const seller = user(3).address
    const before = await Promise.all([unitsOf(buyer), unitsOf(seller), ethOf(seller), ethOf(OPENSEA_FEE_RECIPIENT)])
    const result = await client.actions.buyToken({
      items: [{ orderId: hash, quantity: 1 }],
      expectedPrice: { "0x0000000000000000000000000000000000000000": { raw: parseEther("0.01") } },
      wallet: walletOf(5),
    })
    expect(result).toBe(true)
    const after = await Promise.all([unitsOf(buyer), unitsOf(seller), ethOf(seller), ethOf(OPENSEA_FEE_RECIPIENT)])
    expect(after[0] - before[0]).toBe(1n)
    expect(before[1] - after[1]).toBe(1n)
    expect(after[2] - before[2]).toBe(parseEther("0.0099"))
    expect(after[3] - before[3]).toBe(parseEther("0.0001"))
    const [, , totalFilled, totalSize] = await statusOf()
    expect(totalFilled * SEEDED_EDITION.units).toBe(totalSize)
  })

  it("`quantity: 3` next moves three more units for three tenths; the listing is then 4/10 filled", async () => {
    const seller = user(3).address
    const before = await Promise.all([unitsOf(user(4).address), ethOf(seller)])
    expect(await client.actions.buyToken({ items: [{ orderId: hash, quantity: 3 }], wallet: walletOf(4) })).toBe(true)
    const after = await Promise.all([unitsOf(user(4).address), ethOf(seller)])
    expect(after[0] - before[0]).toBe(3n)
    expect(after[1] - before[1]).toBe(parseEther("0.0297"))
    const [, , totalFilled, totalSize] = await statusOf()
    expect(totalFilled * SEEDED_EDITION.units).toBe(totalSize * 4n)
  })

  it("a quantity above the listing's units is refused before the wallet", async () => {
    const nonce = await chain.getTransactionCount({ address: user(5).address })
    await expect(
      client.actions.buyToken({ items: [{ orderId: hash, quantity: 11 }], wallet: walletOf(5) }),
    ).rejects.toMatchObject({
      _tag: "UnsupportedByBookError",
    })
    expect(await chain.getTransactionCount({ address: user(5).address })).toBe(nonce)
  })
})
