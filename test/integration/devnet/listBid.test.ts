import { parseEther, parseUnits } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Devnet, startDevnet } from "../../../devnet/index.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import { apiGet, bookOrder, executeOk, reads, stepIdsWithItems } from "./fixture.js"

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet()
})
afterAll(async () => {
  await devnet?.stop()
})

const user = (n: number) => devnet.accounts.users[n - 1]!
const orderIdOf = (final: ExecutionSnapshot) =>
  final.steps.find((s) => s.id === "order-signature")!.items![0]!.orderData![0]!.orderId as `0x${string}`

describe("list and bid through the core executor", () => {
  it("lists (approval first, signature data once it is on chain), then another account buys the listing", async () => {
    const r = reads(devnet)
    const { punks } = devnet.contracts.origin
    const seller = user(3)
    expect(await r.approvedForAll(punks, seller.address)).toBe(false)
    const snapshots: ExecutionSnapshot[] = []
    const final = await executeOk(
      devnet,
      seller,
      "/execute/list/v5",
      {
        maker: seller.address,
        source: "devnet.test",
        params: [
          {
            token: `${punks}:14`,
            weiPrice: parseEther("0.5").toString(),
            orderbook: "reservoir",
            orderKind: "seaport-v1.6",
          },
        ],
      },
      { onProgress: (s) => snapshots.push(s) },
    )
    // The first answer had the signature item without data: the executor waited for it.
    expect(snapshots[0]!.steps.find((s) => s.id === "order-signature")!.items![0]!.data).toBeUndefined()
    expect(stepIdsWithItems(final.steps)).toContain("order-signature")
    const orderId = orderIdOf(final)
    expect(orderId).toMatch(/^0x[0-9a-f]{64}$/)
    const listed = await bookOrder(devnet, orderId)
    expect(listed).toMatchObject({
      status: "active",
      maker: seller.address,
      price: { amount: { raw: parseEther("0.5").toString() } },
    })
    expect((await apiGet(devnet, `/tokens/v7?tokens=${punks}:14`)).tokens[0].market.floorAsk.id).toBe(orderId)

    const sellerBefore = await r.eth(seller.address)
    await executeOk(devnet, user(4), "/execute/buy/v7", { items: [{ orderId }], taker: user(4).address })
    expect(await r.ownerOf(punks, 14n)).toBe(user(4).address)
    expect((await r.eth(seller.address)) - sellerBefore).toBe(parseEther("0.5"))
    expect(await r.orderStatus(orderId)).toBe("filled")
  })

  it("lists an ERC-1155 quantity in USDC", async () => {
    const { editions, usdc } = devnet.contracts.origin
    const final = await executeOk(devnet, user(2), "/execute/list/v5", {
      maker: user(2).address,
      params: [{ token: `${editions}:2`, weiPrice: parseUnits("3", 6).toString(), quantity: 2, currency: usdc }],
    })
    const listed = await bookOrder(devnet, orderIdOf(final))
    expect(listed).toMatchObject({ status: "active", price: { amount: { raw: parseUnits("6", 6).toString() } } })
  })

  it("bids from a fresh wallet (wrap, approve, sign), then the owner accepts it", async () => {
    const r = reads(devnet)
    const { punks, weth } = devnet.contracts.origin
    const bidder = user(5)
    expect(await r.erc20(weth, bidder.address)).toBe(0n)
    const snapshots: ExecutionSnapshot[] = []
    const final = await executeOk(
      devnet,
      bidder,
      "/execute/bid/v5",
      {
        maker: bidder.address,
        source: "devnet.test",
        params: [{ token: `${punks}:15`, weiPrice: parseEther("0.2").toString() }],
      },
      { onProgress: (s) => snapshots.push(s) },
    )
    expect(stepIdsWithItems(snapshots[0]!.steps)).toEqual(["currency-wrapping", "currency-approval", "order-signature"])
    expect(await r.allowance(weth, bidder.address)).toBeGreaterThan(parseEther("1000"))
    expect(await r.erc20(weth, bidder.address)).toBe(parseEther("0.2"))
    const bidId = orderIdOf(final)
    expect((await bookOrder(devnet, bidId, "bids"))?.status).toBe("active")

    // Token 15 belongs to user 3, who approved the collection in the first test.
    const ownerWeth = await r.erc20(weth, user(3).address)
    await executeOk(devnet, user(3), "/execute/sell/v7", {
      items: [{ token: `${punks}:15`, orderId: bidId }],
      taker: user(3).address,
    })
    expect(await r.ownerOf(punks, 15n)).toBe(bidder.address)
    expect((await r.erc20(weth, user(3).address)) - ownerWeth).toBe(parseEther("0.2"))
    expect(await r.orderStatus(bidId)).toBe("filled")
  })

  it("places collection, token-set and attribute bids that the book can match", async () => {
    const { punks } = devnet.contracts.origin
    const bidder = user(4)
    const final = await executeOk(devnet, bidder, "/execute/bid/v5", {
      maker: bidder.address,
      params: [
        { collection: punks, weiPrice: parseEther("0.01").toString() },
        { tokenSetId: `list:${punks}:1,2,3`, weiPrice: parseEther("0.011").toString() },
        {
          collection: punks,
          attributeKey: "Background",
          attributeValue: "Blue",
          weiPrice: parseEther("0.012").toString(),
        },
      ],
    })
    const ids = final.steps.find((s) => s.id === "order-signature")!.items!.map((i) => i.orderData![0]!.orderId)
    expect(ids).toHaveLength(3)
    // Token 3 (Background Blue: 3 % 3 = 0) is covered by all three.
    const bids = (await apiGet(devnet, `/orders/bids/v6?token=${punks}:3&maker=${bidder.address}`)).orders.map(
      (o: { id: string }) => o.id,
    )
    expect(bids).toEqual(expect.arrayContaining(ids))
  })

  it("sells into the token-set bid placed through the API", async () => {
    const r = reads(devnet)
    const { punks } = devnet.contracts.origin
    const bid = (await apiGet(devnet, `/orders/bids/v6?token=${punks}:2&maker=${user(4).address}`)).orders.find(
      (o: any) => o.criteria.kind === "custom",
    )
    await executeOk(devnet, user(1), "/execute/sell/v7", {
      items: [{ token: `${punks}:2`, orderId: bid.id }],
      taker: user(1).address,
    })
    expect(await r.ownerOf(punks, 2n)).toBe(user(4).address)
    expect(await r.orderStatus(bid.id)).toBe("filled")
  })
})
