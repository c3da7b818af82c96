/**
 * Ready for the APIs that exist, through the Promise facade against the devnet: configured headers on every
 * API request (and the status socket's handshake), a buy through `createApiProxy` with no key in the client,
 * and a partial sweep that reports what it could not buy.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import WebSocket from "ws"
import { credentialFingerprint, type Devnet, startDevnet } from "../../../devnet/index.js"
import { createClient } from "../../../src/client.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import { createApiProxy, toNodeListener } from "../../../src/proxy/index.js"
import { reads, walletClientOf } from "./fixture.js"

/** `ws`'s WebSocket, which takes handshake headers as a third argument (the package ships no types). */
const NodeWebSocket = WebSocket as unknown as new (
  url: string,
  protocols?: string | Array<string>,
  options?: { readonly headers: Readonly<Record<string, string>> },
) => globalThis.WebSocket

const KEY = "devnet-proxy-key-3b9f"
const BEARER = "Bearer tenant-token-71c0"
const GATEWAY = "gateway-d41e"

let devnet: Devnet
let proxy: Server
let proxyUrl = ""
beforeAll(async () => {
  devnet = await startDevnet()
  proxy = createServer(
    toNodeListener(createApiProxy({ target: devnet.apiUrl, basePath: "/api/reservoir", apiKey: KEY })),
  )
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve))
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise<void>((resolve) => (proxy === undefined ? resolve() : proxy.close(() => resolve())))
  await devnet?.stop()
})

const user = (n: number) => devnet.accounts.users[n - 1]!
const punk = (id: number) => `${devnet.contracts.origin.punks}:${id}`
const origin = () => devnet.chains[0]!

describe("headers, the proxy and partial fills against the devnet", () => {
  it("a client with headers sends them, and the key, on every API request and in the status socket's handshake", async () => {
    const client = createClient({
      apiKey: KEY,
      headers: { Authorization: BEARER },
      chains: [{ ...origin(), headers: { "X-Gateway-Token": GATEWAY } }],
      webSocketConstructor: (url, protocols, options) => new NodeWebSocket(url, protocols, options),
    })
    devnet.requests.clear()
    try {
      expect(
        await client.actions.buyToken({ items: [{ token: punk(1) }], wallet: walletClientOf(devnet, user(3)) }),
      ).toBe(true)
    } finally {
      await client.dispose()
    }
    expect(await reads(devnet).ownerOf(devnet.contracts.origin.punks, 1n)).toBe(user(3).address)
    const expected = {
      authorization: credentialFingerprint(BEARER),
      "x-api-key": credentialFingerprint(KEY),
      "x-gateway-token": credentialFingerprint(GATEWAY),
    }
    const routes = new Set(devnet.requests.entries.map((entry) => entry.route))
    expect(routes).toContain("POST /execute/buy/v7")
    expect(routes).toContain("POST /execute/status/v1")
    expect(routes).toContain("GET /transfers/bulk/v2")
    for (const entry of devnet.requests.entries)
      expect([entry.route, entry.credentials]).toEqual([entry.route, expected])
    expect(devnet.requests.handshakes.length).toBeGreaterThan(0)
    for (const handshake of devnet.requests.handshakes) expect(handshake.credentials).toEqual(expected)
    // The log keeps fingerprints, never a value.
    const log = JSON.stringify([devnet.requests.entries, devnet.requests.handshakes])
    for (const secret of [KEY, BEARER, GATEWAY]) expect(log).not.toContain(secret)
  })

  it("a buy through the proxy succeeds with no key in the client, while the devnet receives the key", async () => {
    const client = createClient({
      chains: [{ ...origin(), baseApiUrl: `${proxyUrl}/api/reservoir`, websocketUrl: undefined }],
    })
    devnet.requests.clear()
    try {
      expect(
        await client.actions.buyToken({ items: [{ token: punk(2) }], wallet: walletClientOf(devnet, user(4)) }),
      ).toBe(true)
    } finally {
      await client.dispose()
    }
    expect(await reads(devnet).ownerOf(devnet.contracts.origin.punks, 2n)).toBe(user(4).address)
    expect(devnet.requests.entries.length).toBeGreaterThan(2)
    for (const entry of devnet.requests.entries)
      expect(entry.credentials).toEqual({ "x-api-key": credentialFingerprint(KEY) })
  })

  it("a request for a non-protocol route through the proxy is refused and never reaches the devnet", async () => {
    devnet.requests.clear()
    for (const path of ["/tokens/v7", "/collections/v7", "/__devnet/state", "/execute/buy/v7/../../__devnet/state"]) {
      const response = await fetch(`${proxyUrl}/api/reservoir${path}`)
      expect([path, response.status]).toEqual([path, 404])
    }
    const raw = await fetch(`${proxyUrl}/api/reservoir/__devnet/faults`, { method: "POST", body: "{}" })
    expect(raw.status).toBe(404)
    expect(devnet.requests.entries).toEqual([])
  })

  it("a partial sweep of a listed and an unlisted token buys the listed one and reports the other in errors", async () => {
    const client = createClient({ chains: devnet.chains })
    const snapshots: Array<ExecutionSnapshot> = []
    try {
      const result = await client.actions.buyToken({
        items: [{ token: punk(3) }, { token: punk(21) }],
        options: { partial: true },
        wallet: walletClientOf(devnet, user(5)),
        onSnapshot: (snapshot) => snapshots.push(snapshot),
      })
      expect(result).toBe(true)
      // Without `partial`, the unlisted token is the API's error, as before, and nothing is bought.
      await expect(
        client.actions.buyToken({
          items: [{ token: punk(4) }, { token: punk(21) }],
          wallet: walletClientOf(devnet, user(5)),
        }),
      ).rejects.toThrow(/No available orders for token .*:21/)
    } finally {
      await client.dispose()
    }
    const { punks } = devnet.contracts.origin
    expect(await reads(devnet).ownerOf(punks, 3n)).toBe(user(5).address)
    expect(await reads(devnet).ownerOf(punks, 4n)).toBe(user(1).address)
    expect(snapshots.at(-1)).toMatchObject({
      status: "complete",
      errors: [{ message: `No available orders for token ${punk(21)}` }],
    })
    expect(snapshots.at(-1)?.path?.map((entry) => entry.tokenId)).toEqual(["3"])
  })
})
