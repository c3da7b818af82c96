/**
 * Seeds a fresh devnet so every flow can be tried at once: Devnet Punks #1–#22 spread over users 1–4 (with
 * simple attributes), Devnet Editions for users 1–2, 10 000 USDC and 20 WETH for users 1–4, native and USDC
 * listings, token bids, a collection bid and an attribute bid; and, for the USDC-only user (no ETH at all),
 * 1 000 USDC and punk #23 listed by user 1 for 25 USDC, so a sponsored-gas buy has something to buy. Transactions are signed locally with explicit
 * nonces and sent back to back (all accounts concurrently), then the receipts are checked once: no waiting
 * block by block.
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
  zeroAddress,
  zeroHash,
} from "viem"
import type { DevnetAccounts } from "./accounts.js"
import { devnetERC721Abi, devnetERC1155Abi, stableTokenAbi, wrappedNativeAbi } from "./artifacts/index.js"
import { rpc } from "./chain/anvil.js"
import type { DevnetContracts } from "./chain/deploy.js"
import {
  buildOrder,
  Criteria,
  type Order,
  OrderSide,
  orderHash,
  signOrder,
  TokenKind,
  tokenSetRoot,
} from "./chain/orders.js"
import { punkAttributes } from "./core/catalog.js"
import type { BookOrder, OrderCriteria } from "./core/orderBook.js"

interface Call {
  readonly account: LocalAccount
  readonly to: Address
  readonly data: Hex
  readonly value?: bigint
}

/** Sends calls with locally assigned nonces (in order per account, accounts in parallel) and checks every receipt. */
export async function sendBatch(rpcUrl: string, chainId: number, calls: ReadonlyArray<Call>): Promise<void> {
  const byAccount = new Map<Address, Call[]>()
  for (const call of calls) byAccount.set(call.account.address, [...(byAccount.get(call.account.address) ?? []), call])
  const hashes = (
    await Promise.all(
      [...byAccount].map(async ([address, list]) => {
        let nonce = Number(await rpc<Hex>(rpcUrl, "eth_getTransactionCount", [address, "pending"]))
        const sent: Hex[] = []
        for (const call of list) {
          const raw = await call.account.signTransaction!({
            chainId,
            type: "eip1559",
            nonce: nonce++,
            to: call.to,
            data: call.data,
            value: call.value ?? 0n,
            gas: 1_500_000n,
            maxFeePerGas: 20_000_000_000n,
            maxPriorityFeePerGas: 1_000_000_000n,
          })
          sent.push(await rpc<Hex>(rpcUrl, "eth_sendRawTransaction", [raw]))
        }
        return sent
      }),
    )
  ).flat()
  const receipts = await Promise.all(
    hashes.map(async (hash) => {
      for (let i = 0; i < 200; i++) {
        const receipt = await rpc<{ status: Hex } | null>(rpcUrl, "eth_getTransactionReceipt", [hash])
        if (receipt !== null) return { hash, receipt }
        await new Promise((r) => setTimeout(r, 10))
      }
      throw new Error(`seed transaction ${hash} was not mined`)
    }),
  )
  const failed = receipts.find(({ receipt }) => receipt.status !== "0x1")
  if (failed !== undefined) throw new Error(`seed transaction ${failed.hash} reverted`)
}

/** The USDC the USDC-only user is seeded with (6 decimals): 1 000 USDC. */
export const USDC_ONLY_BALANCE = parseUnits("1000", 6)
/** The Devnet Punk listed in USDC for the USDC-only user to buy, and its price (25 USDC). */
export const USDC_ONLY_PUNK = 23n
export const USDC_ONLY_PUNK_PRICE = parseUnits("25", 6)

/** What was seeded, for the CLI and the tests. */
export interface SeedSummary {
  /** Token id -> owner, for Devnet Punks. */
  readonly punkOwners: ReadonlyMap<bigint, Address>
  readonly orders: ReadonlyArray<BookOrder>
}

