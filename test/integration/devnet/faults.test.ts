import * as Result from "effect/Result"
import { type Hex, parseEther } from "viem"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { type Devnet, startDevnet } from "../../../devnet/index.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import { apiGet, apiPost, execute, executeOk, fetchOnly, reads, walletClientOf } from "./fixture.js"

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ faultSeed: 7 })
})
afterEach(async () => {
  devnet.faults.reset()
  await devnet.faults.setAutomine(devnet.originChainId, true)
})
afterAll(async () => {
  await devnet?.stop()
})

const user = (n: number) => devnet.accounts.users[n - 1]!
const buyBody = (tokenId: bigint, taker = user(3).address) => ({
  items: [{ token: `${devnet.contracts.origin.punks}:${tokenId}` }],
  taker,
})

describe("HTTP answers", () => {
  it("answers unknown paths with a 404 and bad bodies with a 400, as JSON", async () => {
    const missing = await fetch(`${devnet.apiUrl}/nothing/here`)
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({
      message: "No route for GET /nothing/here",
      statusCode: 404,
      error: "Bad Request",
    })
    const noTaker = await apiPost(devnet, "/execute/buy/v7", { items: [] })
    expect(noTaker).toMatchObject({ status: 400, body: { message: "taker must be an address", statusCode: 400 } })
    const notJson = await fetch(`${devnet.apiUrl}/execute/buy/v7`, { method: "POST", body: "{oops" })
    expect(notJson.status).toBe(400)
    const unknownChain = await fetch(`${devnet.apiUrl.replace("31337", "1")}/collections/v7`)
    expect(unknownChain.status).toBe(404)
  })
})

describe("HTTP faults", () => {
  it("injects errors with the configured status; the executor surfaces them as APIError", async () => {
    devnet.faults.setEndpoint("/execute/buy/v7", { errorRate: 1, errorStatus: 503 })
    const answer = await fetchOnly(devnet, user(3), "/execute/buy/v7", buyBody(1n))
    expect(Result.isFailure(answer) && answer.failure).toMatchObject({ _tag: "APIError", statusCode: 503 })
  })

  it("reproduces the same fault sequence from the same seed", async () => {
    const statuses = async () => {
      const list: number[] = []
      for (let i = 0; i < 16; i++) list.push((await fetch(`${devnet.apiUrl}/collections/v7`)).status)
      return list
    }
    devnet.faults.configure({ seed: 42, endpoints: { "/collections/*": { errorRate: 0.5 } } })
    const first = await statuses()
    devnet.faults.configure({ seed: 42 })
    const second = await statuses()
    expect(second).toEqual(first)
    expect(first).toContain(200)
    expect(first).toContain(500)
  })

  it("sends malformed bodies that the client refuses before sending anything", async () => {
    const r = reads(devnet)
    const { punks } = devnet.contracts.origin
    const [nonce, owner] = [await r.nonce(user(3).address), await r.ownerOf(punks, 1n)]
    devnet.faults.setEndpoint("/execute/*", { malformedRate: 1 })
    // The whole executor with a real wallet, not a fetch: a send would move the buyer's nonce and the punk.
    const outcome = await execute(devnet, user(3), "/execute/buy/v7", buyBody(1n))
    expect(Result.isFailure(outcome) && outcome.failure._tag).toBe("MalformedResponseError")
    expect(await r.nonce(user(3).address)).toBe(nonce)
    expect(await r.ownerOf(punks, 1n)).toBe(owner)
  })

  it("rate-limits with 429 and Retry-After", async () => {
    devnet.faults.setEndpoint("/tokens/v7", { rateLimit: { limit: 2, windowMs: 60_000, retryAfterSeconds: 7 } })
    const path = `/tokens/v7?collection=${devnet.contracts.origin.punks}`
    expect((await fetch(`${devnet.apiUrl}${path}`)).status).toBe(200)
    expect((await fetch(`${devnet.apiUrl}${path}`)).status).toBe(200)
    const limited = await fetch(`${devnet.apiUrl}${path}`)
    expect(limited.status).toBe(429)
    expect(limited.headers.get("retry-after")).toBe("7")
  })

  it("adds latency", async () => {
    devnet.faults.setEndpoint("/collections/v7", { latencyMs: 300 })
    const t = performance.now()
    await apiGet(devnet, "/collections/v7")
    expect(performance.now() - t).toBeGreaterThanOrEqual(290)
  })

  it("is configurable over HTTP at /__devnet/faults", async () => {
    const set = await apiPost(devnet, "/__devnet/faults", {
      seed: 3,
      endpoints: { "/execute/mint/v1": { errorRate: 1, errorStatus: 502 } },
    })
    expect(set.body).toEqual({ seed: 3, endpoints: { "/execute/mint/v1": { errorRate: 1, errorStatus: 502 } } })
    expect((await apiPost(devnet, "/execute/mint/v1", {})).status).toBe(502)
    await apiPost(devnet, "/__devnet/faults", { reset: true })
    expect((await apiPost(devnet, "/execute/mint/v1", {})).status).toBe(400)
  })

  it("a buy completes even when half of the status checks fail", async () => {
    devnet.faults.configure({
      seed: 11,
      endpoints: { "/execute/status/v1": { errorRate: 0.5 }, "/transfers/bulk/v2": { errorRate: 0.5 } },
    })
    await executeOk(devnet, user(3), "/execute/buy/v7", buyBody(1n))
    expect(await reads(devnet).ownerOf(devnet.contracts.origin.punks, 1n)).toBe(user(3).address)
  })
})

