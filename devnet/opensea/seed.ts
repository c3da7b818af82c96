/**
 * Seeds the devnet's OpenSea book with Seaport orders by seeded makers, all on Devnet Punks (so all paying the
 * collection's required fees: 2.5 % to the creator, 1 % to OpenSea): listings open and in no zone, offers in the
 * signed zone with PARTIAL_RESTRICTED, as opensea-js makes them. User 3 lists #13 for 0.1 ETH and #14 for 0.12 WETH, user 4 lists #18 for
 * 0.15 ETH and #19 for 0.2 WETH; user 1 offers 0.05 WETH for #15, user 2 offers 0.06 WETH for #20 and 0.04 WETH
 * for any Devnet Punk. Users 3 and 4 approve the conduit for Devnet Punks, users 1 and 2 approve it for WETH.
 * User 3 also holds 10 units of Devnet Editions #3 (minted here) and lists all 10 for 0.1 ETH as one PARTIAL_OPEN
 * order, as opensea-js lists ERC-1155 units: a buyer takes some with `units_to_fill` (OpenSea's 1 % fee only).
 */
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  type LocalAccount,
  maxUint256,
  parseEther,
  zeroAddress,
  zeroHash,
} from "viem"
import type { DevnetAccounts } from "../accounts.js"
import { devnetERC721Abi, devnetERC1155Abi } from "../artifacts/index.js"
import type { DevnetContracts } from "../chain/deploy.js"
import { sendBatch } from "../seed.js"
import { kindOf, type OpenSeaOrder, termsOf } from "./book.js"
import { type CollectionFee, OPENSEA_FEE_RECIPIENT } from "./collections.js"
import type { SeaportDeployment } from "./deploy.js"
import {
  type ConsiderationItem,
  ItemType,
  type OrderComponents,
  OrderType,
  orderHash,
  orderTypes,
  seaportDomain,
} from "./seaport.js"

/** OpenSea's salt prefix, kept so seeded salts look like OpenSea's own. */
const SALT_PREFIX = 0x360c6eben << 224n

/** What a seed order asks for. */
interface SeedOrder {
  readonly maker: LocalAccount
  readonly tokenId: bigint | undefined
  readonly side: "listing" | "offer"
  readonly price: bigint
  readonly currency: Address
  /** An ERC-1155 listing of this many units of Devnet Editions (a Devnet Punk otherwise). */
  readonly units?: bigint | undefined
}

/** The Devnet Editions token listed in units, and how many: an id the Reservoir-side seed leaves alone. */
export const SEEDED_EDITION = { tokenId: 3n, units: 10n } as const

