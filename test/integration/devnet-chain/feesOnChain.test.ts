/**
 * Marketplace fees and royalties are paid on chain, in the fill transaction, in the order's currency: each
 * recipient receives exactly its amount and the seller the rest. Balances are read before and after each fill.
 */
import * as Result from "effect/Result"
import { type Address, getAddress, type Hex, parseEther, parseUnits, zeroAddress } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { devnetERC721Abi, exchangeAbi } from "../../../devnet/artifacts/index.js"
import { buildOrder, OrderSide, orderHash, signOrder } from "../../../devnet/chain/orders.js"
import { type Devnet, type DevnetAccount, startDevnet } from "../../../devnet/index.js"
import { orderJson } from "../../../devnet/server/steps.js"
import type { ReservoirClient } from "../../../src/client/ReservoirClient.js"
import { createClient } from "../../../src/client.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import { apiGet, apiPost, execute, executeOk, listingIds, reads, walletClientOf } from "../devnet/fixture.js"

/** An address no one holds a key to, with no balance: `n` in its last bytes, so each test has its own. */
const recipient = (n: number): Address => getAddress(`0x${n.toString(16).padStart(40, "0")}`)
const ROYALTY = recipient(0xa11ce)
const ROYALTY_BPS = 500n

let devnet: Devnet
let client: ReservoirClient
beforeAll(async () => {
  devnet = await startDevnet()
  client = createClient({ chains: devnet.chains, source: "devnet.test" })
  // Devnet Punks pays a 5% royalty from now on: orders signed from here carry it, the seeded ones do not.
  const deployer = walletClientOf(devnet, devnet.accounts.deployer)
  const hash = await deployer.writeContract({
    address: devnet.contracts.origin.punks,
    abi: devnetERC721Abi,
    functionName: "setRoyalty",
    args: [ROYALTY, ROYALTY_BPS],
  })
  await reads(devnet).client.waitForTransactionReceipt({ hash })
})
afterAll(async () => {
  await client?.dispose()
  await devnet?.stop()
})

const user = (n: number) => devnet.accounts.users[n - 1]!
const punks = () => devnet.contracts.origin.punks
const punk = (id: bigint) => `${punks()}:${id}`
const bps = (price: bigint, share: bigint) => (price * share) / 10_000n
const orderIdOf = (final: ExecutionSnapshot) =>
  final.steps.find((s) => s.id === "order-signature")!.items![0]!.orderData![0]!.orderId as Hex

/** Balances of `who` in `currency` (native ETH for the zero address), read together. */
const balances = (currency: Address, who: ReadonlyArray<Address>) => {
  const r = reads(devnet)
  return Promise.all(who.map((a) => (currency === zeroAddress ? r.eth(a) : r.erc20(currency, a))))
}
/** What each of `who` gained in `currency` while `act` ran. */
const gains = async (
  currency: Address,
  who: ReadonlyArray<Address>,
  act: () => Promise<unknown>,
): Promise<bigint[]> => {
  const before = await balances(currency, who)
  await act()
  const after = await balances(currency, who)
  return after.map((b, i) => b - before[i]!)
}

const list = (maker: DevnetAccount, tokenId: bigint, price: bigint, extra: Record<string, unknown> = {}) =>
  executeOk(devnet, maker, "/execute/list/v5", {
    maker: maker.address,
    source: "devnet.test",
    params: [{ token: punk(tokenId), weiPrice: price.toString(), ...extra }],
  })

