/**
 * Issue 29 item 2 on the devnet's real Seaport 1.6: several OpenSea listings bought with `buy` are ONE
 * `fulfillAvailableAdvancedOrders` transaction; a listing sold to someone else just before it is mined is skipped by
 * Seaport, not paid for, and reported in the execution's `errors`.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import {
  type Address,
  createWalletClient,
  custom,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  erc721Abi,
  type Hex,
  http,
  parseEther,
  zeroAddress,
} from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { wrappedNativeAbi } from "../../../devnet/artifacts/index.js"
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
import { fulfillmentCall, openSea, send } from "./fixture.js"

const PRICE = parseEther("0.05")

let devnet: Devnet
let chain: ReturnType<typeof devnetPublicClient>
let listings: ReadonlyArray<SweepListing>

beforeAll(async () => {
  devnet = await startDevnet()
  chain = devnetPublicClient({ chainId: devnet.originChainId, rpcUrl: devnet.rpcUrls[devnet.originChainId]! })
  listings = await listForSweep(devnet, devnetUser(devnet, 3), 5, PRICE)
})
afterAll(() => devnet?.stop())

const ownerOf = (tokenId: bigint) =>
  chain.readContract({
    address: devnet.contracts.origin.punks,
    abi: erc721Abi,
    functionName: "ownerOf",
    args: [tokenId],
  })

/** User `n` fills the listing on chain with exactly OpenSea's fulfilment data. */
const fillAs = async (n: number, hash: string) => {
  const fulfiller = devnetUser(devnet, n)
  const answer = await openSea(devnet, "POST", "/api/v2/listings/fulfillment_data", {
    listing: { hash, chain: devnet.openSea.chainNames[devnet.originChainId], protocol_address: devnet.openSea.seaport },
    fulfiller: { address: fulfiller.address },
  })
  expect(answer.status).toBe(200)
  return send(devnet, fulfiller.account, fulfillmentCall(answer.body.fulfillment_data.transaction))
}

describe("a sweep on OpenSea", () => {
  it("of five listings, one of them bought by someone else just before, is one transaction that buys four, reports the fifth, and costs exactly four prices plus gas", async () => {
    const buyer = devnetUser(devnet, 5)
    const sold = listings[4]!
    const rpc = http(devnet.rpcUrls[devnet.originChainId])({ chain: devnet.chains[0]!.viemChain! })
    const prompts: Array<{ method: string; params: unknown }> = []
    let soldFirst = false
    const wallet = createWalletClient({
      account: buyer.account,
      chain: devnet.chains[0]!.viemChain!,
      transport: custom({
        request: async (args: { method: string; params?: unknown }) => {
          if (PROMPTS.has(args.method)) {
            prompts.push({ method: args.method, params: args.params })
            // Someone else buys the fifth listing between the plan and the sweep.
            if (!soldFirst) {
              soldFirst = true
              await fillAs(2, sold.orderHash)
            }
          }
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
    const before = await chain.getBalance({ address: buyer.address })
    const snapshots: Array<ExecutionSnapshot> = []
    const done = await Effect.runPromise(
      buy({
        items: listings.map((listing) => ({ orderId: listing.orderHash })),
        expectedPrice: { [zeroAddress]: { raw: PRICE * 5n } },
        onProgress: (snapshot) => Effect.sync(() => void snapshots.push(snapshot)),
      }).pipe(Effect.provide(layer)),
    )
    expect(done).toBe(true)

    // Exactly one wallet send: the sweep of all five, to Seaport.
    expect(prompts).toHaveLength(1)
    const final = snapshots.at(-1)!
    expect(final.status).toBe("complete")
    const hashes = final.txHashes.map((entry) => entry.txHash as Hex)
    expect(hashes).toHaveLength(1)
    const transaction = await chain.getTransaction({ hash: hashes[0]! })
    expect(transaction.to?.toLowerCase()).toBe(seaport.toLowerCase())
    expect(transaction.value).toBe(PRICE * 5n)
    const call = decodeFunctionData({ abi: seaportAbi, data: transaction.input })
    expect(call.functionName).toBe("fulfillAvailableAdvancedOrders")
    expect((call.args[0] as ReadonlyArray<unknown>).length).toBe(5)

    // Four bought, the fifth someone else's and reported.
    for (const listing of listings.slice(0, 4)) expect(await ownerOf(listing.tokenId)).toBe(buyer.address)
    expect(await ownerOf(sold.tokenId)).toBe(devnetUser(devnet, 2).address)
    expect(final.errors).toEqual([expect.objectContaining({ orderId: sold.orderHash })])

    // Four prices and the gas, to the wei: Seaport refunded the fifth price.
    const receipt = await chain.getTransactionReceipt({ hash: hashes[0]! })
    expect(receipt.status).toBe("success")
    const after = await chain.getBalance({ address: buyer.address })
    expect(before - after).toBe(PRICE * 4n + receipt.gasUsed * receipt.effectiveGasPrice)
  })

  it("of two WETH listings: the conduit approved once, then one sweep through that conduit pays both sellers", async () => {
    const buyer = devnetUser(devnet, 5)
    const weth = devnet.contracts.origin.weth
    const total = parseEther("0.32")
    await send(devnet, buyer.account, {
      to: weth,
      value: total,
      data: encodeFunctionData({ abi: wrappedNativeAbi, functionName: "deposit" }),
    })
    const wethOf = (owner: Address) =>
      chain.readContract({ address: weth, abi: erc20Abi, functionName: "balanceOf", args: [owner] })
    const before = await wethOf(buyer.address)
    const { apiKey, apiBaseUrl, chainNames, seaport, conduitKey, conduit, signedZone } = devnet.openSea
    const layer = Layer.merge(
      Tradekit.layer({
        chains: devnet.chains,
        book: openSeaApi({ apiKey, apiBaseUrl, chainNames, seaport, conduitKey, conduit, signedZone }),
      }),
      walletLayer(
        createWalletClient({
          account: buyer.account,
          chain: devnet.chains[0]!.viemChain!,
          transport: http(devnet.rpcUrls[devnet.originChainId]),
        }),
      ),
    )
    const snapshots: Array<ExecutionSnapshot> = []
    const punk = (id: number) => `${devnet.contracts.origin.punks}:${id}`
    await Effect.runPromise(
      buy({
        items: [{ token: punk(14) }, { token: punk(19) }],
        onProgress: (snapshot) => Effect.sync(() => void snapshots.push(snapshot)),
      }).pipe(Effect.provide(layer)),
    )
    const final = snapshots.at(-1)!
    expect(final.steps.map((step) => step.id)).toEqual(["currency-approval", "sale"])
    const approval = decodeFunctionData({
      abi: erc20Abi,
      data: (final.steps[0]!.items![0]!.data as { data: Hex }).data,
    })
    expect(approval.args[0]).toBe(conduit)
    const sale = decodeFunctionData({ abi: seaportAbi, data: (final.steps[1]!.items![0]!.data as { data: Hex }).data })
    expect(sale.functionName).toBe("fulfillAvailableAdvancedOrders")
    expect(sale.args[4]).toBe(conduitKey)
    expect(await ownerOf(14n)).toBe(buyer.address)
    expect(await ownerOf(19n)).toBe(buyer.address)
    expect(before - (await wethOf(buyer.address))).toBe(total)
    expect(final.errors).toBeUndefined()
  })
})
