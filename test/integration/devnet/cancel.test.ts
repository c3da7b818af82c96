import * as Result from "effect/Result"
import { createWalletClient, http } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { exchangeAbi } from "../../../devnet/artifacts/index.js"
import { type Devnet, startDevnet } from "../../../devnet/index.js"
import {
  apiPost,
  bookOrder,
  executeOk,
  fetchOnly,
  listingIds,
  reads,
  stepIdsWithItems,
  walletClientOf,
} from "./fixture.js"

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet()
})
afterAll(async () => {
  await devnet?.stop()
})

const user = (n: number) => devnet.accounts.users[n - 1]!

describe("cancel through the core executor", () => {
  it("cancels off-chain with an eip191 signature: the operator cancels on chain and the book drops it", async () => {
    const r = reads(devnet)
    const { punks } = devnet.contracts.origin
    const [orderId] = await listingIds(devnet, punks, 2n)
    // Keep the calldata of a fill prepared while the order was live, to replay it after the cancellation.
    const stale = Result.getOrThrow(
      await fetchOnly(devnet, user(3), "/execute/buy/v7", { items: [{ orderId }], taker: user(3).address }),
    )
    const final = await executeOk(devnet, user(1), "/execute/cancel/v3", { orderIds: [orderId] })

    expect(stepIdsWithItems(final.steps)).toEqual(["cancellation-signature"])
    expect(await r.orderStatus(orderId!)).toBe("cancelled")
    expect((await bookOrder(devnet, orderId!))?.status).toBe("cancelled")
    // A buy is refused by the API…
    const refused = await fetchOnly(devnet, user(3), "/execute/buy/v7", {
      items: [{ orderId }],
      taker: user(3).address,
    })
    expect(Result.isFailure(refused) && refused.failure).toMatchObject({
      _tag: "APIError",
      statusCode: 400,
      message: expect.stringContaining("cancelled"),
    })
    // …and the Exchange itself refuses the stale fill.
    const sale = stale.steps.find((s) => s.id === "sale")!.items![0]!.data as {
      to: `0x${string}`
      data: `0x${string}`
      value: string
    }
    await expect(
      walletClientOf(devnet, user(3)).sendTransaction({ to: sale.to, data: sale.data, value: BigInt(sale.value) }),
    ).rejects.toThrow(/Exchange: cancelled/)
    expect(await r.ownerOf(punks, 2n)).toBe(user(1).address)
  })

  it("cancels off-chain with an eip712 signature", async () => {
    const r = reads(devnet)
    const [orderId] = await listingIds(devnet, devnet.contracts.origin.punks, 3n)
    await executeOk(devnet, user(1), "/execute/cancel/v3", { orderIds: [orderId], signatureKind: "eip712" })
    expect(await r.orderStatus(orderId!)).toBe("cancelled")
  })

  it("cancels on chain with Exchange.cancel from the maker", async () => {
    const r = reads(devnet)
    const [orderId] = await listingIds(devnet, devnet.contracts.origin.punks, 4n)
    const nonce = await r.nonce(user(1).address)
    const final = await executeOk(devnet, user(1), "/execute/cancel/v3", { orderIds: [orderId], onChain: true })
    expect(stepIdsWithItems(final.steps)).toEqual(["cancellation"])
    expect(await r.nonce(user(1).address)).toBe(nonce + 1)
    expect(await r.orderStatus(orderId!)).toBe("cancelled")
    await devnet.sync()
    expect((await bookOrder(devnet, orderId!))?.status).toBe("cancelled")
  })

  it("refuses a cancellation signed by someone else than the maker", async () => {
    const r = reads(devnet)
    const [orderId] = await listingIds(devnet, devnet.contracts.origin.punks, 6n)
    const signature = await createWalletClient({
      account: user(2).account,
      transport: http(devnet.rpcUrls[devnet.originChainId]),
    }).signMessage({
      message: "not the maker",
    })
    const answer = await apiPost(devnet, `/execute/cancel-signature/v1?signature=${signature}`, {
      orderIds: [orderId],
      signatureKind: "eip191",
    })
    expect(answer.status).toBe(401)
    expect(answer.body).toMatchObject({
      message: "The signature is not from the maker of every order",
      statusCode: 401,
    })
    expect(await r.orderStatus(orderId!)).toBe("open")
  })

  it("a maker's incrementNonce takes every older order off the book", async () => {
    const [orderId] = await listingIds(devnet, devnet.contracts.origin.punks, 7n)
    const wallet = walletClientOf(devnet, user(2))
    const hash = await wallet.writeContract({
      address: devnet.contracts.origin.exchange,
      abi: exchangeAbi,
      functionName: "incrementNonce",
    })
    await reads(devnet).client.waitForTransactionReceipt({ hash })
    await devnet.sync()
    expect((await bookOrder(devnet, orderId!))?.status).toBe("cancelled")
  })
})
