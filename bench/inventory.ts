/**
 * What the benchmark trades: fresh Devnet Punks minted to the sellers, and signed listings of them posted to
 * the devnet's order book — so every round of every SDK buys, lists, bids and sells tokens of its own.
 */
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  type LocalAccount,
  maxUint256,
  parseEther,
  parseUnits,
  toHex,
  zeroAddress,
} from "viem"
import { devnetERC721Abi, stableTokenAbi, wrappedNativeAbi } from "../devnet/artifacts/index.js"
import { anvilAccounts } from "../devnet/chain/anvil.js"
import { devnetPublicClient } from "../devnet/chain/deploy.js"
import { buildOrder, OrderSide, signOrder } from "../devnet/chain/orders.js"
import type { Devnet, DevnetAccount } from "../devnet/index.js"
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

/**
 * Lists each token of `seller` at `price` on the devnet's book (signed locally, posted to `/order/v4`), in
 * `currency` (native by default; an ERC-20 such as the devnet's USDC makes the buyer approve it first).
 */
export async function listPunks(
  devnet: Devnet,
  seller: LocalAccount,
  tokenIds: ReadonlyArray<bigint>,
  price = parseEther("0.001"),
  currency: Address = zeroAddress,
): Promise<Hex[]> {
  const { punks, exchange } = devnet.contracts.origin
  const ids: Hex[] = []
  for (const tokenId of tokenIds) {
    const order = buildOrder({
      side: OrderSide.Listing,
      maker: seller.address,
      collection: punks,
      tokenId,
      price,
      currency,
    })
    const signature = await signOrder(seller, devnet.originChainId, exchange, order)
    const response = await fetch(`${devnet.apiUrl}/order/v4?signature=${signature}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        items: [{ order: { kind: "tradekit-exchange", data: orderJson(order) }, orderbook: "reservoir" }],
        source: "bench",
      }),
    })
    const body = (await response.json()) as { results?: { orderId: Hex }[]; message?: string }
    if (!response.ok || body.results?.[0] === undefined) throw new Error(`listing ${tokenId} failed: ${body.message}`)
    ids.push(body.results[0].orderId)
  }
  return ids
}

/**
 * Sets `owner`'s allowance of `currency` for the Exchange back to zero (sent from the account itself, not
 * through the bench's counting wallet), so the next purchase in it starts with an approval transaction.
 */
export async function revokeExchangeAllowance(devnet: Devnet, owner: LocalAccount, currency: Address): Promise<void> {
  await sendBatch(devnet.rpcUrls[devnet.originChainId]!, devnet.originChainId, [
    {
      account: owner,
      to: currency,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: "approve",
        args: [devnet.contracts.origin.exchange, 0n],
      }),
    },
  ])
  await devnet.sync()
}

/**
 * Makes two spare funded test-mnemonic accounts (indexes 6 and 7, no devnet role) a seller and a taker like
 * users 1 and 3: the seller has the Exchange approved for the punks; the taker holds 20 WETH (approved) and
 * 10 000 USDC (not approved). So each variant of the bench acts with wallets of its own.
 */
export async function extraTraders(
  devnet: Devnet,
): Promise<{ readonly seller: LocalAccount; readonly taker: LocalAccount }> {
  const accounts = anvilAccounts(8)
  const seller = accounts[6]! as LocalAccount
  const taker = accounts[7]! as LocalAccount
  const { punks, weth, usdc, exchange } = devnet.contracts.origin
  await sendBatch(devnet.rpcUrls[devnet.originChainId]!, devnet.originChainId, [
    {
      account: seller,
      to: punks,
      data: encodeFunctionData({ abi: devnetERC721Abi, functionName: "setApprovalForAll", args: [exchange, true] }),
    },
    {
      account: taker,
      to: weth,
      data: encodeFunctionData({ abi: wrappedNativeAbi, functionName: "deposit" }),
      value: parseEther("20"),
    },
    {
      account: taker,
      to: weth,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [exchange, maxUint256] }),
    },
    {
      account: devnet.accounts.deployer.account,
      to: usdc,
      data: encodeFunctionData({
        abi: stableTokenAbi,
        functionName: "mint",
        args: [taker.address, parseUnits("10000", 6)],
      }),
    },
  ])
  await devnet.sync()
  return { seller, taker }
}

/**
 * The buyers of the one-confirmation USDC scenario, one per tradekit variant, each with a batching wallet of
 * its own: user 5 (ETH only, unused elsewhere in the bench) and the test mnemonic's index 10, which anvil does
 * not fund (it funds 10 accounts), so it gets 100 ETH from the deployer. Both get 10 000 USDC, not approved.
 * Their accounts become EIP-7702-delegated on their first batch (the warm-up round's).
 */
export async function batchingBuyers(devnet: Devnet): Promise<readonly [DevnetAccount, DevnetAccount]> {
  const hd = anvilAccounts(11)[10]!
  const spare: DevnetAccount = {
    role: "user",
    index: 10,
    address: hd.address,
    privateKey: toHex(hd.getHdKey().privateKey!),
    account: hd,
  }
  const buyers = [devnet.accounts.users[4]!, spare] as const
  const { deployer } = devnet.accounts
  const { usdc } = devnet.contracts.origin
  await sendBatch(devnet.rpcUrls[devnet.originChainId]!, devnet.originChainId, [
    { account: deployer.account, to: spare.address, data: "0x", value: parseEther("100") },
    ...buyers.map((buyer) => ({
      account: deployer.account,
      to: usdc,
      data: encodeFunctionData({
        abi: stableTokenAbi,
        functionName: "mint",
        args: [buyer.address, parseUnits("10000", 6)],
      }),
    })),
  ])
  await devnet.sync()
  return buyers
}
