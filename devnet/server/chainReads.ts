/** The on-chain reads the execute routes need to decide which steps a user still has to take. */
import { type Address, zeroAddress } from "viem"
import { devnetERC721Abi, exchangeAbi, wrappedNativeAbi } from "../artifacts/index.js"
import type { ChainRuntime, DevnetContext } from "./context.js"
import { HttpError } from "./http.js"

export function isApprovedForAll(
  chain: ChainRuntime,
  collection: Address,
  owner: Address,
  operator: Address,
): Promise<boolean> {
  return chain.client.readContract({
    address: collection,
    abi: devnetERC721Abi,
    functionName: "isApprovedForAll",
    args: [owner, operator],
  })
}

export function erc20Balance(chain: ChainRuntime, token: Address, owner: Address): Promise<bigint> {
  return token === zeroAddress
    ? chain.client.getBalance({ address: owner })
    : chain.client.readContract({ address: token, abi: wrappedNativeAbi, functionName: "balanceOf", args: [owner] })
}

export function erc20Allowance(chain: ChainRuntime, token: Address, owner: Address, spender: Address): Promise<bigint> {
  return chain.client.readContract({
    address: token,
    abi: wrappedNativeAbi,
    functionName: "allowance",
    args: [owner, spender],
  })
}

/** A collection's EIP-2981 royalty on a sale of `tokenId` at `price`: who receives it and how much. */
export async function royaltyOf(
  chain: ChainRuntime,
  collection: Address,
  tokenId: bigint,
  price: bigint,
): Promise<{ receiver: Address; amount: bigint }> {
  const [receiver, amount] = await chain.client.readContract({
    address: collection,
    abi: devnetERC721Abi,
    functionName: "royaltyInfo",
    args: [tokenId, price],
  })
  return { receiver, amount }
}

export function makerNonce(ctx: DevnetContext, maker: Address): Promise<bigint> {
  return ctx.origin.client.readContract({
    address: ctx.contracts.origin.exchange,
    abi: exchangeAbi,
    functionName: "nonces",
    args: [maker],
  })
}

/** Refuses a trading request on a chain without the order book. */
export function requireOrigin(ctx: DevnetContext, chain: ChainRuntime): void {
  if (chain.chainId !== ctx.origin.chainId) {
    throw new HttpError(400, `The devnet order book lives on chain ${ctx.origin.chainId}, not ${chain.chainId}`)
  }
}
