import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import * as Socket from "effect/socket/Socket"
import type { Hex } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import WebSocket from "ws"
import { type Devnet, startDevnet } from "../../../devnet/index.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import { executeSteps } from "../../../src/pipeline/executeSteps.js"
import { devnetLayer, reads } from "./fixture.js"

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet()
})
afterAll(async () => {
  await devnet?.stop()
})

const user = (n: number) => devnet.accounts.users[n - 1]!
const punk = (id: bigint) => `${devnet.contracts.origin.punks}:${id}`

/** Sockets built from the `ws` package (Node 20 has no global WebSocket); every one is kept to check it closes. */
const wsSockets: Array<WebSocket> = []
const wsConstructor = Layer.succeed(
  Socket.WebSocketConstructor,
  (url: string, options?: Socket.WebSocketConstructorOptions) => {
    const socket = new WebSocket(
      url,
      typeof options === "string" || Array.isArray(options) ? options : options?.protocols,
    )
    wsSockets.push(socket)
    return socket as unknown as Socket.WebSocketLike
  },
)

/** Buys `id` as user 3; resolves with the final snapshot and when the sale item was reported complete. */
const buy = async (id: bigint, withSocket: boolean) => {
  let completedAt: number | undefined
  const onProgress = (snapshot: ExecutionSnapshot) =>
    Effect.sync(() => {
      const sale = snapshot.steps.find((s) => s.id === "sale")?.items?.[0]
      if (sale?.status === "complete" && completedAt === undefined)
        completedAt = performance.timeOrigin + performance.now()
    })
  const program = executeSteps({
    request: { action: "buy", params: { items: [{ token: punk(id) }], taker: user(3).address } },
    onProgress,
  })
  const outcome = await Effect.runPromise(
    Effect.result(program).pipe(
      Effect.provide(devnetLayer(devnet, user(3))),
      Effect.provide(withSocket ? wsConstructor : Layer.empty),
    ),
  )
  if (Result.isFailure(outcome)) throw new Error(`buy failed: ${outcome.failure.message}`)
  const final = outcome.success
  const hash = final.steps.find((s) => s.id === "sale")!.items![0]!.internalTxHashes![0]!.txHash
  return { final, hash, latencyMs: completedAt! - devnet.indexedAt(hash)! }
}

/** Opens a raw socket on the devnet and collects what it pushes. */
const rawSocket = async (url: string) => {
  const socket = new WebSocket(url)
  const messages: Array<any> = []
  socket.on("message", (data) => messages.push(JSON.parse(data.toString("utf8"))))
  await new Promise<void>((resolve, reject) => {
    socket.once("open" as "close", () => resolve())
    socket.once("error", reject)
  })
  const waitFor = async (predicate: (m: any) => boolean, timeoutMs = 5000) => {
    const started = Date.now()
    while (!messages.some(predicate)) {
      if (Date.now() - started > timeoutMs) throw new Error(`no matching message in ${JSON.stringify(messages)}`)
      await new Promise((r) => setTimeout(r, 10))
    }
    return messages.find(predicate)
  }
  return { socket, messages, waitFor }
}

describe("status over the devnet websocket", () => {
  it("every devnet chain config carries its websocketUrl", () => {
    expect(devnet.chains.map((c) => c.websocketUrl)).toEqual([devnet.websocketUrls[31337], devnet.websocketUrls[31338]])
    expect(devnet.websocketUrls[31337]).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/chains\/31337\/ws$/)
  })

  it("acknowledges a subscription as pending, then pushes success once the transaction is indexed", async () => {
    const { socket, waitFor } = await rawSocket(devnet.websocketUrls[31337]!)
    const client = reads(devnet).client
    const wallet = (await import("viem")).createWalletClient({
      account: user(5).account,
      chain: devnet.chains[0]!.viemChain!,
      transport: (await import("viem")).http(devnet.rpcUrls[31337]),
    })
    const hash: Hex = await wallet.sendTransaction({ to: user(4).address, value: 1n })
    socket.send(JSON.stringify({ type: "subscribe", event: "transaction.status", filters: { txHash: hash } }))
    const settled = await waitFor((m) => m.data?.status === "success")
    expect(settled).toEqual({ event: "transaction.status", data: { txHash: hash, status: "success" } })
    expect(await client.getTransactionReceipt({ hash })).toMatchObject({ status: "success" })
    socket.send("nonsense")
    expect(await waitFor((m) => m.event === "error")).toMatchObject({ message: "frame is not JSON" })
    const unknown = `0x${"12".repeat(32)}`
    socket.send(JSON.stringify({ type: "subscribe", event: "transaction.status", filters: { txHash: unknown } }))
    expect(await waitFor((m) => m.data?.txHash === unknown)).toEqual({
      event: "transaction.status",
      data: { txHash: unknown, status: "pending" },
    })
    socket.close()
  })

  it("the executor completes a buy from the pushed status, within 50 ms of indexing, with fewer status polls, and closes its socket", async () => {
    devnet.requests.clear()
    const { final, latencyMs } = await buy(2n, true)
    expect(final.status).toBe("complete")
    expect(await reads(devnet).ownerOf(devnet.contracts.origin.punks, 2n)).toBe(user(3).address)
    expect(latencyMs).toBeLessThan(50)
    // The first status poll goes out right after the send, before the block is indexed; the socket settles it.
    expect(devnet.requests.counts()["POST /execute/status/v1"] ?? 0).toBeLessThanOrEqual(1)
    await new Promise((r) => setTimeout(r, 50))
    expect(wsSockets.length).toBeGreaterThan(0)
    expect(wsSockets.every((s) => s.readyState === 3)).toBe(true)
  })

  it("without a WebSocket constructor the executor polls as before", async () => {
    const before = wsSockets.length
    const { final, latencyMs } = await buy(3n, false)
    expect(final.status).toBe("complete")
    expect(wsSockets.length).toBe(before)
    expect(latencyMs).toBeLessThan(devnet.chains[0]!.checkPollingInterval! + 100)
  })
})