describe("a listing's marketplace fee and royalty are paid in the fill transaction", () => {
  it("in ETH: each recipient gets its share of the price, the seller the rest, the Exchange keeps nothing", async () => {
    const marketplace = recipient(0xfee01)
    const price = parseEther("1")
    const listed = await list(user(3), 13n, price, { fees: [`${marketplace}:250`] })
    const orderId = orderIdOf(listed)

    const [toMarketplace, toRoyalty, toSeller, toExchange] = await gains(
      zeroAddress,
      [marketplace, ROYALTY, user(3).address, devnet.contracts.origin.exchange],
      () => executeOk(devnet, user(4), "/execute/buy/v7", { items: [{ orderId }], taker: user(4).address }),
    )

    expect(toMarketplace).toBe(parseEther("0.025"))
    expect(toRoyalty).toBe(parseEther("0.05"))
    expect(toSeller).toBe(price - parseEther("0.025") - parseEther("0.05"))
    expect(toExchange).toBe(0n)
    expect(await reads(devnet).ownerOf(punks(), 13n)).toBe(user(4).address)
  })

  it("in USDC: the fees move in USDC from the buyer, who pays the price once", async () => {
    const { usdc } = devnet.contracts.origin
    const marketplace = recipient(0xfee02)
    const price = parseUnits("100", 6)
    await list(user(3), 14n, price, { currency: usdc, marketplaceFees: [`${marketplace}:100`] })

    const [toMarketplace, toRoyalty, toSeller, toBuyer] = await gains(
      usdc,
      [marketplace, ROYALTY, user(3).address, user(4).address],
      () =>
        executeOk(devnet, user(4), "/execute/buy/v7", {
          items: [{ token: punk(14n) }],
          taker: user(4).address,
          currency: usdc,
        }),
    )

    expect(toMarketplace).toBe(parseUnits("1", 6))
    expect(toRoyalty).toBe(parseUnits("5", 6))
    expect(toSeller).toBe(parseUnits("94", 6))
    expect(toBuyer).toBe(-price)
  })

  it("a bid's fees come out of what the seller who accepts it receives, in WETH", async () => {
    const { weth } = devnet.contracts.origin
    const marketplace = recipient(0xfee03)
    const price = parseEther("0.5")
    const bid = await executeOk(devnet, user(4), "/execute/bid/v5", {
      maker: user(4).address,
      params: [{ token: punk(4n), weiPrice: price.toString(), fees: [`${marketplace}:200`] }],
    })

    const [toMarketplace, toRoyalty, toSeller, toBidder] = await gains(
      weth,
      [marketplace, ROYALTY, user(1).address, user(4).address],
      () =>
        executeOk(devnet, user(1), "/execute/sell/v7", {
          items: [{ token: punk(4n), orderId: orderIdOf(bid) }],
          taker: user(1).address,
        }),
    )

    expect(toMarketplace).toBe(bps(price, 200n))
    expect(toRoyalty).toBe(bps(price, ROYALTY_BPS))
    expect(toSeller).toBe(price - bps(price, 200n) - bps(price, ROYALTY_BPS))
    expect(toBidder).toBe(-price)
  })

  it("Exchange.hashOrder covers the fees: the on-chain hash equals the off-chain one", async () => {
    const order = buildOrder({
      side: OrderSide.Listing,
      maker: user(1).address,
      collection: punks(),
      tokenId: 6n,
      price: parseEther("1"),
      fees: [
        { recipient: recipient(0xfee04), amount: 1n },
        { recipient: ROYALTY, amount: 2n },
      ],
    })
    const { exchange } = devnet.contracts.origin
    const onChain = await reads(devnet).client.readContract({
      address: exchange,
      abi: exchangeAbi,
      functionName: "hashOrder",
      args: [order],
    })
    expect(onChain).toBe(orderHash(devnet.originChainId, exchange, order))
    expect(onChain).not.toBe(orderHash(devnet.originChainId, exchange, { ...order, fees: order.fees.slice(0, 1) }))
  })
})

