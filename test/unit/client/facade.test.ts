import { createWalletClient, custom } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { mainnet } from "viem/chains"
import { describe, expect, it } from "vitest"
import { createClientWithLayer } from "../../../src/client/createClientWithLayer.js"
import type { ReservoirClientOptions } from "../../../src/client.js"
import {
  APIError,
  BidDataMissingError,
  MissingChainConfigurationError,
  NoOrderIdsError,
} from "../../../src/errors/index.js"
import type { ReservoirEvent } from "../../../src/plugins/events.js"
import type { Step } from "../../../src/schema/Step.js"
import type { ReservoirWallet } from "../../../src/services/reservoirWallet.js"
import { makeFakeApi } from "../../../src/testing/FakeApi.js"
import { TEST_PRIVATE_KEY } from "../../../src/testing/FakeWallet.js"
import { EXCHANGE, NFT, OTHER, step, txItem } from "../fixtures.js"
import { memoryProvider } from "./memoryProvider.js"

const account = privateKeyToAccount(TEST_PRIVATE_KEY)
const chain = { id: 1, name: "Ethereum", baseApiUrl: "https://api.test", active: true }
const done = {
  steps: [step("sale", "transaction", [{ status: "complete" }])],
  path: [],
  fees: { relayer: { amount: { raw: "0" } } },
}

/** The older SDK's wallet adapter shape: enough for actions that sign and send nothing. */
const adapterWallet: ReservoirWallet = {
  address: async () => account.address,
  handleSignMessageStep: async () => undefined,
  handleSendTransactionStep: async () => undefined,
}

const setup = (options: Partial<ReservoirClientOptions> = {}) => {
  const api = makeFakeApi()
  const client = createClientWithLayer({ chains: [chain], ...options }, api.layer)
  return { api, client }
}

