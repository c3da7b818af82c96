/**
 * tradekit on OpenSea: the Promise facade with `book: openSea(...)` against the devnet's OpenSea routes and its
 * real Seaport 1.6 — the same actions and guarantees as on the Reservoir protocol, asserted on chain.
 */

import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import {
  type Address,
  createWalletClient,
  custom,
  encodeFunctionData,
  erc20Abi,
  erc721Abi,
  type Hex,
  http,
  parseEther,
  zeroAddress,
} from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { wrappedNativeAbi } from "../../../devnet/artifacts/index.js"
import { seaportAbi } from "../../../devnet/artifacts/seaport/index.js"
import { devnetPublicClient } from "../../../devnet/chain/deploy.js"
import { type Devnet, devnetBatchingProvider, devnetUser, startDevnet } from "../../../devnet/index.js"
import { buy } from "../../../src/actions/buy.js"
import { openSea as openSeaApi } from "../../../src/apis/opensea/index.js"
import { createClientWithLayer } from "../../../src/client/createClientWithLayer.js"
import type { ReservoirClient } from "../../../src/client/ReservoirClient.js"
import { createClient } from "../../../src/client.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import type { ExecuteResponse } from "../../../src/schema/ExecuteResponse.js"
import type { Step } from "../../../src/schema/Step.js"
import { HttpTransport } from "../../../src/services/HttpTransport.js"
import { walletLayer } from "../../../src/services/viemWallet.js"
import { Tradekit } from "../../../src/Tradekit.js"
import { PROMPTS } from "../devnet/fixture.js"
import { fulfillmentCall, openSea, send } from "./fixture.js"

let devnet: Devnet
let client: ReservoirClient
let chain: ReturnType<typeof devnetPublicClient>
/** Every request tradekit sent to OpenSea, as `METHOD path`. */
const openSeaRequests: Array<string> = []
/** Runs once after OpenSea answers the next fulfilment request, before tradekit reads the answer. */
let afterFulfilment: (() => Promise<unknown>) | undefined
/** When set, OpenSea's collection answers lose their fees (as if the fees changed between the read and the post). */
let dropCollectionFees = false

beforeAll(async () => {
  devnet = await startDevnet()
  chain = devnetPublicClient({ chainId: devnet.originChainId, rpcUrl: devnet.rpcUrls[devnet.originChainId]! })
  const { apiKey, apiBaseUrl, chainNames, seaport, conduitKey, conduit, signedZone } = devnet.openSea
  const recording: typeof globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.href.startsWith(apiBaseUrl))
      openSeaRequests.push(`${init?.method ?? (input instanceof Request ? input.method : "GET")} ${url.pathname}`)
    if (dropCollectionFees && url.pathname.startsWith("/api/v2/collections/")) {
      return globalThis.fetch(input, init).then(async (response) => {
        const body = await response.json()
        return new Response(JSON.stringify({ ...body, fees: [] }), {
          status: response.status,
          headers: { "content-type": "application/json" },
        })
      })
    }
    const hook = url.pathname.endsWith("/fulfillment_data") ? afterFulfilment : undefined
    if (hook !== undefined) afterFulfilment = undefined
    return hook === undefined
      ? globalThis.fetch(input, init)
      : globalThis.fetch(input, init).then((response) => hook().then(() => response))
  }
  const transport = HttpTransport.layerFetch(recording)
  client = createClientWithLayer(
    {
      chains: devnet.chains,
      book: openSeaApi({ apiKey, apiBaseUrl, chainNames, seaport, conduitKey, conduit, signedZone }),
    },
    transport,
  )
})
afterAll(async () => {
  await client?.dispose()
  await devnet?.stop()
})

const user = (n: number) => devnetUser(devnet, n)
const punks = () => devnet.contracts.origin.punks
const punk = (id: bigint | number) => `${punks()}:${id}`
const ownerOf = (id: bigint) =>
  chain.readContract({ address: punks(), abi: erc721Abi, functionName: "ownerOf", args: [id] })
