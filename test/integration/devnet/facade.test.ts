/**
 * Every action through the Promise facade (createClient, drop-in for reservoir-sdk 2.0.x) against the devnet,
 * asserting what happened on chain.
 */
import { encodeFunctionData, parseEther, zeroAddress } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { devnetERC721Abi } from "../../../devnet/artifacts/index.js"
import { type Devnet, startDevnet } from "../../../devnet/index.js"
import type { ReservoirClient } from "../../../src/client/ReservoirClient.js"
import { createClient } from "../../../src/client.js"
import type { ExecuteResponse } from "../../../src/schema/ExecuteResponse.js"
import type { Step } from "../../../src/schema/Step.js"
import { bookOrder, listingIds, reads, walletClientOf } from "./fixture.js"

let devnet: Devnet
let client: ReservoirClient
beforeAll(async () => {
  devnet = await startDevnet()
  client = createClient({ chains: devnet.chains, source: "devnet.test" })
})
afterAll(async () => {
  await client?.dispose()
  await devnet?.stop()
})

const user = (n: number) => devnet.accounts.users[n - 1]!
const wallet = (n: number) => walletClientOf(devnet, user(n))
const punk = (id: bigint | number) => `${devnet.contracts.origin.punks}:${id}`

describe("the Promise facade against the devnet", () => {
  it("buyToken buys a listing and reports progress", async () => {
    const progress: string[] = []
    const result = await client.actions.buyToken({
      items: [{ token: punk(1), quantity: 1 }],
      wallet: wallet(3),
      onProgress: (steps) =>
        progress.push(steps.map((s) => `${s.id}:${(s.items ?? []).map((i) => i.status).join(",")}`).join(" ")),
    })
    expect(result).toBe(true)
    expect(await reads(devnet).ownerOf(devnet.contracts.origin.punks, 1n)).toBe(user(3).address)
    expect(progress.at(-1)).toContain("sale:complete")
  })

  it("buyToken with precheck resolves to the answer and sends nothing", async () => {
    const nonce = await reads(devnet).nonce(user(3).address)
    const answer = (await client.actions.buyToken({
      items: [{ token: punk(2) }],
      wallet: wallet(3),
      precheck: true,
    })) as ExecuteResponse
    expect(answer.steps.map((s) => s.id)).toEqual(["currency-approval", "sale"])
    expect(answer.path?.[0]).toMatchObject({ tokenId: "2", quote: 0.11 })
    expect(await reads(devnet).nonce(user(3).address)).toBe(nonce)
  })

  it("buyToken rejects with the price check message when the price moved, sending nothing", async () => {
    const nonce = await reads(devnet).nonce(user(3).address)
    await expect(
      client.actions.buyToken({
        items: [{ token: punk(2) }],
        wallet: wallet(3),
        expectedPrice: { [zeroAddress]: { amount: 0.01 } },
      }),
    ).rejects.toThrow("Attention: the total price is now 0.11")
    expect(await reads(devnet).nonce(user(3).address)).toBe(nonce)
    expect(await reads(devnet).ownerOf(devnet.contracts.origin.punks, 2n)).toBe(user(1).address)
  })

  it("buyToken rejects with the API's message for a token without listings", async () => {
    await expect(client.actions.buyToken({ items: [{ token: punk(21) }], wallet: wallet(3) })).rejects.toThrow(
      /No available orders/,
    )
  })

  it("acceptOffer sells into the token bid", async () => {
    const { punks, weth } = devnet.contracts.origin
    const before = await reads(devnet).erc20(weth, user(2).address)
    expect(await client.actions.acceptOffer({ items: [{ token: punk(7), quantity: 1 }], wallet: wallet(2) })).toBe(true)
    expect(await reads(devnet).ownerOf(punks, 7n)).toBe(user(4).address)
    expect((await reads(devnet).erc20(weth, user(2).address)) - before).toBe(parseEther("0.08"))
  })

  it("listToken lists with an approval, then buyToken from another account fills it", async () => {
    const steps = await client.actions.listToken({
      listings: [
        { token: punk(16), weiPrice: parseEther("0.3").toString(), orderbook: "reservoir", orderKind: "seaport-v1.6" },
      ],
      wallet: wallet(3),
    })
    expect(steps).toBe(true)
    const [orderId] = await listingIds(devnet, devnet.contracts.origin.punks, 16n)
    expect(orderId).toBeDefined()
    await client.actions.buyToken({ items: [{ orderId }], wallet: wallet(5) })
    expect(await reads(devnet).ownerOf(devnet.contracts.origin.punks, 16n)).toBe(user(5).address)
    expect(await reads(devnet).orderStatus(orderId!)).toBe("filled")
  })

  it("listToken with precheck resolves to the steps", async () => {
    const steps = (await client.actions.listToken({
      listings: [{ token: punk(17), weiPrice: "1000" }],
      wallet: wallet(3),
      precheck: true,
    })) as Step[]
    expect(steps.map((s) => s.id)).toEqual(["nft-approval", "order-signature"])
  })

  it("placeBid then acceptOffer of that bid", async () => {
    const { punks, weth } = devnet.contracts.origin
    let lastSteps: Step[] = []
    await client.actions.placeBid({
      bids: [{ token: punk(18), weiPrice: parseEther("0.25").toString() }],
      wallet: wallet(5),
      onProgress: (steps) => {
        lastSteps = steps
      },
    })
    const bidId = lastSteps.find((s) => s.id === "order-signature")!.items![0]!.orderData![0]!.orderId
    expect((await bookOrder(devnet, bidId as `0x${string}`, "bids"))?.status).toBe("active")
    const before = await reads(devnet).erc20(weth, user(4).address)
    await client.actions.acceptOffer({ items: [{ token: punk(18), orderId: bidId }], wallet: wallet(4) })
    expect(await reads(devnet).ownerOf(punks, 18n)).toBe(user(5).address)
    expect((await reads(devnet).erc20(weth, user(4).address)) - before).toBe(parseEther("0.25"))
  })

  it("cancelOrder off-chain and on-chain", async () => {
    const [offChain] = await listingIds(devnet, devnet.contracts.origin.punks, 3n)
    const [onChain] = await listingIds(devnet, devnet.contracts.origin.punks, 4n)
    expect(await client.actions.cancelOrder({ ids: [offChain!], wallet: wallet(1) })).toBe(true)
    expect(await client.actions.cancelOrder({ ids: [onChain!], wallet: wallet(1), options: { onChain: true } })).toBe(
      true,
    )
    expect(await reads(devnet).orderStatus(offChain!)).toBe("cancelled")
    expect(await reads(devnet).orderStatus(onChain!)).toBe("cancelled")
    await expect(client.actions.buyToken({ items: [{ orderId: offChain }], wallet: wallet(3) })).rejects.toThrow(
      /cancelled/,
    )
  })

  it("transferTokens moves ERC-721 and ERC-1155 tokens", async () => {
    const { punks, editions } = devnet.contracts.origin
    expect(
      await client.actions.transferTokens({
        to: user(5).address,
        items: [{ token: punk(9) }, { token: `${editions}:2`, quantity: 2 }],
        wallet: wallet(2),
      }),
    ).toBe(true)
    expect(await reads(devnet).ownerOf(punks, 9n)).toBe(user(5).address)
    expect(await reads(devnet).balance1155(editions, user(5).address, 2n)).toBe(2n)
  })

  it("mintToken mints", async () => {
    const { drops } = devnet.contracts.origin
    expect(await client.actions.mintToken({ items: [{ collection: drops, quantity: 1 }], wallet: wallet(4) })).toBe(
      true,
    )
    expect(await reads(devnet).ownerOf(drops, 1n)).toBe(user(4).address)
  })

  it("call pays on 31337 and the NFT is minted on 31338", async () => {
    const { punks } = devnet.contracts.destination
    const fees: unknown[] = []
    const result = await client.actions.call({
      toChainId: devnet.destinationChainId,
      txs: [
        {
          to: punks,
          data: encodeFunctionData({ abi: devnetERC721Abi, functionName: "mint", args: [user(2).address, 1n] }),
          value: parseEther("0.01").toString(),
        },
      ],
      wallet: wallet(2),
      onProgress: (_steps, f) => fees.push(f),
    })
    expect(result).toBe(true)
    expect(await reads(devnet, devnet.destinationChainId).ownerOf(punks, 1n)).toBe(user(2).address)
    expect(fees.at(-1)).toMatchObject({ relayer: { amount: { raw: parseEther("0.0001").toString() } } })
  })
})