/** Sends the approvals, then signs the seed orders and returns them, ready for the book. */
export async function seedOpenSea(
  rpcUrl: string,
  deployment: SeaportDeployment,
  contracts: DevnetContracts,
  accounts: DevnetAccounts,
  fees: ReadonlyArray<CollectionFee>,
  now: bigint,
): Promise<ReadonlyArray<OpenSeaOrder>> {
  const { punks, weth, editions } = contracts.origin
  const [u1, u2, u3, u4] = accounts.users.map((u) => u.account) as unknown as [
    LocalAccount,
    LocalAccount,
    LocalAccount,
    LocalAccount,
  ]
  const approveNft = (account: LocalAccount) => ({
    account,
    to: punks,
    data: encodeFunctionData({
      abi: devnetERC721Abi,
      functionName: "setApprovalForAll",
      args: [deployment.conduit, true],
    }),
  })
  const approveWeth = (account: LocalAccount) => ({
    account,
    to: weth,
    data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [deployment.conduit, maxUint256] }),
  })

  const mintEditions = {
    account: accounts.deployer.account,
    to: editions,
    data: encodeFunctionData({
      abi: devnetERC1155Abi,
      functionName: "mint",
      args: [u3.address, SEEDED_EDITION.tokenId, SEEDED_EDITION.units],
    }),
  }
  const approveEditions = {
    account: u3,
    to: editions,
    data: encodeFunctionData({
      abi: devnetERC1155Abi,
      functionName: "setApprovalForAll",
      args: [deployment.conduit, true],
    }),
  }
  const seeds: ReadonlyArray<SeedOrder> = [
    { maker: u3, tokenId: 13n, side: "listing", price: parseEther("0.1"), currency: zeroAddress },
    { maker: u3, tokenId: 14n, side: "listing", price: parseEther("0.12"), currency: weth },
    { maker: u4, tokenId: 18n, side: "listing", price: parseEther("0.15"), currency: zeroAddress },
    { maker: u4, tokenId: 19n, side: "listing", price: parseEther("0.2"), currency: weth },
    { maker: u1, tokenId: 15n, side: "offer", price: parseEther("0.05"), currency: weth },
    { maker: u2, tokenId: 20n, side: "offer", price: parseEther("0.06"), currency: weth },
    { maker: u2, tokenId: undefined, side: "offer", price: parseEther("0.04"), currency: weth },
    {
      maker: u3,
      tokenId: SEEDED_EDITION.tokenId,
      side: "listing",
      price: parseEther("0.1"),
      currency: zeroAddress,
      units: SEEDED_EDITION.units,
    },
  ]
  // Signing needs no approval on chain: both go at once.
  const [, orders] = await Promise.all([
    sendBatch(rpcUrl, deployment.chainId, [
      approveNft(u3),
      approveNft(u4),
      approveWeth(u1),
      approveWeth(u2),
      mintEditions,
      approveEditions,
    ]),
    Promise.all(
      seeds.map(async (seed, i): Promise<OpenSeaOrder> => {
        const nft = seed.units === undefined ? punks : editions
        // Devnet Editions has no creator fee: only OpenSea's own.
        const nftFees = seed.units === undefined ? fees : fees.filter((fee) => fee.recipient === OPENSEA_FEE_RECIPIENT)
        const components = seedComponents(seed, nft, nftFees, deployment, now, SALT_PREFIX + BigInt(i + 1))
        const kind = kindOf(components)!
        const signature = await seed.maker.signTypedData({
          domain: seaportDomain(deployment.chainId, deployment.seaport),
          types: orderTypes,
          primaryType: "OrderComponents",
          message: components,
        })
        return {
          hash: orderHash(components),
          chainId: deployment.chainId,
          kind,
          components,
          signature,
          ...termsOf(components, kind),
          createdAt: Date.now(),
          status: "active",
          offChainCancelled: false,
        }
      }),
    ),
  ])
  return orders
}

/** The components of a seed order: the fees paid out of a listing's price, on top of an offer's; open for 30 days from `now`. */
function seedComponents(
  seed: SeedOrder,
  contract: Address,
  fees: ReadonlyArray<CollectionFee>,
  deployment: SeaportDeployment,
  now: bigint,
  salt: bigint,
): OrderComponents {
  const paymentType = seed.currency === zeroAddress ? ItemType.NATIVE : ItemType.ERC20
  const payment = (amount: bigint, recipient: Address): ConsiderationItem => ({
    itemType: paymentType,
    token: seed.currency,
    identifierOrCriteria: 0n,
    startAmount: amount,
    endAmount: amount,
    recipient,
  })
  const nft = {
    itemType:
      seed.units !== undefined
        ? ItemType.ERC1155
        : seed.tokenId === undefined
          ? ItemType.ERC721_WITH_CRITERIA
          : ItemType.ERC721,
    token: contract,
    identifierOrCriteria: seed.tokenId ?? 0n,
    startAmount: seed.units ?? 1n,
    endAmount: seed.units ?? 1n,
  }
  const maker = seed.maker.address
  const feeItems = fees.map((fee) => payment((seed.price * fee.basisPoints) / 10_000n, fee.recipient))
  const common = {
    offerer: maker,
    zone: zeroAddress,
    orderType: OrderType.FULL_OPEN as number,
    startTime: now - 60n,
    endTime: now + 30n * 86_400n,
    zoneHash: zeroHash,
    salt,
    conduitKey: deployment.conduitKey,
    counter: 0n,
  }
  if (seed.side === "listing") {
    const feeTotal = feeItems.reduce((sum, item) => sum + item.startAmount, 0n)
    // Units are sold in part (PARTIAL_OPEN), as opensea-js lists ERC-1155 editions.
    const orderType = seed.units === undefined ? common.orderType : OrderType.PARTIAL_OPEN
    return { ...common, orderType, offer: [nft], consideration: [payment(seed.price - feeTotal, maker), ...feeItems] }
  }
  const { recipient: _, ...offered } = payment(seed.price, maker)
  return {
    ...common,
    zone: deployment.signedZone,
    orderType: OrderType.PARTIAL_RESTRICTED,
    offer: [offered],
    consideration: [{ ...nft, recipient: maker }, ...feeItems],
  }
}