const nonceOf = (address: Address) => chain.getTransactionCount({ address })
const chainName = () => devnet.openSea.chainNames[devnet.originChainId]!
const bestListing = async (tokenId: bigint) =>
  (await openSea(devnet, "GET", `/api/v2/listings/collection/devnet-punks/nfts/${tokenId}/best`)).body
const orderStatus = async (hash: string) =>
  (await openSea(devnet, "GET", `/api/v2/orders/chain/${chainName()}/protocol/${devnet.openSea.seaport}/${hash}`)).body
    .order.status

/** The devnet wallet of user `n`; `methods` records every method it is asked. */
const walletOf = (n: number, methods?: Array<string>) => {
  const rpc = http(devnet.rpcUrls[devnet.originChainId])({ chain: devnet.chains[0]!.viemChain! })
  return createWalletClient({
    account: user(n).account,
    chain: devnet.chains[0]!.viemChain!,
    transport: custom({
      request: (args: { method: string; params?: unknown }) => (methods?.push(args.method), rpc.request(args as never)),
    }),
  })
}

/** Fills a listing from another account with exactly the API's fulfilment data. */
const fillAs = async (n: number, hash: string) => {
  const answer = await openSea(devnet, "POST", "/api/v2/listings/fulfillment_data", {
    listing: { hash, chain: chainName(), protocol_address: devnet.openSea.seaport },
    fulfiller: { address: user(n).address },
  })
  expect(answer.status).toBe(200)
  return send(devnet, user(n).account, fulfillmentCall(answer.body.fulfillment_data.transaction))
}

describe("buying OpenSea listings", () => {
  it("an ETH listing, by token: the buyer owns it, the sale confirmed from the chain", async () => {
    const steps: Array<Array<Step>> = []
    const result = await client.actions.buyToken({
      items: [{ token: punk(13) }],
      wallet: walletOf(5),
      onProgress: (s) => steps.push(s),
    })
    expect(result).toBe(true)
    expect(await ownerOf(13n)).toBe(user(5).address)
    expect(steps.at(-1)?.map((step) => step.id)).toEqual(["sale"])
    expect(steps.at(-1)?.[0]?.items?.[0]?.status).toBe("complete")
    expect(openSeaRequests).toContain("POST /api/v2/listings/fulfillment_data")
  })

  it("a WETH listing with the batching wallet: the conduit's approval and the sale in ONE wallet_sendCalls", async () => {
    const buyer = user(5)
    await send(devnet, buyer.account, {
      to: devnet.contracts.origin.weth,
      value: parseEther("0.12"),
      data: encodeFunctionData({ abi: wrappedNativeAbi, functionName: "deposit" }),
    })
    const provider = devnetBatchingProvider(devnet, buyer)
    const methods: Array<string> = []
    const wallet = createWalletClient({
      account: provider.address,
      chain: devnet.chains[0]!.viemChain!,
      transport: custom({
        request: (args: { method: string; params?: unknown }) => (methods.push(args.method), provider.request(args)),
      }),
    })
    const plans: Array<Array<string>> = []
    await client.actions.buyToken({
      items: [{ token: punk(14) }],
      wallet,
      onProgress: (steps) => plans.push(steps.map((s) => s.id)),
    })
    expect(plans[0]).toEqual(["currency-approval", "sale"])
    expect(methods.filter((method) => PROMPTS.has(method))).toEqual(["wallet_sendCalls"])
    expect(await ownerOf(14n)).toBe(buyer.address)
    const allowance = await chain.readContract({
      address: devnet.contracts.origin.weth,
      abi: erc20Abi,
      functionName: "allowance",
      args: [buyer.address, devnet.openSea.conduit],
    })
    expect(allowance > 0n).toBe(true)
  })
})