describe("through tradekit's client", () => {
  it("the fees plugin's marketplaceFees reach the chain; automatedRoyalties: false leaves the royalty out", async () => {
    const marketplace = recipient(0xfee05)
    const withFees = createClient({
      chains: devnet.chains,
      source: "devnet.test",
      marketplaceFees: [`${marketplace}:300`],
      automatedRoyalties: false,
    })
    const price = parseEther("0.5")
    try {
      await withFees.actions.listToken({
        listings: [{ token: punk(15n), weiPrice: price.toString() }],
        wallet: walletClientOf(devnet, user(3)),
      })
    } finally {
      await withFees.dispose()
    }
    const [orderId] = await listingIds(devnet, punks(), 15n)

    const [toMarketplace, toRoyalty, toSeller] = await gains(zeroAddress, [marketplace, ROYALTY, user(3).address], () =>
      client.actions.buyToken({ items: [{ orderId }], wallet: walletClientOf(devnet, user(5)) }),
    )

    expect(toMarketplace).toBe(bps(price, 300n))
    expect(toRoyalty).toBe(0n)
    expect(toSeller).toBe(price - bps(price, 300n))
  })

  it("buyToken's feesOnTop are paid by the buyer on top of the price; the seller still gets the whole price", async () => {
    const marketplace = recipient(0xfee06)
    const onTop = parseEther("0.004")
    const [orderId] = await listingIds(devnet, punks(), 2n)
    const price = parseEther("0.11") // seeded before the royalty: its signed order carries no fees
    let hash: Hex | undefined
    const [toMarketplace, toRoyalty, toSeller, toBuyer] = await gains(
      zeroAddress,
      [marketplace, ROYALTY, user(1).address, user(5).address],
      async () => {
        await client.actions.buyToken({
          items: [{ orderId }],
          options: { feesOnTop: [`${marketplace}:${onTop}`] },
          wallet: walletClientOf(devnet, user(5)),
          onSnapshot: (s) => (hash = (s.txHashes[0]?.txHash as Hex | undefined) ?? hash),
        })
      },
    )

    const receipt = await reads(devnet).client.getTransactionReceipt({ hash: hash! })
    expect(toMarketplace).toBe(onTop)
    expect(toRoyalty).toBe(0n)
    expect(toSeller).toBe(price)
    expect(toBuyer).toBe(-(price + onTop + receipt.gasUsed * receipt.effectiveGasPrice))
  })
})

describe("fees the price cannot cover", () => {
  it("are refused by the list API with a 400 before anything is signed or sent", async () => {
    const seller = user(4)
    const r = reads(devnet)
    const nonce = await r.nonce(seller.address)
    const asks = async () =>
      (await apiGet<{ orders: unknown[] }>(devnet, `/orders/asks/v5?maker=${seller.address}&status=any`)).orders.length
    const asksBefore = await asks()
    const price = parseEther("1")
    // 96% marketplace fee + the 5% royalty = 101% of the price.
    const body = {
      maker: seller.address,
      params: [{ token: punk(18n), weiPrice: price.toString(), fees: [`${recipient(0xfee07)}:9600`] }],
    }

    const answer = await apiPost(devnet, "/execute/list/v5", body)
    const outcome = await execute(devnet, seller, "/execute/list/v5", body)

    const message = `params[0]: the fees and royalties (${parseEther("1.01")}) exceed the price (${price}), in the smallest unit of ETH`
    expect(answer).toMatchObject({ status: 400, body: { message, statusCode: 400 } })
    expect(Result.isFailure(outcome) && outcome.failure).toMatchObject({
      _tag: "APIError",
      statusCode: 400,
      message: expect.stringContaining(message),
    })
    expect(await r.nonce(seller.address)).toBe(nonce)
    expect(await asks()).toBe(asksBefore)
  })

  it("a signed order whose fees exceed its price is refused by /order/v4 and reverts on the Exchange", async () => {
    const seller = user(1)
    const { exchange } = devnet.contracts.origin
    const price = parseEther("0.1")
    const order = buildOrder({
      side: OrderSide.Listing,
      maker: seller.address,
      collection: punks(),
      tokenId: 6n,
      price,
      fees: [{ recipient: recipient(0xfee08), amount: price + 1n }],
    })
    const signature = await signOrder(seller.account, devnet.originChainId, exchange, order)

    const posted = await apiPost(devnet, `/order/v4?signature=${signature}`, {
      items: [{ order: { kind: "tradekit-exchange", data: orderJson(order) } }],
    })
    expect(posted).toMatchObject({
      status: 400,
      body: { message: `items[0]: the order's fees (${price + 1n}) exceed its price (${price})` },
    })

    const buyer = walletClientOf(devnet, user(5))
    await expect(
      buyer.writeContract({
        address: exchange,
        abi: exchangeAbi,
        functionName: "fillListing",
        args: [order, signature, user(5).address],
        value: price,
      }),
    ).rejects.toThrow("Exchange: fees exceed price")
    expect(await reads(devnet).ownerOf(punks(), 6n)).toBe(seller.address)
  })
})