/** The on-chain part of the seed. */
export async function seedChain(
  rpcUrl: string,
  contracts: DevnetContracts,
  accounts: DevnetAccounts,
): Promise<ReadonlyMap<bigint, Address>> {
  const { origin } = contracts
  const deployer = accounts.deployer.account
  const [u1, u2, u3, u4] = accounts.users.map((u) => u.account) as unknown as [
    LocalAccount,
    LocalAccount,
    LocalAccount,
    LocalAccount,
  ]
  const mints: ReadonlyArray<readonly [LocalAccount, bigint]> = [
    [u1, 6n],
    [u2, 6n],
    [u3, 5n],
    [u4, 5n],
    // Last, so the tokens above keep their ids: #23, the USDC listing for the USDC-only user.
    [u1, 1n],
  ]
  const owners = new Map<bigint, Address>()
  let next = 1n
  for (const [user, count] of mints) for (let i = 0n; i < count; i++) owners.set(next++, user.address)

  const call = (account: LocalAccount, to: Address, data: Hex, value?: bigint): Call => ({
    account,
    to,
    data,
    ...(value !== undefined ? { value } : {}),
  })
  const approveAll = (account: LocalAccount, collection: Address) =>
    call(
      account,
      collection,
      encodeFunctionData({ abi: devnetERC721Abi, functionName: "setApprovalForAll", args: [origin.exchange, true] }),
    )
  const wrap = (account: LocalAccount) =>
    call(account, origin.weth, encodeFunctionData({ abi: wrappedNativeAbi, functionName: "deposit" }), parseEther("20"))
  const approveWeth = (account: LocalAccount) =>
    call(
      account,
      origin.weth,
      encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [origin.exchange, maxUint256] }),
    )

  await sendBatch(rpcUrl, origin.chainId, [
    ...mints.map(([user, count]) =>
      call(
        deployer,
        origin.punks,
        encodeFunctionData({ abi: devnetERC721Abi, functionName: "adminMint", args: [user.address, count] }),
      ),
    ),
    call(
      deployer,
      origin.editions,
      encodeFunctionData({ abi: devnetERC1155Abi, functionName: "mint", args: [u1.address, 1n, 10n] }),
    ),
    call(
      deployer,
      origin.editions,
      encodeFunctionData({ abi: devnetERC1155Abi, functionName: "mint", args: [u2.address, 2n, 5n] }),
    ),
    ...[u1, u2, u3, u4].map((u) =>
      call(
        deployer,
        origin.usdc,
        encodeFunctionData({ abi: stableTokenAbi, functionName: "mint", args: [u.address, parseUnits("10000", 6)] }),
      ),
    ),
    call(
      deployer,
      origin.usdc,
      encodeFunctionData({
        abi: stableTokenAbi,
        functionName: "mint",
        args: [accounts.usdcOnlyUser.address, USDC_ONLY_BALANCE],
      }),
    ),
    // Users 1 and 2 list, so they have approved the Exchange; users 3 and 4 bid, so they have WETH approved.
    // Nobody has approved USDC: a USDC purchase starts with a currency-approval step.
    approveAll(u1, origin.punks),
    approveAll(u1, origin.editions),
    wrap(u1),
    approveAll(u2, origin.punks),
    approveAll(u2, origin.editions),
    wrap(u2),
    wrap(u3),
    approveWeth(u3),
    wrap(u4),
    approveWeth(u4),
  ])
  return owners
}

/** The off-chain part of the seed: signed listings and bids, ready for the order book. */
export async function seedOrders(
  contracts: DevnetContracts,
  accounts: DevnetAccounts,
): Promise<ReadonlyArray<BookOrder>> {
  const { origin } = contracts
  const chainId = origin.chainId
  const [u1, u2, u3, u4] = accounts.users.map((u) => u.account) as unknown as [
    LocalAccount,
    LocalAccount,
    LocalAccount,
    LocalAccount,
  ]
  const now = Date.now()
  const make = async (
    maker: LocalAccount,
    fields: Partial<Order> & Pick<Order, "side" | "price">,
    criteria: OrderCriteria,
  ): Promise<BookOrder> => {
    const order = buildOrder({ maker: maker.address, collection: origin.punks, ...fields })
    return {
      id: orderHash(chainId, origin.exchange, order),
      chainId,
      side: order.side === OrderSide.Listing ? "listing" : "bid",
      order,
      signature: await signOrder(maker, chainId, origin.exchange, order),
      criteria,
      orderKind: "tradekit-exchange",
      orderbook: "reservoir",
      source: "devnet",
      fees: [],
      createdAt: now,
      status: "active",
    }
  }
  const listing = (maker: LocalAccount, tokenId: bigint, price: bigint, currency: Address = zeroAddress) =>
    make(maker, { side: OrderSide.Listing, tokenId, price, currency }, { kind: "token", tokenId })
  const alienIds = Array.from({ length: 22 }, (_, i) => BigInt(i + 1)).filter((id) =>
    punkAttributes(id).some((a) => a.value === "Alien"),
  )
  return Promise.all([
    ...[1n, 2n, 3n, 4n, 6n].map((id, i) => listing(u1, id, parseEther("0.1") + parseEther("0.01") * BigInt(i))),
    ...[7n, 8n, 9n, 10n, 11n].map((id, i) => listing(u2, id, parseEther("0.2") + parseEther("0.01") * BigInt(i))),
    listing(u1, 5n, parseUnits("50", 6), origin.usdc),
    listing(u2, 12n, parseUnits("75", 6), origin.usdc),
    listing(u1, USDC_ONLY_PUNK, USDC_ONLY_PUNK_PRICE, origin.usdc),
    make(
      u1,
      {
        side: OrderSide.Listing,
        collection: origin.editions,
        tokenKind: TokenKind.ERC1155,
        tokenId: 1n,
        amount: 2n,
        price: parseEther("0.05"),
      },
      { kind: "token", tokenId: 1n },
    ),
    make(
      u3,
      { side: OrderSide.Bid, tokenId: 1n, price: parseEther("0.05"), currency: origin.weth },
      { kind: "token", tokenId: 1n },
    ),
    make(
      u4,
      { side: OrderSide.Bid, tokenId: 7n, price: parseEther("0.08"), currency: origin.weth },
      { kind: "token", tokenId: 7n },
    ),
    make(
      u4,
      {
        side: OrderSide.Bid,
        price: parseEther("0.03"),
        currency: origin.weth,
        criteria: Criteria.Collection,
        tokenSetRoot: zeroHash,
      },
      { kind: "collection" },
    ),
    make(
      u3,
      {
        side: OrderSide.Bid,
        price: parseEther("0.06"),
        currency: origin.weth,
        criteria: Criteria.TokenSet,
        tokenSetRoot: tokenSetRoot(alienIds),
      },
      {
        kind: "attribute",
        attribute: { key: "Type", value: "Alien" },
        tokenSetId: `list:${origin.punks}:${tokenSetRoot(alienIds)}`,
        tokenIds: alienIds,
      },
    ),
  ])
}
