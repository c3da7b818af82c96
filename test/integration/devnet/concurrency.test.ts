/**
 * Many executions of one client at once, from a few accounts: sends from one account are serialised across
 * every execution of the client, so none races another for the account's nonce.
 */
import { parseUnits } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Devnet, startDevnet } from "../../../devnet/index.js"
import { createClient } from "../../../src/client.js"
import { apiGet, reads, walletClientOf } from "./fixture.js"

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet()
})
afterAll(async () => {
  await devnet?.stop()
})

const BIDS = 100

describe("concurrent executions through one client", () => {
  it(`${BIDS} concurrent placeBid from 4 accounts, each needing a USDC approval, all succeed`, async () => {
    const r = reads(devnet)
    const { punks, usdc } = devnet.contracts.origin
    const users = devnet.accounts.users.slice(0, 4)
    for (const user of users) expect(await r.allowance(usdc, user.address)).toBe(0n)
    const nonces = await Promise.all(users.map((user) => r.nonce(user.address)))
    const client = createClient({ chains: devnet.chains, source: "devnet.test" })
    const wallets = users.map((user) => walletClientOf(devnet, user))

    const outcomes = await Promise.allSettled(
      Array.from({ length: BIDS }, (_, i) =>
        client.actions.placeBid({
          bids: [{ collection: punks, weiPrice: parseUnits(String(1 + i), 6).toString(), currency: usdc }],
          wallet: wallets[i % users.length]!,
        }),
      ),
    )
    await client.dispose()

    const failures = outcomes.flatMap((outcome) =>
      outcome.status === "rejected" ? [String((outcome.reason as Error).message)] : [],
    )
    expect(failures.filter((message) => /nonce/i.test(message))).toEqual([])
    expect(failures).toEqual([])
    // Every execution asked for its own approval (none was on chain when it started), and each went out
    // with the next nonce of its account.
    const sent = await Promise.all(users.map(async (user, i) => (await r.nonce(user.address)) - nonces[i]!))
    expect(sent.every((count) => count >= 1 && count <= BIDS / users.length)).toBe(true)
    for (const user of users) {
      expect(await r.allowance(usdc, user.address)).toBeGreaterThan(0n)
      const { orders } = await apiGet<{ orders: Array<{ price: { currency: { contract: string } } }> }>(
        devnet,
        `/orders/bids/v6?maker=${user.address}&contracts=${punks}`,
      )
      expect(orders.filter((order) => order.price.currency.contract.toLowerCase() === usdc.toLowerCase())).toHaveLength(
        BIDS / users.length,
      )
    }
  }, 60_000)
})
