/**
 * tradekit's embedded devnet: two local anvil chains (origin 31337 with the order book, destination 31338
 * for cross-chain calls), the devnet contracts, seeded state, an indexer, a solver, and a local aggregator
 * API speaking the reservoir wire protocol — everything a client needs to run every action offline.
 *
 * One HTTP server serves both chains under a base path per chain: `http://127.0.0.1:PORT/chains/31337` and
 * `…/chains/31338` (bare paths are the origin chain). Step endpoints are relative (`/order/v4`), so they land
 * under the chain's base path. `GET /` describes the running devnet (see {@link devnetInfo}).
 *
 * @example
 * const devnet = await startDevnet()
 * const client = createClient({ chains: devnet.chains })
 * // … trade as devnet.accounts.users[0] …
 * await devnet.stop()
 * @module
 */
import type { Server } from "node:http"
import { type Address, parseEther, zeroAddress } from "viem"
import type { ChainConfig } from "../src/chains/ChainConfig.js"
import { type DevnetAccount, devnetAccounts, SPONSOR_BALANCE } from "./accounts.js"
import { type AnvilInstance, rpc, startAnvil } from "./chain/anvil.js"
import { deployContracts, devnetChain, devnetPublicClient } from "./chain/deploy.js"
import { Catalog } from "./core/catalog.js"
import { Indexer } from "./core/indexer.js"
import { Intents } from "./core/intents.js"
import { OrderBook } from "./core/orderBook.js"
import { Records } from "./core/records.js"
import { ServerSigner } from "./core/signer.js"
import type { Devnet } from "./Devnet.js"
import { Faults } from "./faults.js"
import { devnetInfo } from "./info.js"
import { deployOpenSea, startOpenSea } from "./opensea/index.js"
import { type RunningRelay, startRelay } from "./relay/index.js"
import { seedChain, seedOrders } from "./seed.js"
import type { ChainRuntime, DevnetContext } from "./server/context.js"
import { close, listen } from "./server/http.js"
import { inventoryOf } from "./server/inventory.js"
import { Paymaster } from "./server/paymaster.js"
import { RequestLog, requestLogRoutes, withRequestLog } from "./server/requestLog.js"
import { routes } from "./server/routes/index.js"
import { rootRoute } from "./server/routes/root.js"
import { attachStatusSocket } from "./server/statusSocket.js"

export type { DevnetAccount, DevnetAccounts } from "./accounts.js"
export type { DevnetContracts } from "./chain/deploy.js"
export type { Devnet, DevnetTimings } from "./Devnet.js"
export type { EndpointFault, FaultConfig, FaultStats } from "./faults.js"
export { Faults } from "./faults.js"
export type { DevnetChainInfo, DevnetInfo } from "./info.js"
export { devnetInfo, devnetInfoPath } from "./info.js"
export type { DevnetOpenSea } from "./opensea/index.js"
export type { DevnetInventory, InventoryOrder, InventoryToken } from "./server/inventory.js"
export type { LoggedRequest, RequestLog } from "./server/requestLog.js"
export { credentialFingerprint } from "./server/requestLog.js"
export type {
  BatchingProvider,
  BatchingProviderChain,
  BatchingProviderOptions,
  DevnetBatchingProviderOptions,
} from "./wallet/batchingProvider.js"
export { BatchingProviderError, createBatchingProvider, devnetBatchingProvider } from "./wallet/batchingProvider.js"

/** Options of {@link startDevnet}. */
export interface StartDevnetOptions {
  /** API port; a free one by default. */
  readonly port?: number
  /** RPC port of the origin chain (31337); a free one by default. */
  readonly originPort?: number
  /** RPC port of the destination chain (31338); a free one by default. */
  readonly destinationPort?: number
  /** Seed the chains and the order book (default true). */
  readonly seed?: boolean
  /** Seed of the fault injector's randomness (default 1). */
  readonly faultSeed?: number
  /** Milliseconds between two status polls of the client on the devnet chains (default 250). */
  readonly checkPollingInterval?: number
  /** Relayer fee of cross-chain calls in wei (default 0.0001 ETH). */
  readonly relayerFee?: bigint
  /**
   * OpenSea's "supported collections" by slug (e.g. `["devnet-punks"]`): their trait offers are built with criteria
   * root 0, and the signed zone holds each fill to the trait, as OpenSea builds them today (default none: every
   * trait offer gets the merkle root of the tokens with the trait).
   */
  readonly openSeaSupportedCollections?: ReadonlyArray<string>
}

const ORIGIN_CHAIN_ID = 31337
const DESTINATION_CHAIN_ID = 31338

