/**
 * The devnet server under bad requests, through real HTTP: each one gets a JSON 4xx (or a 500 for a defect),
 * never a crash, and the server answers a normal request afterwards.
 */
import { connect } from "node:net"
import { type Hex, parseEther } from "viem"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import {
  buildOrder,
  Criteria,
  type Order,
  OrderSide,
  signOrder,
  TokenKind,
  tokenSetRoot,
} from "../../../devnet/chain/orders.js"
import { type Devnet, Faults, startDevnet } from "../../../devnet/index.js"
import type { DevnetContext } from "../../../devnet/server/context.js"
import { close, listen, type Route } from "../../../devnet/server/http.js"
import { orderJson } from "../../../devnet/server/steps.js"
import { apiGet, apiPost } from "./fixture.js"

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet()
})
afterEach(() => devnet.faults.reset())
afterAll(async () => {
  await devnet?.stop()
})

const user = (n: number) => devnet.accounts.users[n - 1]!

/** Sends `text` on a fresh TCP connection; resolves with everything the server wrote until it closed (or 2 s). */
const rawRequest = (text: string) =>
  new Promise<string>((resolve) => {
    const port = Number(new URL(devnet.apiUrl).port)
    let answer = ""
    const socket = connect(port, "127.0.0.1", () => socket.write(text))
    const timer = setTimeout(() => socket.destroy(), 2_000)
    socket.on("data", (chunk) => (answer += chunk.toString("utf8")))
    socket.on("error", () => undefined)
    socket.on("close", () => {
      clearTimeout(timer)
      resolve(answer)
    })
  })

/** The server still serves a normal request. */
const stillServing = async () => {
  const response = await fetch(`${devnet.apiUrl}/collections/v7`)
  expect(response.status).toBe(200)
  expect((await response.json()).collections.length).toBeGreaterThan(0)
}

/** Posts `order` to `/order/v4`, signed by its maker (a devnet user), with `criteria` in the item. */
const postOrder = async (order: Order, maker = user(1), criteria?: unknown) => {
  const signature = await signOrder(maker.account, devnet.originChainId, devnet.contracts.origin.exchange, order)
  const item = {
    order: { kind: "tradekit-exchange", data: orderJson(order) },
    orderbook: "reservoir",
    ...(criteria !== undefined ? { criteria } : {}),
  }
  return apiPost(devnet, `/order/v4?signature=${signature}`, { items: [item], source: "devnet.test" })
}

/** Every order of `maker` in the book, whatever its status. */
const bookIdsOf = async (maker: string, side: "asks" | "bids") =>
  (
    await apiGet<{ orders: { id: Hex }[] }>(
      devnet,
      `/orders/${side}/${side === "asks" ? "v5" : "v6"}?maker=${maker}&status=any`,
    )
  ).orders.map((o) => o.id)

describe("requests the devnet cannot route", () => {
  it("answers a websocket upgrade with an unparseable URL with 400 and keeps serving", async () => {
    const answer = await rawRequest(
      "GET //[ HTTP/1.1\r\nHost: devnet\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
    )
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    await stillServing()
  })

  it("answers a plain request with an unparseable URL with a JSON 400", async () => {
    const answer = await rawRequest("GET //[ HTTP/1.1\r\nHost: devnet\r\nConnection: close\r\n\r\n")
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    // The body comes chunked: the JSON is between the first "{" and the last "}".
    expect(JSON.parse(answer.slice(answer.indexOf("{"), answer.lastIndexOf("}") + 1))).toEqual({
      message: "The request URL //[ is not a valid URL",
      statusCode: 400,
      error: "Bad Request",
    })
    await stillServing()
  })

  it("refuses a body over 1 MiB with a JSON 413", async () => {
    const response = await fetch(`${devnet.apiUrl}/execute/buy/v7`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `"${"x".repeat(2 ** 21)}"`,
    })
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({
      message: "The request body is larger than 1048576 bytes",
      statusCode: 413,
    })
    await stillServing()
  })

  it("answers malformed %-encoding in a path with a JSON 400", async () => {
    for (const path of ["/users/%E0%A4%A/tokens/v10", "/transactions/%ZZ/synced/v1"]) {
      const response = await fetch(`${devnet.apiUrl}${path}`)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({
        message: expect.stringMatching(/^Malformed %-encoding in the path segment "%/),
        statusCode: 400,
      })
    }
    await stillServing()
  })
})

