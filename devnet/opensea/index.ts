/**
 * The devnet's OpenSea: the real Seaport 1.6 on the origin chain and a local server for the OpenSea API v2 routes a
 * client needs (README.md next to this file). Two steps for startDevnet: {@link deployOpenSea} in parallel with the
 * devnet's own deploy, then {@link startOpenSea} once the devnet's seed is on chain.
 */
import { type Address, type Hex, keccak256, type LocalAccount, parseEther, toBytes, toHex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import type { OpenSeaOptions } from "../../src/apis/opensea/config/OpenSeaConfig.js"
import type { DevnetAccounts } from "../accounts.js"
import type { DevnetContracts } from "../chain/deploy.js"
import { type ChainEndpoint, rpc } from "../chain/index.js"
import type { Catalog } from "../core/catalog.js"
import type { Indexer } from "../core/indexer.js"
import type { ChainRuntime } from "../server/context.js"
import type { Route } from "../server/http.js"
import { OPENSEA_FEE_BPS, OPENSEA_FEE_RECIPIENT, type OpenSeaCollection, openSeaCollections } from "./collections.js"
import { deploySeaport, type SeaportDeployment } from "./deploy.js"
import { dropRoutes } from "./dropRoutes.js"
import { type DevnetDrop, type DropsDeployment, deployDrops } from "./drops.js"
import { OpenSeaMarket } from "./market.js"
import { openSeaRoutes } from "./routes.js"
import { seedOpenSea } from "./seed.js"
import { ZoneSigner } from "./zone.js"

/** What `devnet.openSea` holds: everything an OpenSea client needs to trade on the devnet. */
export interface DevnetOpenSea extends OpenSeaOptions {
  /**
   * The OpenSea API base URL (routes under `/api/v2/…`), like `https://api.opensea.io`: named as `openSea(...)`
   * names it, so that `openSea(devnet.openSea)` targets the devnet with nothing else.
   */
  readonly apiBaseUrl: string
  /** The API key the routes require in `x-api-key`. */
  readonly apiKey: string
  /** The OpenSea chain name of each chain with Seaport, by chain id. */
  readonly chainNames: Readonly<Record<number, string>>
  /** Seaport 1.6. */
  readonly seaport: Address
  /** The conduit key orders name, and the conduit owners approve. */
  readonly conduitKey: Hex
  readonly conduit: Address
  /** The SIP-7 signed zone offers name (OpenSea's is `0x000056f7000000ece9003ca63978907a00ffd100`). */
  readonly signedZone: Address
  /** Seaport's TransferHelper, an open channel of the conduit (OpenSea's is `0x0000000000c2d145a2526bd8c716263bfebe1a72`). */
  readonly transferHelper: Address
  /** The devnet's SeaDrop (OpenSea's is `0x00005ea00ac477b1030ce78506496e8c2de24bf5`) and its drops, by slug. */
  readonly seaDrop: Address
  readonly drops: ReadonlyArray<DevnetDrop>
}

/** What {@link deployOpenSea} deploys: Seaport with its conduit and zone, and SeaDrop with its drops. */
export interface OpenSeaDeployment extends SeaportDeployment {
  readonly drops: DropsDeployment
}

/** The devnet's OpenSea API key. Public on purpose: it guards nothing but the shape of the check. */
export const OPENSEA_API_KEY = "tradekit-devnet-opensea-key"

/** The origin chain's OpenSea name. */
export const OPENSEA_CHAIN_NAME = "devnet"

const derived = (label: string): LocalAccount => privateKeyToAccount(keccak256(toBytes(`tradekit-devnet ${label}`)))

/** The key the signed zone trusts: the server signs fills of signed-zone orders with it. */
const zoneSigner = derived("signed zone signer")

/**
 * Deploys Seaport from its own key (funded here), so it runs alongside the devnet's deploy without sharing nonces,
 * and the conduit's owner is no devnet user.
 */
export async function deployOpenSea(origin: ChainEndpoint): Promise<OpenSeaDeployment> {
  const deployer = derived("seaport deployer")
  await rpc(origin.rpcUrl, "anvil_setBalance", [deployer.address, toHex(parseEther("10"))])
  const seaport = await deploySeaport(origin, deployer, zoneSigner.address)
  return { ...seaport, drops: await deployDrops(origin, deployer, derived("creator").address) }
}

/** What {@link startOpenSea} needs from the devnet. */
export interface StartOpenSeaOptions {
  /** OpenSea's "supported collections" (slugs): trait offers built with root 0, the signed zone holding the trait. */
  readonly supportedCollections?: ReadonlyArray<string> | undefined
  readonly deployment: OpenSeaDeployment
  readonly chain: ChainRuntime
  readonly catalog: Catalog
  readonly contracts: DevnetContracts
  readonly accounts: DevnetAccounts
  readonly indexer: Indexer
  /** Seed approvals and orders (after the devnet's own seed, whose WETH and tokens they use). */
  readonly seed: boolean
}

/** A started OpenSea side: its routes for the devnet server, and its description once the server's URL is known. */
export interface StartedOpenSea {
  readonly market: OpenSeaMarket
  readonly routes: ReadonlyArray<Route>
  describe(apiBaseUrl: string): DevnetOpenSea
}

/** Builds the market, follows Seaport's events through the indexer, and seeds the book. */
export async function startOpenSea(options: StartOpenSeaOptions): Promise<StartedOpenSea> {
  const { deployment, chain, catalog, contracts } = options
  const creator = derived("creator").address
  const collections = [
    ...openSeaCollections(catalog, chain.chainId, contracts.origin.punks, creator),
    ...deployment.drops.drops.map((drop) => dropCollection(drop, chain.chainId)),
  ]
  const market = new OpenSeaMarket({
    deployment,
    client: chain.client,
    chainName: OPENSEA_CHAIN_NAME,
    collections,
    weth: contracts.origin.weth,
    currency: (address) => catalog.currency(chain.chainId, address),
    attributes: (contract, tokenId) => catalog.attributes(chain.chainId, contract, tokenId),
    tokenIds: (contract) => options.indexer.tokensOf(chain.chainId, contract).map((token) => token.tokenId),
    zoneSigner: new ZoneSigner(zoneSigner, deployment.chainId, deployment.signedZone),
    supportedCollections: new Set(options.supportedCollections ?? []),
  })
  options.indexer.onLog((chainId, _txHash, log) => market.onLog(chainId, log))
  if (options.seed) {
    const fees = collections.find((c) => c.contract === contracts.origin.punks)!.fees
    const now = (await chain.client.getBlock()).timestamp
    for (const order of await seedOpenSea(chain.rpcUrl, deployment, contracts, options.accounts, fees, now))
      market.book.add(order)
  }
  return {
    market,
    routes: [
      ...openSeaRoutes(market, OPENSEA_API_KEY),
      ...dropRoutes(deployment.drops, chain.client, OPENSEA_CHAIN_NAME, OPENSEA_API_KEY),
    ],
    describe: (apiBaseUrl) => ({
      apiBaseUrl,
      apiKey: OPENSEA_API_KEY,
      chainNames: { [deployment.chainId]: OPENSEA_CHAIN_NAME },
      seaport: deployment.seaport,
      conduitKey: deployment.conduitKey,
      conduit: deployment.conduit,
      signedZone: deployment.signedZone,
      transferHelper: deployment.transferHelper,
      seaDrop: deployment.drops.seaDrop,
      drops: deployment.drops.drops,
    }),
  }
}

/** A drop as an OpenSea collection: the contract route names its slug; secondary sales pay OpenSea's 1 %. */
const dropCollection = (drop: DevnetDrop, chainId: number): OpenSeaCollection => ({
  slug: drop.slug,
  chainId,
  contract: drop.contract,
  name: drop.name,
  standard: "erc721",
  fees: [{ recipient: OPENSEA_FEE_RECIPIENT, basisPoints: OPENSEA_FEE_BPS, required: true }],
})