describe("the guarantees on OpenSea", () => {
  it("a price above the expected one is refused by the price check: nothing signed or sent", async () => {
    const nonce = await nonceOf(user(5).address)
    await expect(
      client.actions.buyToken({
        items: [{ token: punk(18) }],
        wallet: walletOf(5),
        expectedPrice: { [zeroAddress]: { raw: parseEther("0.1") } },
      }),
    ).rejects.toMatchObject({ _tag: "PriceMismatchError" })
    expect(await nonceOf(user(5).address)).toBe(nonce)
    expect(await ownerOf(18n)).toBe(user(4).address)
  })

  it("a listing filled by someone else after the plan is refused by the simulation, before the wallet", async () => {
    const listing = await bestListing(18n)
    const methods: Array<string> = []
    afterFulfilment = () => fillAs(2, listing.order_hash)
    const wallet = walletOf(5, methods)
    await expect(client.actions.buyToken({ items: [{ orderId: listing.order_hash }], wallet })).rejects.toMatchObject({
      _tag: "TransactionWouldRevertError",
    })
    expect(await ownerOf(18n)).toBe(user(2).address)
    expect(methods.filter((method) => PROMPTS.has(method))).toEqual([])
  })
})

/** A Devnet Punk that `n` owns and that has no OpenSea listing. */
const unlistedPunkOf = async (n: number, skip: ReadonlyArray<bigint> = []) => {
  for (let id = 1n; id <= 22n; id++) {
    if (skip.includes(id) || (await ownerOf(id)) !== user(n).address) continue
    if ((await openSea(devnet, "GET", `/api/v2/listings/collection/devnet-punks/nfts/${id}/best`)).status === 404)
      return id
  }
  throw new Error(`user ${n} has no unlisted punk`)
}

/** The order ids a finished listToken or placeBid posted. */
const postedOrderIds = (steps: ReadonlyArray<Step>) =>
  steps.flatMap((step) => (step.items ?? []).flatMap((item) => (item.orderData ?? []).map((order) => order.orderId)))

/** A token user 1 listed for 0.07 ETH with listToken. */
let relisted: bigint | undefined
/** The offers user 5 placed (placeBid), by their order hash. */
let itemOffer: string | undefined
let collectionOffer: string | undefined