describe("createClient: the Promise facade", () => {
  it("precheck resolves to what 2.0.x resolves to, per action", async () => {
    const { api, client } = setup()
    for (const path of [
      "/execute/buy/v7",
      "/execute/sell/v7",
      "/execute/mint/v1",
      "/execute/list/v5",
      "/execute/transfer/v1",
      "/execute/call/v1",
    ]) {
      api.route("POST", path, { body: done })
    }
    const wallet = adapterWallet
    const item = [{ token: `${NFT}:1` }]
    const paths: Array<unknown> = []
    expect(
      await client.actions.buyToken({
        items: item,
        wallet,
        precheck: true,
        onProgress: (_s, path) => paths.push(path),
      }),
    ).toEqual(done)
    expect(paths).toEqual([[]])
    expect(await client.actions.acceptOffer({ items: item, wallet, precheck: true })).toEqual(done)
    expect(await client.actions.mintToken({ items: item, wallet, precheck: true })).toEqual(done)
    expect(await client.actions.listToken({ listings: item, wallet, precheck: true })).toEqual(done.steps)
    expect(await client.actions.transferTokens({ to: OTHER, items: item, wallet, precheck: true })).toEqual(done.steps)
    const fees: Array<unknown> = []
    expect(
      await client.actions.call({ txs: [], toChainId: 1, wallet, precheck: true, onProgress: (_s, f) => fees.push(f) }),
    ).toEqual(done)
    expect(fees).toEqual([done.fees])
    await client.dispose()
  })

  it("executes without precheck and resolves to true; bid and cancel always execute", async () => {
    const { api, client } = setup()
    for (const path of ["/execute/buy/v7", "/execute/bid/v5", "/execute/cancel/v3"])
      api.route("POST", path, { body: done })
    expect(await client.actions.buyToken({ items: [{ token: `${NFT}:1` }], wallet: adapterWallet })).toBe(true)
    expect(await client.actions.placeBid({ bids: [{ collection: NFT }], wallet: adapterWallet })).toBe(true)
    expect(await client.actions.cancelOrder({ ids: ["0x1"], wallet: adapterWallet, options: { orderKind: "x" } })).toBe(
      true,
    )
    expect(api.requestsTo("/execute/cancel/v3")[0]!.body).toEqual({ orderIds: ["0x1"], orderKind: "x" })
    await client.dispose()
  })

  it("rejects with the typed error instances, whose messages are 2.0.x's", async () => {
    const { api, client } = setup()
    api.route("POST", "/execute/sell/v7", { status: 400, body: { message: "No offers", statusCode: 400 } })
    const noIds = await client.actions.cancelOrder({ ids: [], wallet: adapterWallet }).catch((e: unknown) => e)
    expect(noIds).toBeInstanceOf(NoOrderIdsError)
    expect(noIds).toBeInstanceOf(Error)
    expect((noIds as Error).message).toBe("No order ids specified")
    const badBid = await client.actions
      .placeBid({ bids: [{ weiPrice: "1" }], wallet: adapterWallet })
      .catch((e: unknown) => e)
    expect(badBid).toBeInstanceOf(BidDataMissingError)
    expect((badBid as Error).message).toBe("Some bid data is missing")
    const noChain = await client.actions
      .buyToken({ items: [], wallet: adapterWallet, chainId: 5 })
      .catch((e: unknown) => e)
    expect(noChain).toBeInstanceOf(MissingChainConfigurationError)
    expect((noChain as Error).message).toBe("ReservoirClient missing chain configuration")
    const callError = await client.actions
      .call({ txs: [], toChainId: 10, wallet: adapterWallet })
      .catch((e: unknown) => e)
    expect((callError as Error).message).toBe("ReservoirClient missing chain configuration")
    const apiError = await client.actions
      .acceptOffer({ items: [{ token: `${NFT}:1` }], wallet: adapterWallet, precheck: true })
      .catch((e: unknown) => e)
    expect(apiError).toBeInstanceOf(APIError)
    expect(apiError).toMatchObject({ message: "No offers", statusCode: 400 })
    await client.dispose()
  })

  it("delivers events to the client's listeners with the chain id; remove and clear work", async () => {
    const { api, client } = setup()
    api
      .route("POST", "/execute/buy/v7", { body: done })
      .route("POST", "/execute/list/v5", { status: 400, body: { message: "bad" } })
    const heard: Array<[ReservoirEvent["name"], number]> = []
    const removed: Array<unknown> = []
    const listener = (event: ReservoirEvent, chainId: number) => heard.push([event.name, chainId])
    const other = (event: ReservoirEvent) => removed.push(event)
    client.addEventListener(listener)
    client.addEventListener(other)
    client.removeEventListener(other)
    await client.actions.buyToken({ items: [{ token: `${NFT}:1` }], wallet: adapterWallet })
    await client.actions.listToken({ listings: [{ token: `${NFT}:1` }], wallet: adapterWallet }).catch(() => undefined)
    expect(heard).toEqual([
      ["purchase_complete", 1],
      ["listing_error", 1],
    ])
    expect(removed).toEqual([])
    client.clearEventListeners()
    await client.actions.buyToken({ items: [{ token: `${NFT}:1` }], wallet: adapterWallet })
    expect(heard).toHaveLength(2)
    await client.dispose()
  })

  it("tells the listeners of a call's event its origin chain id", async () => {
    const base = { id: 8453, name: "Base", baseApiUrl: "https://api-base.test" }
    const { api, client } = setup({ chains: [chain, base] })
    api.route("POST", "/execute/call/v1", { body: done })
    const heard: Array<[ReservoirEvent["name"], number]> = []
    client.addEventListener((event, chainId) => heard.push([event.name, chainId]))
    await client.actions.call({ txs: [], toChainId: base.id, wallet: adapterWallet })
    expect(api.requests[0]!.url.origin).toBe("https://api-base.test")
    expect(heard).toEqual([["unknown", 1]])
    await client.dispose()
  })

  it("two clients with different options do not interfere", async () => {
    const a = setup({ source: "a.app", apiKey: "key-a", marketplaceFees: ["0xa:1"] })
    const b = setup({ source: "b.app", chains: [{ ...chain, baseApiUrl: "https://api-b.test" }] })
    a.api.route("POST", "/execute/list/v5", { body: done })
    b.api.route("POST", "/execute/list/v5", { body: done })
    const heardA: Array<string> = []
    a.client.addEventListener((event) => heardA.push(event.name))
    await Promise.all([
      a.client.actions.listToken({ listings: [{ token: `${NFT}:1` }], wallet: adapterWallet }),
      b.client.actions.listToken({ listings: [{ token: `${NFT}:1` }], wallet: adapterWallet }),
    ])
    expect(a.api.requests[0]!.body).toMatchObject({
      source: "a.app",
      params: [{ token: `${NFT}:1`, marketplaceFees: ["0xa:1"] }],
    })
    expect(a.api.requests[0]!.headers["x-api-key"]).toBe("key-a")
    expect(b.api.requests[0]!.url.origin).toBe("https://api-b.test")
    expect(b.api.requests[0]!.body).toEqual({
      maker: account.address,
      source: "b.app",
      params: [{ token: `${NFT}:1` }],
    })
    expect(b.api.requests[0]!.headers["x-api-key"]).toBeUndefined()
    expect(heardA).toEqual(["listing_complete"])
    await Promise.all([a.client.dispose(), b.client.dispose()])
  })

  it("configure merges options; currentChain and chains follow", async () => {
    const { api, client } = setup({ source: "first.app", normalizeRoyalties: true })
    api.route("POST", "/execute/buy/v7", { body: done })
    expect(client.currentChain()?.id).toBe(1)
    client.configure({
      source: "second.app",
      chains: [
        { ...chain, active: false },
        { id: 8453, name: "Base", baseApiUrl: "https://api.test/base/", active: true },
      ],
    })
    expect(client.currentChain()).toMatchObject({ id: 8453, baseApiUrl: "https://api.test/base" })
    expect(client.chains.map((c) => c.id)).toEqual([1, 8453])
    api.route("POST", "/base/execute/buy/v7", { body: done })
    await client.actions.buyToken({ items: [], wallet: adapterWallet })
    expect(api.requests[0]!.path).toBe("/base/execute/buy/v7")
    expect(api.requests[0]!.body).toMatchObject({ source: "second.app", normalizeRoyalties: true })
    await client.dispose()
  })

  it("onProgress gets fresh arrays on every update, never changed afterwards", async () => {
    const provider = memoryProvider(1)
    const wallet = createWalletClient({ account, chain: mainnet, transport: custom(provider) })
    const { api, client } = setup()
    api
      .route("POST", "/execute/list/v5", {
        body: {
          steps: [
            step("approval", "transaction", [
              txItem(account.address, { data: { from: account.address, to: EXCHANGE, data: "0x01" } }),
            ]),
          ],
        },
      })
      .route("GET", /synced/, { body: { synced: true } })
    const updates: Array<Array<Step>> = []
    const copies: Array<string> = []
    await client.actions.listToken({
      listings: [],
      wallet,
      onProgress: (steps) => {
        updates.push(steps)
        copies.push(JSON.stringify(steps))
        ;(steps[0] as { id: string }).id = "mutated by the caller"
      },
    })
    expect(updates.length).toBeGreaterThan(2)
    expect(new Set(updates).size).toBe(updates.length)
    expect(updates.slice(1).every((steps) => steps[0]!.id === "mutated by the caller")).toBe(true)
    expect(copies.every((copy) => JSON.parse(copy)[0].id === "approval")).toBe(true)
    expect(updates.at(-1)![0]!.items![0]!.status).toBe("complete")
    await client.dispose()
  })

  it("onProgress of buy, sell and mint gets the response's fees third during an execution, as 2.0.x does", async () => {
    const { api, client } = setup()
    const fees = {
      relayer: { currency: { contract: EXCHANGE, decimals: 18 }, amount: { raw: "1000", decimal: 0.000000000000001 } },
    }
    const path = [{ orderId: "0x1", quote: 1 }]
    api
      .route("POST", "/execute/buy/v7", { body: { steps: done.steps, path, fees } })
      .route("POST", "/execute/sell/v7", { body: { steps: done.steps, path } })
      .route("POST", "/execute/mint/v1", { body: { steps: done.steps, path, fees } })
    const calls: Array<Array<unknown>> = []
    const onProgress = (...args: Array<unknown>) => calls.push(args)
    const item = [{ token: `${NFT}:1` }]

    await client.actions.buyToken({ items: item, wallet: adapterWallet, onProgress })
    expect(calls.length).toBeGreaterThan(0)
    for (const args of calls) expect(args).toEqual([done.steps, path, fees])
    calls.splice(0)
    await client.actions.acceptOffer({ items: item, wallet: adapterWallet, onProgress })
    expect(calls.length).toBeGreaterThan(0)
    for (const args of calls) expect(args).toEqual([done.steps, path, {}])
    calls.splice(0)
    await client.actions.mintToken({ items: item, wallet: adapterWallet, onProgress })
    for (const args of calls) expect(args).toEqual([done.steps, path, fees])
    calls.splice(0)
    await client.actions.buyToken({ items: item, wallet: adapterWallet, onProgress, precheck: true })
    expect(calls).toEqual([[done.steps, path]])
    await client.dispose()
  })

  it("aborting the signal rejects with its reason and stops every poll and request", async () => {
    const provider = memoryProvider(1)
    const wallet = createWalletClient({ account, chain: mainnet, transport: custom(provider) })
    const { api, client } = setup({ chains: [{ ...chain, checkPollingInterval: 10 }] })
    api
      .route("POST", "/execute/buy/v7", { body: { steps: [step("sale", "transaction", [txItem(account.address)])] } })
      .route("GET", /synced/, { body: { synced: false } })
    const controller = new AbortController()
    const pending = client.actions.buyToken({ items: [{ token: `${NFT}:1` }], wallet, signal: controller.signal })
    while (api.requestsTo(/synced/).length < 3) await new Promise((resolve) => setTimeout(resolve, 5))
    controller.abort()
    const reason = await pending.catch((e: unknown) => e)
    expect(reason).toBe(controller.signal.reason)
    const seen = api.requests.length
    const rpcCalls = provider.methods.length
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(api.requests.length).toBe(seen)
    expect(provider.methods.length).toBe(rpcCalls)
    await client.dispose()
  })

  it("dispose stops the actions still running", async () => {
    const provider = memoryProvider(1)
    const wallet = createWalletClient({ account, chain: mainnet, transport: custom(provider) })
    const { api, client } = setup({ chains: [{ ...chain, checkPollingInterval: 10 }] })
    api
      .route("POST", "/execute/buy/v7", { body: { steps: [step("sale", "transaction", [txItem(account.address)])] } })
      .route("GET", /synced/, { body: { synced: false } })
    const pending = client.actions.buyToken({ items: [{ token: `${NFT}:1` }], wallet })
    while (api.requestsTo(/synced/).length < 2) await new Promise((resolve) => setTimeout(resolve, 5))
    await client.dispose()
    const reason = (await pending.catch((e: unknown) => e)) as Error
    expect(reason.message).toBe("The client was disposed")
    const seen = api.requests.length
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(api.requests.length).toBe(seen)
  })
})