function runtime(anvil: AnvilInstance, name: string): ChainRuntime {
  const endpoint = { chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }
  return {
    chainId: anvil.chainId,
    name,
    rpcUrl: anvil.rpcUrl,
    chain: { ...devnetChain(endpoint), name },
    client: devnetPublicClient(endpoint),
  }
}

/**
 * Starts the devnet: anvils, contracts, seed, indexer, solver and API. Everything is torn down again if any
 * part fails to start.
 */
export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const started = performance.now()
  const accounts = devnetAccounts()
  const cleanups: Array<() => Promise<void>> = []
  const stopAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined)
  }
  // Kept outside the try: a start that fails before Relay is up must still stop it once it is.
  let relayStart: Promise<RunningRelay> | undefined
  try {
    const anvils = await Promise.allSettled([
      startAnvil({
        chainId: ORIGIN_CHAIN_ID,
        ...(options.originPort !== undefined ? { port: options.originPort } : {}),
      }),
      startAnvil({
        chainId: DESTINATION_CHAIN_ID,
        ...(options.destinationPort !== undefined ? { port: options.destinationPort } : {}),
      }),
    ])
    for (const a of anvils) if (a.status === "fulfilled") cleanups.push(() => a.value.stop())
    const failed = anvils.find((a): a is PromiseRejectedResult => a.status === "rejected")
    if (failed !== undefined) throw failed.reason
    const [originAnvil, destinationAnvil] = anvils.map((a) => (a as PromiseFulfilledResult<AnvilInstance>).value) as [
      AnvilInstance,
      AnvilInstance,
    ]
    const anvilMs = performance.now() - started

    let t = performance.now()
    // OpenSea: Seaport deploys from its own key alongside the devnet's contracts (awaited after the seed).
    const openSeaDeploy = deployOpenSea(originAnvil)
    openSeaDeploy.catch(() => undefined)
    // Relay deploys from its own key too, and serves on its own port (awaited with OpenSea).
    relayStart = startRelay([originAnvil, destinationAnvil])
    relayStart.then((relay) => cleanups.push(() => relay.stop())).catch(() => undefined)
    const contracts = await deployContracts({
      origin: originAnvil,
      destination: destinationAnvil,
      deployer: accounts.deployer.account,
      operator: accounts.operator.address,
      solver: accounts.solver.address,
    })
    const deployMs = performance.now() - t
    await Promise.all(
      [originAnvil, destinationAnvil].map((anvil) =>
        rpc(anvil.rpcUrl, "anvil_setBalance", [accounts.sponsor.address, `0x${SPONSOR_BALANCE.toString(16)}`]),
      ),
    )

    const origin = runtime(originAnvil, "Devnet Origin")
    const destination = runtime(destinationAnvil, "Devnet Destination")
    const catalog = new Catalog(contracts)
    const book = new OrderBook()
    const indexer = new Indexer([origin, destination], catalog, contracts)
    indexer.onEvent((event) => {
      if (event.type === "OrderFilled") book.markFilled(event.orderHash, event.txHash)
      if (event.type === "OrderCancelled") book.markCancelled(event.orderHash, event.txHash)
      if (event.type === "NonceIncremented")
        book.cancelBelowNonce(event.chainId, event.maker, event.nonce, event.txHash)
    })
    indexer.start()
    cleanups.push(() => indexer.stop())
    const intents = new Intents(
      indexer,
      new ServerSigner(accounts.solver.account, destination.chain, destination.client),
      contracts.destination.solver,
    )
    const faults = new Faults(
      [origin, destination],
      [
        accounts.deployer,
        accounts.operator,
        accounts.solver,
        accounts.sponsor,
        ...accounts.users,
        accounts.usdcOnlyUser,
      ].map((a) => a.account),
      options.faultSeed ?? 1,
    )

    t = performance.now()
    if (options.seed ?? true) {
      const [, orders] = await Promise.all([
        seedChain(origin.rpcUrl, contracts, accounts),
        seedOrders(contracts, accounts),
      ])
      for (const order of orders) book.add(order)
    }
    const openSea = await startOpenSea({
      deployment: await openSeaDeploy,
      chain: origin,
      catalog,
      contracts,
      accounts,
      indexer,
      seed: options.seed ?? true,
      supportedCollections: options.openSeaSupportedCollections,
    })
    const relay = await relayStart
    await indexer.catchUp()
    const seedMs = performance.now() - t

    const ctx: DevnetContext = {
      origin,
      destination,
      chains: new Map([
        [origin.chainId, origin],
        [destination.chainId, destination],
      ]),
      contracts,
      catalog,
      book,
      indexer,
      intents,
      records: new Records(),
      faults,
      operator: new ServerSigner(accounts.operator.account, origin.chain, origin.client),
      paymaster: new Paymaster(
        new Map(
          [
            [origin, contracts.origin.batchExecutor],
            [destination, contracts.destination.batchExecutor],
          ].map(([c, batchExecutor]) => {
            const chain = c as ChainRuntime
            const sponsor = new ServerSigner(accounts.sponsor.account, chain.chain, chain.client)
            return [
              chain.chainId,
              { chainId: chain.chainId, sponsor, batchExecutor: batchExecutor as Address },
            ] as const
          }),
        ),
      ),
      relayerFee: options.relayerFee ?? parseEther("0.0001"),
    }
    const requests = new RequestLog()
    let running: Devnet | undefined
    const root = rootRoute((chainId) => (running === undefined ? undefined : devnetInfo(running, chainId)))
    const { server, port } = await listen(
      ctx,
      [...withRequestLog([...routes, ...openSea.routes], requests), ...requestLogRoutes(requests), root],
      options.port ?? 0,
    )
    cleanups.push(() => close(server as Server))
    // Registered after the server, so it runs first on stop: open sockets would keep the server from closing.
    cleanups.push(attachStatusSocket(server, ctx, requests))

    const base = `http://127.0.0.1:${port}`
    const apiUrls: Record<number, string> = {
      [ORIGIN_CHAIN_ID]: `${base}/chains/${ORIGIN_CHAIN_ID}`,
      [DESTINATION_CHAIN_ID]: `${base}/chains/${DESTINATION_CHAIN_ID}`,
    }
    const websocketUrls: Record<number, string> = Object.fromEntries(
      Object.entries(apiUrls).map(([chainId, url]) => [chainId, `${url.replace(/^http/, "ws")}/ws`]),
    )
    const paymasterUrls: Record<number, string> = Object.fromEntries(
      Object.entries(apiUrls).map(([chainId, url]) => [chainId, `${url}/paymaster`]),
    )
    const checkPollingInterval = options.checkPollingInterval ?? 250
    const chainConfig = (c: ChainRuntime, active: boolean): ChainConfig => ({
      id: c.chainId,
      name: c.name,
      baseApiUrl: apiUrls[c.chainId]!,
      websocketUrl: websocketUrls[c.chainId]!,
      active,
      checkPollingInterval,
      viemChain: c.chain,
      paymentTokens: (c.chainId === ORIGIN_CHAIN_ID
        ? [zeroAddress, contracts.origin.weth, contracts.origin.usdc]
        : [zeroAddress, contracts.destination.weth]
      ).map((address) => {
        const { chainId, symbol, name, decimals } = catalog.currency(c.chainId, address)!
        return { chainId, address, symbol, name, decimals }
      }),
    })
    const totalMs = performance.now() - started
    let stopped: Promise<void> | undefined
    running = {
      apiUrl: apiUrls[ORIGIN_CHAIN_ID]!,
      apiUrls,
      paymasterUrls,
      websocketUrls,
      chains: [chainConfig(origin, true), chainConfig(destination, false)],
      rpcUrls: { [ORIGIN_CHAIN_ID]: origin.rpcUrl, [DESTINATION_CHAIN_ID]: destination.rpcUrl },
      originChainId: ORIGIN_CHAIN_ID,
      destinationChainId: DESTINATION_CHAIN_ID,
      accounts,
      contracts,
      faults,
      requests,
      openSea: openSea.describe(base),
      relay: relay.describe,
      indexedAt: (hash) => indexer.findTransaction(hash)?.indexedAt,
      inventory: (chainId = ORIGIN_CHAIN_ID) => inventoryOf(ctx, chainId),
      timings: {
        anvilMs: Math.round(anvilMs),
        deployMs: Math.round(deployMs),
        seedMs: Math.round(seedMs),
        totalMs: Math.round(totalMs),
      },
      sync: () => indexer.catchUp(),
      stop: () => (stopped ??= stopAll()),
    }
    return running
  } catch (error) {
    await stopAll()
    await relayStart?.then((relay) => relay.stop()).catch(() => undefined)
    throw error
  }
}

/** A user account by its position (1-based, as the CLI prints them). */
export function devnetUser(devnet: Devnet, n: number): DevnetAccount {
  const user = devnet.accounts.users[n - 1]
  if (user === undefined) throw new Error(`the devnet has ${devnet.accounts.users.length} users, not ${n}`)
  return user
}
