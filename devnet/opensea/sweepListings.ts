/**
 * Listings to sweep: `count` fresh Devnet Punks minted to a seller (the deployer's `adminMint`), the conduit
 * approved, and each listed on the devnet's OpenSea for `price` in ETH through its real post route — a Seaport
 * 1.6 order signed by the seller, paying the collection's required fees out of the price, as OpenSea's own
 * listings do. For the sweep test and the bench, which need more listings than the seed holds.
 */
import {
  type Address,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  parseEventLogs,
  zeroAddress,
  zeroHash,
} from "viem"
import type { DevnetAccount } from "../accounts.js"
import { devnetERC721Abi } from "../artifacts/index.js"
import { seaportAbi } from "../artifacts/seaport/index.js"
import { devnetChain, devnetPublicClient } from "../chain/deploy.js"
import type { Devnet } from "../Devnet.js"
import {
  type ConsiderationItem,
  ItemType,
  type OrderComponents,
  OrderType,
  orderHash,
  orderTypes,
  seaportDomain,
} from "./seaport.js"

/** A listing made for a sweep: the token and its order hash. */
export interface SweepListing {
  readonly tokenId: bigint
  readonly orderHash: Hex
}

const dec = (value: bigint | number) => value.toString()

/** Mints `count` punks to `seller` and lists each for `price` wei on the devnet's OpenSea. */
export async function listForSweep(
  devnet: Devnet,
  seller: DevnetAccount,
  count: number,
  price: bigint,
): Promise<ReadonlyArray<SweepListing>> {
  const endpoint = { chainId: devnet.originChainId, rpcUrl: devnet.rpcUrls[devnet.originChainId]! }
  const client = devnetPublicClient(endpoint)
  const punks = devnet.contracts.origin.punks
  const { seaport, conduit, conduitKey, apiBaseUrl, apiKey, chainNames } = devnet.openSea
  const send = async (account: DevnetAccount, to: Address, data: Hex) => {
    const wallet = createWalletClient({
      account: account.account,
      chain: devnetChain(endpoint),
      transport: http(endpoint.rpcUrl),
    })
    const receipt = await client.waitForTransactionReceipt({
      hash: await wallet.sendTransaction({ to, data }),
      pollingInterval: 20,
    })
    if (receipt.status !== "success") throw new Error(`devnet: a sweep listing's setup transaction to ${to} reverted`)
    return receipt
  }
  const minted = await send(
    devnet.accounts.deployer,
    punks,
    encodeFunctionData({ abi: devnetERC721Abi, functionName: "adminMint", args: [seller.address, BigInt(count)] }),
  )
  const tokenIds = parseEventLogs({ abi: devnetERC721Abi, eventName: "Transfer", logs: minted.logs }).map(
    (log) => (log.args as { tokenId: bigint }).tokenId,
  )
  await send(
    seller,
    punks,
    encodeFunctionData({ abi: devnetERC721Abi, functionName: "setApprovalForAll", args: [conduit, true] }),
  )
  const headers = { "content-type": "application/json", "x-api-key": apiKey }
  const collection = await (await fetch(`${apiBaseUrl}/api/v2/collections/devnet-punks`, { headers })).json()
  const fees = (collection.fees as ReadonlyArray<{ fee: number; recipient: Address; required: boolean }>).filter(
    (fee) => fee.required,
  )
  const counter = await client.readContract({
    address: seaport,
    abi: seaportAbi,
    functionName: "getCounter",
    args: [seller.address],
  })
  const block = await client.getBlock()
  const pay = (amount: bigint, recipient: Address): ConsiderationItem => ({
    itemType: ItemType.NATIVE,
    token: zeroAddress,
    identifierOrCriteria: 0n,
    startAmount: amount,
    endAmount: amount,
    recipient,
  })
  return Promise.all(
    tokenIds.map(async (tokenId, index) => {
      const feeItems = fees.map((fee) => pay((price * BigInt(Math.round(fee.fee * 100))) / 10_000n, fee.recipient))
      const feeTotal = feeItems.reduce((sum, item) => sum + item.startAmount, 0n)
      const components: OrderComponents = {
        offerer: seller.address,
        zone: zeroAddress,
        offer: [
          { itemType: ItemType.ERC721, token: punks, identifierOrCriteria: tokenId, startAmount: 1n, endAmount: 1n },
        ],
        consideration: [pay(price - feeTotal, seller.address), ...feeItems],
        orderType: OrderType.FULL_OPEN,
        startTime: block.timestamp - 60n,
        endTime: block.timestamp + 7n * 86_400n,
        zoneHash: zeroHash,
        salt: (BigInt(Date.now()) << 32n) + BigInt(index),
        conduitKey,
        counter,
      }
      const signature = await seller.account.signTypedData({
        domain: seaportDomain(devnet.originChainId, seaport),
        types: orderTypes,
        primaryType: "OrderComponents",
        message: components,
      })
      const item = (i: OrderComponents["consideration"][number] | OrderComponents["offer"][number]) =>
        Object.fromEntries(
          Object.entries(i).map(([key, value]) => [
            key,
            typeof value === "bigint" || typeof value === "number" ? dec(value) : value,
          ]),
        )
      const parameters = {
        ...components,
        offer: components.offer.map(item),
        consideration: components.consideration.map(item),
        orderType: dec(components.orderType),
        startTime: dec(components.startTime),
        endTime: dec(components.endTime),
        salt: dec(components.salt),
        counter: dec(components.counter),
        totalOriginalConsiderationItems: dec(components.consideration.length),
      }
      const response = await fetch(`${apiBaseUrl}/api/v2/orders/${chainNames[devnet.originChainId]}/seaport/listings`, {
        method: "POST",
        headers,
        body: JSON.stringify({ parameters, signature, protocol_address: seaport }),
      })
      if (!response.ok) throw new Error(`devnet: OpenSea refused a sweep listing: ${await response.text()}`)
      return { tokenId, orderHash: orderHash(components) }
    }),
  )
}
