import { parseEther } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Devnet, startDevnet } from "../../../devnet/index.js"
import { bookOrder, executeOk, listingIds, reads } from "./fixture.js"

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet()
})
afterAll(async () => {
  await devnet?.stop()
})

describe("sweep through the core executor", () => {
  it("buys 10 listings of two sellers in one fillListings transaction", async () => {
    const r = reads(devnet)
    const { punks } = devnet.contracts.origin
    const [seller1, seller2, buyer] = [devnet.accounts.users[0]!, devnet.accounts.users[1]!, devnet.accounts.users[3]!]
    const ids = [1n, 2n, 3n, 4n, 6n, 7n, 8n, 9n, 10n, 11n]
    const orderIds = (await Promise.all(ids.map((id) => listingIds(devnet, punks, id)))).map((l) => l[0]!)
    const [s1, s2] = [await r.eth(seller1.address), await r.eth(seller2.address)]

    const final = await executeOk(devnet, buyer, "/execute/buy/v7", {
      items: ids.map((id) => ({ token: `${punks}:${id}` })),
      taker: buyer.address,
    })

    const sale = final.steps.find((s) => s.id === "sale")!
    expect(sale.items).toHaveLength(1)
    expect(sale.items![0]!.orderIds).toEqual(orderIds)
    expect(sale.items![0]!.transfersData).toHaveLength(10)
    expect(final.path).toHaveLength(10)
    for (const id of ids) expect(await r.ownerOf(punks, id)).toBe(buyer.address)
    // 0.10 + 0.11 + 0.12 + 0.13 + 0.14 and 0.20 … 0.24
    expect((await r.eth(seller1.address)) - s1).toBe(parseEther("0.6"))
    expect((await r.eth(seller2.address)) - s2).toBe(parseEther("1.1"))
    for (const id of orderIds) {
      expect(await r.orderStatus(id)).toBe("filled")
      expect((await bookOrder(devnet, id))?.status).toBe("filled")
    }
  })
})
