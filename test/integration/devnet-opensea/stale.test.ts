/**
 * Issue 33 on the devnet's real Seaport 1.6: a maker transfers a listed token away; the devnet's OpenSea stops
 * showing the listing (as OpenSea does), and a tradekit sweep that names it by hash reads the chain, leaves it out
 * and names it in `errors`: one transaction buys the others, nothing reverts.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import {
  createWalletClient,
  custom,
  decodeFunctionData,
  encodeFunctionData,
  erc721Abi,
  type Hex,
  http,
  parseEther,
  zeroAddress,
} from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { seaportAbi } from "../../../devnet/artifacts/seaport/index.js"
import { devnetPublicClient } from "../../../devnet/chain/deploy.js"
import { type Devnet, devnetUser, startDevnet } from "../../../devnet/index.js"
import { listForSweep, type SweepListing } from "../../../devnet/opensea/sweepListings.js"
import { buy } from "../../../src/actions/buy.js"
import { openSea as openSeaApi } from "../../../src/apis/opensea/index.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import { walletLayer } from "../../../src/services/viemWallet.js"
import { Tradekit } from "../../../src/Tradekit.js"
import { PROMPTS } from "../devnet/fixture.js"
import { openSea, send } from "./fixture.js"

const PRICE = parseEther("0.05")

let devnet: Devnet
let chain: ReturnType<typeof devnetPublicClient>
let listings: ReadonlyArray<SweepListing>

beforeAll(async () => {
  devnet = await startDevnet()
  chain = devnetPublicClient({ chainId: devnet.originChainId, rpcUrl: devnet.rpcUrls[devnet.originChainId]! })
  listings = await listForSweep(devnet, devnetUser(devnet, 3), 3, PRICE)
})
afterAll(() => devnet?.stop())

const ownerOf = (tokenId: bigint) =>
  chain.readContract({
    address: devnet.contracts.origin.punks,
    abi: erc721Abi,
    functionName: "ownerOf",
    args: [tokenId],
  })

const bestListing = (tokenId: bigint) =>
  openSea(devnet, "GET", `/api/v2/listings/collection/devnet-punks/nfts/${tokenId}/best`)

describe("a listing whose token its maker moved away", () => {
  it("is hidden from the read routes, and a sweep naming it leaves it out, names it and buys the rest in one transaction", async () => {
    const seller = devnetUser(devnet, 3)
    const elsewhere = devnetUser(devnet, 4)
    const moved = listings[1]!
    expect((await bestListing(moved.tokenId)).body.order_hash).toBe(moved.orderHash)
    await send(devnet, seller.account, {
      to: devnet.contracts.origin.punks,
      data: encodeFunctionData({
        abi: erc721Abi,
        functionName: "transferFrom",
        args: [seller.address, elsewhere.address, moved.tokenId],
      }),
    })
    expect((await bestListing(moved.tokenId)).status).toBe(404)
    expect((await bestListing(listings[0]!.tokenId)).status).toBe(200)

    const buyer = devnetUser(devnet, 5)
    const rpc = http(devnet.rpcUrls[devnet.originChainId])({ chain: devnet.chains[0]!.viemChain! })
    const prompts: Array<string> = []
    const wallet = createWalletClient({
      account: buyer.account,
      chain: devnet.chains[0]!.viemChain!,
      transport: custom({
        request: async (args: { method: string; params?: unknown }) => {
          if (PROMPTS.has(args.method)) prompts.push(args.method)
          return rpc.request(args as never)
        },
      }),
    })
    const { apiKey, apiBaseUrl, chainNames, seaport, conduitKey, conduit, signedZone } = devnet.openSea
    const layer = Layer.merge(
      Tradekit.layer({
        chains: devnet.chains,
        book: openSeaApi({ apiKey, apiBaseUrl, chainNames, seaport, conduitKey, conduit, signedZone }),
      }),
      walletLayer(wallet),
    )
    const snapshots: Array<ExecutionSnapshot> = []
    const done = await Effect.runPromise(
      buy({
        items: listings.map((listing) => ({ orderId: listing.orderHash })),
        expectedPrice: { [zeroAddress]: { raw: PRICE * 2n } },
        onProgress: (snapshot) => Effect.sync(() => void snapshots.push(snapshot)),
      }).pipe(Effect.provide(layer)),
    )
    expect(done).toBe(true)
    expect(prompts).toHaveLength(1)
    const final = snapshots.at(-1)!
    expect(final.status).toBe("complete")
    expect(final.errors).toEqual([expect.objectContaining({ orderId: moved.orderHash })])
    expect(final.errors![0]!.message).toContain("no longer owns the token")
    const receipt = await chain.getTransactionReceipt({ hash: final.txHashes[0]!.txHash as Hex })
    expect(receipt.status).toBe("success")
    const transaction = await chain.getTransaction({ hash: receipt.transactionHash })
    const call = decodeFunctionData({ abi: seaportAbi, data: transaction.input })
    expect(call.functionName).toBe("fulfillAvailableAdvancedOrders")
    expect((call.args[0] as ReadonlyArray<unknown>).length).toBe(2)
    expect(await ownerOf(listings[0]!.tokenId)).toBe(buyer.address)
    expect(await ownerOf(listings[2]!.tokenId)).toBe(buyer.address)
    expect(await ownerOf(moved.tokenId)).toBe(elsewhere.address)
  })
})
