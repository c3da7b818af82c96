/**
 * What the benchmark trades: fresh Devnet Punks minted to the sellers, and signed listings of them posted to
 * the devnet's order book — so every round of every SDK buys, lists, bids and sells tokens of its own.
 */
import { encodeFunctionData, parseEther, type Address, type Hex, type LocalAccount } from "viem"
import { devnetERC721Abi } from "../devnet/artifacts/index.js"
import { devnetPublicClient } from "../devnet/chain/deploy.js"
import { buildOrder, OrderSide, signOrder } from "../devnet/chain/orders.js"
import type { Devnet } from "../devnet/index.js"
import { sendBatch } from "../devnet/seed.js"
import { orderJson } from "../devnet/server/steps.js"

/** Mints `count` punks to `owner`; resolves with their ids, once the indexer has them. */
export async function mintPunks(devnet: Devnet, owner: Address, count: number): Promise<bigint[]> {
  const { punks } = devnet.contracts.origin
  const rpcUrl = devnet.rpcUrls[devnet.originChainId]!
  const client = devnetPublicClient({ chainId: devnet.originChainId, rpcUrl })
  const before = await client.readContract({ address: punks, abi: devnetERC721Abi, functionName: "totalSupply" })
  const batches: number[] = []
  for (let left = count; left > 0; left -= 50) batches.push(Math.min(50, left))
  await sendBatch(
    rpcUrl,
    devnet.originChainId,
    batches.map((n) => ({
      account: devnet.accounts.deployer.account,
      to: punks,
      data: encodeFunctionData({ abi: devnetERC721Abi, functionName: "adminMint", args: [owner, BigInt(n)] }),
    })),
  )
  await devnet.sync()
  return Array.from({ length: count }, (_, i) => before + 1n + BigInt(i))
}

/** Lists each token of `seller` at `price` on the devnet's book (signed locally, posted to `/order/v4`). */
export async function listPunks(devnet: Devnet, seller: LocalAccount, tokenIds: ReadonlyArray<bigint>, price = parseEther("0.001")): Promise<Hex[]> {
  const { punks, exchange } = devnet.contracts.origin
  const ids: Hex[] = []
  for (const tokenId of tokenIds) {
    const order = buildOrder({ side: OrderSide.Listing, maker: seller.address, collection: punks, tokenId, price })
    const signature = await signOrder(seller, devnet.originChainId, exchange, order)
    const response = await fetch(`${devnet.apiUrl}/order/v4?signature=${signature}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ items: [{ order: { kind: "tradekit-exchange", data: orderJson(order) }, orderbook: "reservoir" }], source: "bench" }),
    })
    const body = (await response.json()) as { results?: { orderId: Hex }[]; message?: string }
    if (!response.ok || body.results?.[0] === undefined) throw new Error(`listing ${tokenId} failed: ${body.message}`)
    ids.push(body.results[0].orderId)
  }
  return ids
}