describe("chain faults", () => {
  it("a sped-up (replaced) transaction with automine off completes with the new hash", async () => {
    const r = reads(devnet)
    const { punks } = devnet.contracts.origin
    await devnet.faults.setAutomine(devnet.originChainId, false)
    const snapshots: ExecutionSnapshot[] = []
    const running = executeOk(devnet, user(4), "/execute/buy/v7", buyBody(2n, user(4).address), {
      onProgress: (s) => snapshots.push(s),
    })

    const sentHash = async (): Promise<Hex> => {
      for (;;) {
        const hash = snapshots.at(-1)?.steps.find((s) => s.id === "sale")?.items?.[0]?.txHashes?.[0]?.txHash
        if (hash !== undefined) return hash as Hex
        await new Promise((r) => setTimeout(r, 20))
      }
    }
    const original = await sentHash()
    // Let the receipt watcher see the pending original before it disappears.
    await new Promise((r) => setTimeout(r, 300))
    const tx = await r.client.getTransaction({ hash: original })
    const replacement = await walletClientOf(devnet, user(4)).sendTransaction({
      to: tx.to!,
      data: tx.input,
      value: tx.value,
      nonce: tx.nonce,
      gas: tx.gas,
      maxFeePerGas: tx.maxFeePerGas! * 2n,
      maxPriorityFeePerGas: tx.maxPriorityFeePerGas! * 2n,
    })
    expect(replacement).not.toBe(original)
    await devnet.faults.mine(devnet.originChainId)

    const final = await running
    const sale = final.steps.find((s) => s.id === "sale")!.items![0]!
    expect(sale.internalTxHashes).toEqual([expect.objectContaining({ txHash: replacement })])
    expect((await r.client.getTransactionReceipt({ hash: replacement })).status).toBe("success")
    expect(await r.ownerOf(punks, 2n)).toBe(user(4).address)
  })

  it("drops a pending transaction from the pool", async () => {
    const r = reads(devnet)
    await devnet.faults.setAutomine(devnet.originChainId, false)
    const hash = await walletClientOf(devnet, user(5)).sendTransaction({ to: user(1).address, value: parseEther("1") })
    expect((await r.client.getTransaction({ hash })).blockNumber).toBeNull()
    await devnet.faults.dropTransaction(devnet.originChainId, hash)
    await devnet.faults.mine(devnet.originChainId)
    await expect(r.client.getTransactionReceipt({ hash })).rejects.toThrow()
  })

  it("replaces a pending transaction through the knob (same call, same nonce, higher fee)", async () => {
    const r = reads(devnet)
    await devnet.faults.setAutomine(devnet.originChainId, false)
    const hash = await walletClientOf(devnet, user(5)).sendTransaction({ to: user(1).address, value: parseEther("1") })
    const replaced = await devnet.faults.replaceTransaction(devnet.originChainId, hash)
    await devnet.faults.mine(devnet.originChainId)
    const receipt = await r.client.getTransactionReceipt({ hash: replaced })
    expect(receipt.status).toBe("success")
    const [a, b] = await Promise.all([
      r.client.getTransaction({ hash: replaced }),
      r.client.getTransaction({ hash }).catch(() => undefined),
    ])
    expect(a.to).toBe(user(1).address.toLowerCase())
    expect(b?.blockNumber ?? null).toBeNull()
  })
})