describe("/order/v4 refuses orders that can never be filled", () => {
  it("refuses an ERC-1155 listing of amount 0, and stores nothing", async () => {
    const order = buildOrder({
      side: OrderSide.Listing,
      maker: user(1).address,
      collection: devnet.contracts.origin.editions,
      tokenKind: TokenKind.ERC1155,
      tokenId: 1n,
      amount: 0n,
      price: parseEther("0.01"),
    })
    const before = await bookIdsOf(user(1).address, "asks")
    const answer = await postOrder(order)
    expect(answer).toMatchObject({
      status: 400,
      body: { message: "items[0]: order.amount must be positive", statusCode: 400 },
    })
    expect(await bookIdsOf(user(1).address, "asks")).toEqual(before)
    await stillServing()
  })

  it("refuses an expired listing and an expired bid, and stores nothing", async () => {
    const expiry = BigInt(Math.floor(Date.now() / 1000) - 60)
    const listing = buildOrder({
      side: OrderSide.Listing,
      maker: user(1).address,
      collection: devnet.contracts.origin.editions,
      tokenKind: TokenKind.ERC1155,
      tokenId: 1n,
      amount: 1n,
      price: parseEther("0.01"),
      expiry,
    })
    const bid = buildOrder({
      side: OrderSide.Bid,
      maker: user(2).address,
      collection: devnet.contracts.origin.punks,
      criteria: Criteria.Collection,
      currency: devnet.contracts.origin.weth,
      price: parseEther("0.01"),
      expiry,
    })
    const [asksBefore, bidsBefore] = [
      await bookIdsOf(user(1).address, "asks"),
      await bookIdsOf(user(2).address, "bids"),
    ]
    expect(await postOrder(listing)).toMatchObject({
      status: 400,
      body: { message: `items[0]: the order expired at ${expiry}` },
    })
    expect(await postOrder(bid, user(2))).toMatchObject({
      status: 400,
      body: { message: `items[0]: the order expired at ${expiry}` },
    })
    expect(await bookIdsOf(user(1).address, "asks")).toEqual(asksBefore)
    expect(await bookIdsOf(user(2).address, "bids")).toEqual(bidsBefore)
    await stillServing()
  })

  it("answers non-numeric token ids of a token-set bid with a JSON 400", async () => {
    const tokenIds = [1n, 2n]
    const bid = buildOrder({
      side: OrderSide.Bid,
      maker: user(2).address,
      collection: devnet.contracts.origin.punks,
      criteria: Criteria.TokenSet,
      tokenSetRoot: tokenSetRoot(tokenIds),
      currency: devnet.contracts.origin.weth,
      price: parseEther("0.01"),
    })
    const answer = await postOrder(bid, user(2), {
      kind: "token-set",
      tokenSetId: "token-set:1,x",
      tokenIds: ["1", "x"],
    })
    expect(answer).toMatchObject({
      status: 400,
      body: { message: 'criteria.tokenIds[1] must be a token id, not "x"', statusCode: 400 },
    })
    await stillServing()
  })
})

