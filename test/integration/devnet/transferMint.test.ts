import * as Result from "effect/Result"
import { parseEther } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Devnet, startDevnet } from "../../../devnet/index.js"
import { apiGet, executeOk, fetchOnly, reads, stepIdsWithItems } from "./fixture.js"

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet()
})
afterAll(async () => {
  await devnet?.stop()
})

const user = (n: number) => devnet.accounts.users[n - 1]!

describe("transfer through the core executor", () => {
  it("transfers an ERC-721 token with safeTransferFrom, confirmed through the synced endpoint", async () => {
    const r = reads(devnet)
    const { punks } = devnet.contracts.origin
    const final = await executeOk(devnet, user(1), "/execute/transfer/v1", {
      from: user(1).address,
      to: user(5).address,
      items: [{ token: `${punks}:6` }],
    })
    expect(stepIdsWithItems(final.steps)).toEqual(["transfer"])
    expect(final.steps[0]!.items![0]!.check).toBeUndefined()
    expect(await r.ownerOf(punks, 6n)).toBe(user(5).address)
    // The listing of token 6 is no longer offered: its maker does not hold the token.
    const refused = await fetchOnly(devnet, user(3), "/execute/buy/v7", {
      items: [{ token: `${punks}:6` }],
      taker: user(3).address,
    })
    expect(Result.isFailure(refused)).toBe(true)
  })

  it("transfers an ERC-1155 quantity and two ERC-721 tokens (one transaction each, one after the other)", async () => {
    const r = reads(devnet)
    const { punks, editions } = devnet.contracts.origin
    const final = await executeOk(devnet, user(1), "/execute/transfer/v1", {
      from: user(1).address,
      to: user(4).address,
      items: [{ token: `${editions}:1`, quantity: 3 }, { token: `${punks}:3` }, { token: `${punks}:4` }],
    })
    expect(stepIdsWithItems(final.steps)).toEqual(["transfer", "transfer", "transfer"])
    expect(await r.balance1155(editions, user(4).address, 1n)).toBe(3n)
    expect(await r.balance1155(editions, user(1).address, 1n)).toBe(7n)
    expect(await r.ownerOf(punks, 3n)).toBe(user(4).address)
    expect(await r.ownerOf(punks, 4n)).toBe(user(4).address)
  })
})

describe("mint through the core executor", () => {
  it("mints from a free and a paid collection; the transfers come from the indexer", async () => {
    const r = reads(devnet)
    const { drops, punks } = devnet.contracts.origin
    const before = await r.eth(user(5).address)
    const free = await executeOk(devnet, user(5), "/execute/mint/v1", {
      items: [{ collection: drops, quantity: 2 }],
      taker: user(5).address,
    })
    const sale = free.steps.find((s) => s.id === "sale")!.items![0]!
    expect(sale.transfersData).toHaveLength(2)
    expect(await r.ownerOf(drops, 1n)).toBe(user(5).address)
    expect(await r.ownerOf(drops, 2n)).toBe(user(5).address)

    const paid = await executeOk(devnet, user(5), "/execute/mint/v1", {
      items: [{ collection: punks, quantity: 1 }],
      taker: user(5).address,
    })
    expect(paid.path?.[0]).toMatchObject({ contract: punks, quote: 0.01, rawQuote: parseEther("0.01").toString() })
    // Punks #1–#23 are seeded: the mint is #24.
    expect(await r.ownerOf(punks, 24n)).toBe(user(5).address)
    expect(before - (await r.eth(user(5).address))).toBeGreaterThan(parseEther("0.01"))
    const collections = await apiGet(devnet, `/collections/v7?id=${punks}`)
    expect(collections.collections[0].tokenCount).toBe("24")
  })

  it("refuses a mint over the per-wallet limit", async () => {
    const answer = await fetchOnly(devnet, user(5), "/execute/mint/v1", {
      items: [{ collection: devnet.contracts.origin.punks, quantity: 5 }],
      taker: user(5).address,
    })
    expect(Result.isFailure(answer) && answer.failure).toMatchObject({
      _tag: "APIError",
      statusCode: 400,
      message: expect.stringContaining("per wallet"),
    })
  })
})