describe("making orders on OpenSea", () => {
  let listed: { tokenId: bigint; orderId: string } | undefined

  it("listToken: the conduit approved, a Seaport listing signed and posted, filled on chain by another account", async () => {
    const tokenId = await unlistedPunkOf(1)
    let steps: Array<Step> = []
    await client.actions.listToken({
      listings: [{ token: punk(tokenId), weiPrice: parseEther("0.05").toString() }],
      wallet: walletOf(1),
      onProgress: (s) => {
        steps = s
      },
    })
    expect(steps.map((step) => step.id)).toEqual(["nft-approval", "order-signature"])
    const [orderId] = postedOrderIds(steps)
    expect(orderId).toMatch(/^0x[0-9a-f]{64}$/)
    const best = await bestListing(tokenId)
    expect(best.order_hash).toBe(orderId)
    expect(best.price.current).toMatchObject({ currency: "ETH", value: parseEther("0.05").toString() })
    await fillAs(2, orderId!)
    expect(await ownerOf(tokenId)).toBe(user(2).address)
    listed = { tokenId, orderId: orderId! }
  })

  it("listToken again on an approved contract: only the signature; a bad price's refusal reaches the caller", async () => {
    expect(listed).toBeDefined()
    const tokenId = await unlistedPunkOf(1)
    const plans: Array<Array<string>> = []
    await client.actions.listToken({
      listings: [{ token: punk(tokenId), weiPrice: parseEther("0.07").toString() }],
      wallet: walletOf(1),
      onProgress: (s) => plans.push(s.map((step) => step.id)),
    })
    expect(plans[0]).toEqual(["order-signature"])
    expect((await bestListing(tokenId)).price.current.value).toBe(parseEther("0.07").toString())
    relisted = tokenId
  })

  it("placeBid: an item offer and a collection offer from an ETH-only wallet (wrap, approve, sign, post)", async () => {
    const target = await unlistedPunkOf(3)
    let steps: Array<Step> = []
    await client.actions.placeBid({
      bids: [
        {
          token: punk(target),
          weiPrice: parseEther("0.3").toString(),
          expirationTime: String(Math.floor(Date.now() / 1000) + 3600),
        },
        {
          collection: punks(),
          weiPrice: parseEther("0.045").toString(),
          expirationTime: String(Math.floor(Date.now() / 1000) + 3600),
        },
      ],
      wallet: walletOf(5),
      onProgress: (s) => {
        steps = s
      },
    })
    expect(steps.map((step) => step.id)).toEqual(["currency-wrapping", "order-signature"])
    ;[itemOffer, collectionOffer] = postedOrderIds(steps)
    const item = await openSea(
      devnet,
      "GET",
      `/api/v2/orders/chain/${chainName()}/protocol/${devnet.openSea.seaport}/${itemOffer}`,
    )
    expect(item.body.order).toMatchObject({ status: "ACTIVE", asset: { identifier: String(target) } })
    const collection = await openSea(
      devnet,
      "GET",
      `/api/v2/orders/chain/${chainName()}/protocol/${devnet.openSea.seaport}/${collectionOffer}`,
    )
    expect(collection.body.order).toMatchObject({
      status: "ACTIVE",
      criteria: { collection: { slug: "devnet-punks" } },
    })
    const best = await openSea(devnet, "GET", `/api/v2/offers/collection/devnet-punks/nfts/${target}/best`)
    expect(best.body.order_hash).toBe(itemOffer)
  })

  it("acceptOffer: the owner sells into the best offer (the item offer), net of the required fees", async () => {
    const offer = (
      await openSea(
        devnet,
        "GET",
        `/api/v2/orders/chain/${chainName()}/protocol/${devnet.openSea.seaport}/${itemOffer}`,
      )
    ).body.order
    const tokenId = BigInt(offer.asset.identifier)
    const seller = user(3)
    const wethOf = (address: Address) =>
      chain.readContract({
        address: devnet.contracts.origin.weth,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [address],
      })
    const before = await wethOf(seller.address)
    const paths: Array<unknown> = []
    await client.actions.acceptOffer({
      items: [{ token: punk(tokenId) }],
      wallet: walletOf(3),
      onProgress: (_steps, path) => paths.push(path),
    })
    expect(await ownerOf(tokenId)).toBe(user(5).address)
    expect((await wethOf(seller.address)) - before).toBe(parseEther("0.2895"))
    expect(paths[0]).toEqual([
      expect.objectContaining({ orderId: itemOffer, rawQuote: parseEther("0.2895").toString() }),
    ])
    // The devnet's OpenSea marks the order once it has indexed Seaport's event, a moment after the receipt.
    await expect.poll(() => orderStatus(itemOffer!), { timeout: 5_000 }).toBe("FULFILLED")
  })
})

describe("cancelling OpenSea orders", () => {
  it("off-chain: the collection offer's maker signs, OpenSea hands out no more fulfilment for it", async () => {
    const hash = collectionOffer!
    expect(await orderStatus(hash)).toBe("ACTIVE")
    const nonce = await nonceOf(user(5).address)
    const steps: Array<ReadonlyArray<Step>> = []
    const before = Date.now()
    await client.actions.cancelOrder({
      ids: [hash],
      wallet: walletOf(5),
      options: { offChain: true },
      onProgress: (s) => steps.push(s),
    })
    expect(await nonceOf(user(5).address)).toBe(nonce)
    // The result keeps when the cancel is assured: a fill signature handed out before then may still be used.
    const [done] = steps.at(-1)?.[0]?.items?.[0]?.orderData ?? []
    expect(done?.orderId).toBe(hash)
    expect(Date.parse(done?.fillableUntil ?? "")).toBeGreaterThanOrEqual(before - 1000)
    const fulfil = await openSea(devnet, "POST", "/api/v2/offers/fulfillment_data", {
      offer: { hash, chain: chainName(), protocol_address: devnet.openSea.seaport },
      fulfiller: { address: user(1).address },
      consideration: { asset_contract_address: punks(), token_id: "1" },
    })
    expect(fulfil.status).toBe(400)
  })

  it("on chain: Seaport.cancel from the maker; the order is cancelled on Seaport", async () => {
    const tokenId = await unlistedPunkOf(1)
    let steps: Array<Step> = []
    await client.actions.listToken({
      listings: [{ token: punk(tokenId), weiPrice: parseEther("0.5").toString() }],
      wallet: walletOf(1),
      onProgress: (s) => {
        steps = s
      },
    })
    const [hash] = postedOrderIds(steps)
    await client.actions.cancelOrder({ ids: [hash!], wallet: walletOf(1) })
    const status = await chain.readContract({
      address: devnet.openSea.seaport,
      abi: seaportAbi,
      functionName: "getOrderStatus",
      args: [hash as Hex],
    })
    expect(status[1]).toBe(true)
    await expect.poll(() => orderStatus(hash!), { timeout: 5000 }).toBe("CANCELLED")
  })

  it("someone else's order: refused before any prompt (the plan's sender is not the wallet)", async () => {
    const listing = await bestListing(19n)
    const methods: Array<string> = []
    await expect(
      client.actions.cancelOrder({ ids: [listing.order_hash], wallet: walletOf(5, methods) }),
    ).rejects.toMatchObject({
      _tag: "WalletAddressMismatchError",
    })
    expect(methods.filter((method) => PROMPTS.has(method))).toEqual([])
  })
})