describe("execute requests the chain could never carry out", () => {
  it("refuses token ids and prices beyond uint256", async () => {
    const huge = (2n ** 256n).toString()
    const { punks } = devnet.contracts.origin
    const bid = await apiPost(devnet, "/execute/bid/v5", {
      maker: user(1).address,
      params: [{ token: `${punks}:${huge}`, weiPrice: "1000" }],
    })
    expect(bid).toMatchObject({ status: 400, body: { message: "params[0].token token id must be below 2^256" } })
    const list = await apiPost(devnet, "/execute/list/v5", {
      maker: user(1).address,
      params: [{ token: `${punks}:1`, weiPrice: huge }],
    })
    expect(list).toMatchObject({
      status: 400,
      body: { message: "params[0].weiPrice must be a non-negative integer below 2^256" },
    })
    await stillServing()
  })

  it("refuses a listing or a bid that expires before it is made", async () => {
    const past = String(Math.floor(Date.now() / 1000) - 60)
    const { punks } = devnet.contracts.origin
    const list = await apiPost(devnet, "/execute/list/v5", {
      maker: user(1).address,
      params: [{ token: `${punks}:1`, weiPrice: "1000", expirationTime: past }],
    })
    expect(list).toMatchObject({ status: 400, body: { message: `params[0].expirationTime ${past} is in the past` } })
    const bid = await apiPost(devnet, "/execute/bid/v5", {
      maker: user(2).address,
      params: [{ collection: punks, weiPrice: "1000", expirationTime: past }],
    })
    expect(bid).toMatchObject({ status: 400, body: { message: `params[0].expirationTime ${past} is in the past` } })
  })
})

describe("the admin routes", () => {
  it("refuse fault settings the server could not act on, and keep the old ones", async () => {
    const bad = [
      [
        { endpoints: { "/collections/v7": { errorRate: 1, errorStatus: 99 } } },
        'endpoints["/collections/v7"].errorStatus must be an HTTP status (100–599)',
      ],
      [
        { endpoints: { "/collections/v7": { errorRate: 2 } } },
        'endpoints["/collections/v7"].errorRate must be a number from 0 to 1',
      ],
      [{ endpoints: { "/collections/v7": "often" } }, 'endpoints["/collections/v7"] must be a JSON object'],
      [
        { chain: { chainId: devnet.originChainId, mine: "1000000000000000000000000" } },
        "chain.mine must be from 1 to 10000 blocks",
      ],
      [{ chain: { chainId: devnet.originChainId, drop: "0x12" } }, "chain.drop must be a transaction hash"],
    ] as const
    for (const [body, message] of bad) {
      expect(await apiPost(devnet, "/__devnet/faults", body)).toMatchObject({ status: 400, body: { message } })
    }
    expect((await apiGet(devnet, "/__devnet/faults")).endpoints).toEqual({})
    await stillServing()
  })
})

describe("handler defects", () => {
  it("answer a JSON 500 whatever a handler throws, and the server keeps serving", async () => {
    const routes: ReadonlyArray<Route> = [
      {
        method: "GET",
        pattern: "/throws",
        handler: () => {
          throw new TypeError("Cannot read properties of undefined (reading 'order')")
        },
      },
      { method: "GET", pattern: "/rejects", handler: () => Promise.reject("a bare string") },
      { method: "GET", pattern: "/unserialisable", handler: async () => ({ loop: globalThis }) },
      { method: "GET", pattern: "/ok", handler: async () => ({ ok: true }) },
    ]
    // Only what the HTTP layer reads: the origin chain for bare paths, and the fault knobs.
    const ctx = { origin: devnet.chains[0], chains: new Map(), faults: new Faults([], []) } as unknown as DevnetContext
    const { server, port } = await listen(ctx, routes)
    try {
      const answers = await Promise.all(
        ["/throws", "/rejects", "/unserialisable"].map(async (path) => {
          const response = await fetch(`http://127.0.0.1:${port}${path}`)
          return { status: response.status, body: await response.json() }
        }),
      )
      expect(answers).toEqual([
        {
          status: 500,
          body: {
            message: "Internal devnet error: Cannot read properties of undefined (reading 'order')",
            statusCode: 500,
            error: "Internal Server Error",
          },
        },
        {
          status: 500,
          body: { message: "Internal devnet error: a bare string", statusCode: 500, error: "Internal Server Error" },
        },
        {
          status: 500,
          body: expect.objectContaining({
            message: expect.stringMatching(/^Internal devnet error: /),
            statusCode: 500,
          }),
        },
      ])
      expect(await (await fetch(`http://127.0.0.1:${port}/ok`)).json()).toEqual({ ok: true })
    } finally {
      await close(server)
    }
  })
})
