import type * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { type Hex, parseEther, parseUnits, zeroAddress } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Devnet, startDevnet } from "../../../devnet/index.js"
import type { PriceMismatchError } from "../../../src/errors/index.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import type { PluginContext } from "../../../src/plugins/Plugin.js"
import { priceCheckPlugin } from "../../../src/plugins/priceCheck.js"
import { apiGet, bookOrder, execute, executeOk, fetchOnly, listingIds, reads, stepIdsWithItems } from "./fixture.js"

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet()
})
afterAll(async () => {
  await devnet?.stop()
})

const user = (n: number) => devnet.accounts.users[n - 1]!
const punks = () => devnet.contracts.origin.punks
const token = (id: bigint) => `${punks()}:${id}`

describe("buy through the core executor", () => {
  it("buys a native listing: the token moves, the seller is paid, the order leaves the book", async () => {
    const r = reads(devnet)
    const [orderId] = await listingIds(devnet, punks(), 2n)
    const sellerBefore = await r.eth(user(1).address)
    const final = await executeOk(devnet, user(3), "/execute/buy/v7", {
      items: [{ token: token(2n) }],
      taker: user(3).address,
      source: "devnet.test",
    })

    expect(final.status).toBe("complete")
    expect(stepIdsWithItems(final.steps)).toEqual(["sale"])
    expect(await r.ownerOf(punks(), 2n)).toBe(user(3).address)
    expect((await r.eth(user(1).address)) - sellerBefore).toBe(parseEther("0.11"))
    expect(await r.orderStatus(orderId!)).toBe("filled")
    expect((await bookOrder(devnet, orderId!))?.status).toBe("filled")
    const sale = final.steps.find((s) => s.id === "sale")!.items![0]!
    expect(sale.transfersData).toEqual([
      expect.objectContaining({ to: user(3).address, token: { contract: punks(), tokenId: "2" } }),
    ])
  })

  it("buys a USDC listing, approving USDC first", async () => {
    const r = reads(devnet)
    const { usdc } = devnet.contracts.origin
    expect(await r.allowance(usdc, user(3).address)).toBe(0n)
    const usdcBefore = await r.erc20(usdc, user(3).address)
    const final = await executeOk(devnet, user(3), "/execute/buy/v7", {
      items: [{ token: token(5n) }],
      taker: user(3).address,
      currency: usdc,
    })

    expect(stepIdsWithItems(final.steps)).toEqual(["currency-approval", "sale"])
    expect(final.steps.every((s) => (s.items ?? []).every((i) => i.status === "complete"))).toBe(true)
    expect(await r.ownerOf(punks(), 5n)).toBe(user(3).address)
    expect(usdcBefore - (await r.erc20(usdc, user(3).address))).toBe(parseUnits("50", 6))
    expect(final.path?.[0]).toMatchObject({
      currency: usdc,
      currencySymbol: "USDC",
      currencyDecimals: 6,
      quote: 50,
      rawQuote: "50000000",
    })
  })

  it("buys a given order id, and refuses it once it is filled", async () => {
    const r = reads(devnet)
    const [orderId] = await listingIds(devnet, punks(), 8n)
    await executeOk(devnet, user(4), "/execute/buy/v7", { items: [{ orderId }], taker: user(4).address })
    expect(await r.ownerOf(punks(), 8n)).toBe(user(4).address)
    const again = await fetchOnly(devnet, user(3), "/execute/buy/v7", { items: [{ orderId }], taker: user(3).address })
    expect(Result.isFailure(again) && again.failure).toMatchObject({
      _tag: "APIError",
      statusCode: 400,
      message: expect.stringContaining("filled"),
    })
  })

  it("prechecks without touching the chain", async () => {
    const r = reads(devnet)
    const nonce = await r.nonce(user(3).address)
    const answer = await fetchOnly(devnet, user(3), "/execute/buy/v7", {
      items: [{ token: token(3n) }],
      taker: user(3).address,
    })
    expect(Result.isSuccess(answer)).toBe(true)
    const response = Result.getOrThrow(answer)
    expect(response.requestId).toMatch(/^0x[0-9a-f]{64}$/)
    expect(response.path).toEqual([
      expect.objectContaining({
        contract: punks(),
        tokenId: "3",
        source: "devnet",
        quote: 0.12,
        rawQuote: parseEther("0.12").toString(),
      }),
    ])
    expect(response.steps.map((s) => s.id)).toEqual(["currency-approval", "sale"])
    expect(await r.nonce(user(3).address)).toBe(nonce)
    expect(await r.ownerOf(punks(), 3n)).toBe(user(1).address)
  })

  it("a price check failure leaves the chain untouched", async () => {
    const r = reads(devnet)
    const nonce = await r.nonce(user(3).address)
    const context = { action: "buy", expectedPrice: { [zeroAddress]: { amount: 0.05 } } } as unknown as PluginContext
    const outcome = await execute(
      devnet,
      user(3),
      "/execute/buy/v7",
      { items: [{ token: token(3n) }], taker: user(3).address },
      {
        guards: [(response) => priceCheckPlugin.guard!(response, context) as Effect.Effect<void, PriceMismatchError>],
      },
    )
    expect(Result.isFailure(outcome) && outcome.failure).toMatchObject({
      _tag: "PriceMismatchError",
      message: "Attention: the total price is now 0.12",
    })
    expect(Result.isFailure(outcome)).toBe(true)
    expect(await r.nonce(user(3).address)).toBe(nonce)
    expect(await r.ownerOf(punks(), 3n)).toBe(user(1).address)
  })

  it("a sale reverted on chain (the listing was filled in between) fails with a typed error", async () => {
    const r = reads(devnet)
    const answer = Result.getOrThrow(
      await fetchOnly(devnet, user(3), "/execute/buy/v7", { items: [{ token: token(4n) }], taker: user(3).address }),
    )
    // Someone else buys it first.
    await executeOk(devnet, user(4), "/execute/buy/v7", { items: [{ token: token(4n) }], taker: user(4).address })
    // Without simulation and with a fixed gas limit (no estimate), the stale sale is really sent and reverts on chain.
    const outcome = await execute(
      devnet,
      user(3),
      "/execute/buy/v7",
      { items: [{ token: token(4n) }], taker: user(3).address },
      {
        response: answer,
        // A fixed gas limit: the wallet would not estimate, so only the simulation stands between the stale sale and the chain.
        gas: 500_000n,
        settings: { simulate: false },
      },
    )
    expect(Result.isFailure(outcome)).toBe(true)
    const error = Result.isFailure(outcome) ? outcome.failure : undefined
    expect(error).toMatchObject({ _tag: "TransactionFailedError", message: "Transaction failed" })
    const hash = (error as { txHash: Hex }).txHash
    expect((await r.client.getTransactionReceipt({ hash })).status).toBe("reverted")
    expect(await r.ownerOf(punks(), 4n)).toBe(user(4).address)
  })

  it("a sale another buyer filled first is refused with its reason before any wallet prompt, and costs no gas", async () => {
    const r = reads(devnet)
    const answer = Result.getOrThrow(
      await fetchOnly(devnet, user(3), "/execute/buy/v7", { items: [{ token: token(6n) }], taker: user(3).address }),
    )
    await executeOk(devnet, user(4), "/execute/buy/v7", { items: [{ token: token(6n) }], taker: user(4).address })
    const nonce = await r.nonce(user(3).address)
    const balance = await r.eth(user(3).address)
    const methods: Array<string> = []
    let last: ExecutionSnapshot | undefined
    const outcome = await execute(
      devnet,
      user(3),
      "/execute/buy/v7",
      { items: [{ token: token(6n) }], taker: user(3).address },
      {
        response: answer,
        onWalletMethod: (method) => methods.push(method),
        // A fixed gas limit: the wallet would not estimate, so only the simulation stands between the stale sale and the chain.
        gas: 500_000n,
        onProgress: (snapshot) => {
          last = snapshot
        },
      },
    )
    expect(Result.isFailure(outcome) && outcome.failure).toMatchObject({
      _tag: "TransactionWouldRevertError",
      reason: "Exchange: filled",
      to: devnet.contracts.origin.exchange,
      chainId: devnet.originChainId,
    })
    expect(methods.filter((m) => m === "eth_sendTransaction" || m.startsWith("eth_sendRawTransaction"))).toEqual([])
    // The local account's node was asked one thing: to fill the transaction, which is the simulation.
    expect(methods).toEqual(["eth_fillTransaction"])
    expect(await r.nonce(user(3).address)).toBe(nonce)
    expect(await r.eth(user(3).address)).toBe(balance)
    const sale = last!.steps.find((s) => s.id === "sale")!.items![0]!
    expect(sale.error).toContain("Details: Exchange: filled")
    expect(last!.journal ?? []).toEqual([])
  })

  it("a sale that goes through carries its estimated network fee, and the estimate is its gas limit", async () => {
    const r = reads(devnet)
    const final = await executeOk(devnet, user(3), "/execute/buy/v7", {
      items: [{ token: token(7n) }],
      taker: user(3).address,
    })
    const sale = final.steps.find((s) => s.id === "sale")!.items![0]!
    const fee = sale.networkFee!
    expect(BigInt(fee.gas)).toBeGreaterThan(21_000n)
    expect(BigInt(fee.fee)).toBe(BigInt(fee.gas) * BigInt(fee.maxFeePerGas))
    const sent = await r.client.getTransaction({ hash: sale.internalTxHashes![0]!.txHash as Hex })
    expect(sent.gas).toBe(BigInt(fee.gas))
  })

  it("serves the buyer's tokens from the indexer", async () => {
    await devnet.sync()
    const owned = await apiGet(devnet, `/users/${user(3).address}/tokens/v10?collection=${punks()}`)
    const ids = owned.tokens.map((t: any) => t.token.tokenId)
    expect(ids).toEqual(expect.arrayContaining(["2", "5", "13"]))
  })
})