describe("a price raised between the quote and the buy", () => {
  it("the seller relists higher: the buy with the quoted price is refused by the price check, nothing sent", async () => {
    const tokenId = await unlistedPunkOf(1)
    let steps: Array<Step> = []
    const list = (price: string) =>
      client.actions.listToken({
        listings: [{ token: punk(tokenId), weiPrice: parseEther(price).toString() }],
        wallet: walletOf(1),
        onProgress: (s) => {
          steps = s
        },
      })
    await list("0.1")
    const [first] = postedOrderIds(steps)
    const quote = (await client.actions.buyToken({
      items: [{ token: punk(tokenId) }],
      wallet: walletOf(5),
      precheck: true,
    })) as ExecuteResponse
    const quoted = quote.path?.[0]?.rawQuote
    expect(quoted).toBe(parseEther("0.1").toString())
    await client.actions.cancelOrder({ ids: [first!], wallet: walletOf(1) })
    await expect.poll(() => orderStatus(first!), { timeout: 5000 }).toBe("CANCELLED")
    await list("0.2")
    const nonce = await nonceOf(user(5).address)
    await expect(
      client.actions.buyToken({
        items: [{ token: punk(tokenId) }],
        wallet: walletOf(5),
        expectedPrice: { [zeroAddress]: { raw: BigInt(quoted!) } },
      }),
    ).rejects.toMatchObject({ _tag: "PriceMismatchError", quoteRaw: parseEther("0.2").toString() })
    expect(await nonceOf(user(5).address)).toBe(nonce)
    expect(await ownerOf(tokenId)).toBe(user(1).address)
  })
})

describe("resuming on OpenSea", () => {
  it("a reload mid-buy: the resume asks OpenSea again for fulfilment data and buys with it", async () => {
    const listing = await bestListing(19n)
    const snapshots: Array<ExecutionSnapshot> = []
    // The page goes away as the wallet is about to send: nothing sent, the plan journaled.
    const closing = createWalletClient({
      account: user(2).account,
      chain: devnet.chains[0]!.viemChain!,
      transport: custom({
        request: async (args: { method: string; params?: unknown }) => {
          if (args.method === "eth_fillTransaction" || args.method.startsWith("eth_sendRawTransaction"))
            throw new Error("the page was reloaded")
          return http(devnet.rpcUrls[devnet.originChainId])({ chain: devnet.chains[0]!.viemChain! }).request(
            args as never,
          )
        },
      }),
    })
    await expect(
      client.actions.buyToken({
        items: [{ orderId: listing.order_hash }],
        wallet: closing,
        onSnapshot: (s) => snapshots.push(s),
      }),
    ).rejects.toThrow()
    expect(await ownerOf(19n)).toBe(user(4).address)
    const fulfilments = () =>
      openSeaRequests.filter((request) => request === "POST /api/v2/listings/fulfillment_data").length
    const before = fulfilments()
    const stored = JSON.parse(JSON.stringify(snapshots.at(-1))) as ExecutionSnapshot
    await expect(client.resume({ snapshot: stored, wallet: walletOf(2) })).resolves.toBe(true)
    expect(fulfilments()).toBe(before + 1)
    expect(await ownerOf(19n)).toBe(user(2).address)
  })
})

