import * as Result from "effect/Result"
import { parseEther } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Devnet, startDevnet } from "../../../devnet/index.js"
import { apiGet, bookOrder, executeOk, fetchOnly, reads, stepIdsWithItems } from "./fixture.js"

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet()
})
afterAll(async () => {
  await devnet?.stop()
})

const user = (n: number) => devnet.accounts.users[n - 1]!
const bidsFor = async (tokenId: bigint) =>
  (await apiGet(devnet, `/orders/bids/v6?token=${devnet.contracts.origin.punks}:${tokenId}`)).orders as {
    id: `0x${string}`
    criteria: { kind: string }
    maker: string
  }[]

describe("accept offer (sell) through the core executor", () => {
  it("sells into the best token bid: the NFT goes to the bidder, WETH to the seller", async () => {
    const r = reads(devnet)
    const { punks, weth } = devnet.contracts.origin
    const tokenBid = (await bidsFor(1n)).find((b) => b.criteria.kind === "token")!
    const before = await r.erc20(weth, user(1).address)
    const final = await executeOk(devnet, user(1), "/execute/sell/v7", {
      items: [{ token: `${punks}:1` }],
      taker: user(1).address,
    })

    expect(stepIdsWithItems(final.steps)).toEqual(["sale"])
    expect(final.steps.find((s) => s.id === "sale")!.items![0]!.orderIds).toEqual([tokenBid.id])
    expect(await r.ownerOf(punks, 1n)).toBe(user(3).address)
    expect((await r.erc20(weth, user(1).address)) - before).toBe(parseEther("0.05"))
    expect(await r.orderStatus(tokenBid.id)).toBe("filled")
    const sale = final.steps.find((s) => s.id === "sale")!.items![0]!
    expect(sale.transfersData).toEqual([expect.objectContaining({ from: user(1).address, to: user(3).address })])
  })

  it("sells into the collection bid, approving the collection first", async () => {
    const r = reads(devnet)
    const { punks, weth } = devnet.contracts.origin
    expect(await r.approvedForAll(punks, user(3).address)).toBe(false)
    const collectionBid = (await bidsFor(13n)).find((b) => b.criteria.kind === "collection")!
    const before = await r.erc20(weth, user(3).address)
    const final = await executeOk(devnet, user(3), "/execute/sell/v7", {
      items: [{ token: `${punks}:13` }],
      taker: user(3).address,
    })

    expect(stepIdsWithItems(final.steps)).toEqual(["nft-approval", "sale"])
    expect(await r.approvedForAll(punks, user(3).address)).toBe(true)
    expect(await r.ownerOf(punks, 13n)).toBe(user(4).address)
    expect((await r.erc20(weth, user(3).address)) - before).toBe(parseEther("0.03"))
    expect((await bookOrder(devnet, collectionBid.id, "bids"))?.status).toBe("filled")
  })

  it("sells into an attribute (token-set) bid with a merkle proof", async () => {
    const r = reads(devnet)
    const { punks, weth } = devnet.contracts.origin
    // Token 10 is an Alien: the attribute bid of user 3 (0.06 WETH) is the best bid once the collection bid is gone.
    const attributeBid = (await bidsFor(10n)).find((b) => b.criteria.kind === "attribute")!
    expect(attributeBid).toBeDefined()
    const before = await r.erc20(weth, user(2).address)
    await executeOk(devnet, user(2), "/execute/sell/v7", {
      items: [{ token: `${punks}:10`, orderId: attributeBid.id }],
      taker: user(2).address,
    })
    expect(await r.ownerOf(punks, 10n)).toBe(user(3).address)
    expect((await r.erc20(weth, user(2).address)) - before).toBe(parseEther("0.06"))
    expect(await r.orderStatus(attributeBid.id)).toBe("filled")
  })

  it("refuses a token the attribute bid does not cover, and a token the taker does not own", async () => {
    const { punks } = devnet.contracts.origin
    const notOwned = await fetchOnly(devnet, user(1), "/execute/sell/v7", {
      items: [{ token: `${punks}:20` }],
      taker: user(1).address,
    })
    expect(Result.isFailure(notOwned) && notOwned.failure).toMatchObject({
      _tag: "APIError",
      statusCode: 400,
      message: expect.stringContaining("does not own"),
    })
    const noBid = await fetchOnly(devnet, user(4), "/execute/sell/v7", {
      items: [{ token: `${punks}:19` }],
      taker: user(4).address,
    })
    expect(Result.isFailure(noBid) && noBid.failure).toMatchObject({
      _tag: "APIError",
      statusCode: 400,
      message: expect.stringContaining("No available orders"),
    })
  })
})