describe("OpenSea's refusals reach the caller", () => {
  it("a wrong API key: the 401's message, as an APIError", async () => {
    const { apiBaseUrl, chainNames, seaport, conduitKey, conduit, signedZone } = devnet.openSea
    const stranger = createClient({
      chains: devnet.chains,
      book: openSeaApi({ apiKey: "not-the-key", apiBaseUrl, chainNames, seaport, conduitKey, conduit, signedZone }),
    })
    try {
      await expect(
        stranger.actions.buyToken({ items: [{ token: punk(relisted!) }], wallet: walletOf(5), precheck: true }),
      ).rejects.toMatchObject({
        _tag: "APIError",
        statusCode: 401,
        message: "Invalid or missing API key (x-api-key)",
      })
    } finally {
      await stranger.dispose()
    }
  })

  it("a listing without the collection's required fee: OpenSea's 400 message, nothing listed", async () => {
    const tokenId = await unlistedPunkOf(1)
    dropCollectionFees = true
    try {
      await expect(
        client.actions.listToken({
          listings: [{ token: punk(tokenId), weiPrice: parseEther("0.05").toString() }],
          wallet: walletOf(1),
        }),
      ).rejects.toMatchObject({
        _tag: "APIError",
        statusCode: 400,
        message: expect.stringMatching(/^Expecting 250 basis points fee to 0x/),
      })
    } finally {
      dropCollectionFees = false
    }
    expect((await openSea(devnet, "GET", `/api/v2/listings/collection/devnet-punks/nfts/${tokenId}/best`)).status).toBe(
      404,
    )
  })

  it("a 429 on the fulfilment route is retried after its retry-after", async () => {
    devnet.faults.setEndpoint("/api/v2/listings/fulfillment_data", {
      rateLimit: { limit: 1, windowMs: 1500, retryAfterSeconds: 2 },
    })
    try {
      // The one call of the window, spent.
      const listing = await bestListing(relisted!)
      await openSea(devnet, "POST", "/api/v2/listings/fulfillment_data", {
        listing: { hash: listing.order_hash, chain: chainName(), protocol_address: devnet.openSea.seaport },
        fulfiller: { address: user(5).address },
      })
      const started = Date.now()
      const answer = await client.actions.buyToken({
        items: [{ token: punk(relisted!) }],
        wallet: walletOf(5),
        precheck: true,
      })
      expect(Date.now() - started).toBeGreaterThanOrEqual(2000)
      expect(answer).toMatchObject({ path: [expect.objectContaining({ orderId: listing.order_hash })] })
      expect(devnet.faults.stats()["rate-limited"]).toBeGreaterThanOrEqual(1)
    } finally {
      devnet.faults.setEndpoint("/api/v2/listings/fulfillment_data", undefined)
    }
  })
})

describe("the Effect API on OpenSea", () => {
  it("Tradekit.layer({ book: openSea(...) }) runs buy with the same executor", async () => {
    const { apiKey, apiBaseUrl, chainNames, seaport, conduitKey, conduit, signedZone } = devnet.openSea
    const tokenId = await unlistedPunkOf(1)
    await client.actions.listToken({
      listings: [{ token: punk(tokenId), weiPrice: parseEther("0.01").toString() }],
      wallet: walletOf(1),
    })
    const layer = Layer.merge(
      Tradekit.layer({
        chains: devnet.chains,
        book: openSeaApi({ apiKey, apiBaseUrl, chainNames, seaport, conduitKey, conduit, signedZone }),
      }),
      walletLayer(walletOf(4)),
    )
    const done = await Effect.runPromise(buy({ items: [{ token: punk(tokenId) }] }).pipe(Effect.provide(layer)))
    expect(done).toBe(true)
    expect(await ownerOf(tokenId)).toBe(user(4).address)
  })
})
