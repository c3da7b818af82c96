/**
 * Deploys the devnet contracts on the origin and destination chains. Deploy transactions are sent back to back
 * with explicit nonces and only then awaited, and both chains deploy concurrently, so a full deploy costs a
 * few RPC round trips rather than one block wait per contract.
 */
import {
  type Account,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeDeployData,
  getContractAddress,
  type Hex,
  http,
  type PublicClient,
  parseEther,
} from "viem"
import {
  batchExecutorAbi,
  batchExecutorBytecode,
  depositoryAbi,
  depositoryBytecode,
  devnetERC721Abi,
  devnetERC721Bytecode,
  devnetERC1155Abi,
  devnetERC1155Bytecode,
  exchangeAbi,
  exchangeBytecode,
  solverAbi,
  solverBytecode,
  stableTokenAbi,
  stableTokenBytecode,
  tetherTokenAbi,
  tetherTokenBytecode,
  wrappedNativeAbi,
  wrappedNativeBytecode,
} from "../artifacts/index.js"

/** Where to reach a chain. */
export interface ChainEndpoint {
  readonly rpcUrl: string
  readonly chainId: number
}

/** Options for {@link deployContracts}. */
export interface DeployContractsOptions {
  readonly origin: ChainEndpoint
  readonly destination: ChainEndpoint
  /** Pays for and owns every contract (adminMint, USDC mint, withdrawals). A local account or an anvil-unlocked json-rpc account. */
  readonly deployer: Account
  /** Becomes `Exchange.operator`: the devnet server's key that honours off-chain cancellations. */
  readonly operator: Address
  /** Becomes `Solver.solver`: the only account allowed to fill cross-chain requests. */
  readonly solver: Address
  /** Prefix of token metadata URIs; `<base>/<chainId>/<collection key>/<tokenId>`. */
  readonly metadataBaseUrl?: string
}

/** Addresses on the origin chain, where the order book lives. */
export interface OriginContracts {
  readonly chainId: number
  /** "Devnet Punks" (DPUNK): ERC-721, 0.01 ETH public mint, 5 per wallet. The main trading collection. */
  readonly punks: Address
  /** "Devnet Drops" (DDROP): ERC-721 with a free public mint (10 per wallet) for mint flows. */
  readonly drops: Address
  /** "Devnet Editions" (DEDITION): ERC-1155. */
  readonly editions: Address
  readonly weth: Address
  readonly usdc: Address
  readonly exchange: Address
  readonly depository: Address
  /** The EIP-7702 delegate of the devnet's batching wallet (EIP-5792 `wallet_sendCalls`). */
  readonly batchExecutor: Address
  /** A 6-decimal USDT stand-in with USDT's rule: a nonzero allowance is reset to zero before it is set again. */
  readonly usdt: Address
  /** Block of the last deploy receipt: log indexers can start here. */
  readonly deployBlock: bigint
}

/** Addresses on the destination chain of cross-chain flows. */
export interface DestinationContracts {
  readonly chainId: number
  readonly solver: Address
  /** "Devnet Destination Punks" (DDPUNK): ERC-721, 0.01 ETH public mint, 5 per wallet: the cross-chain mint target. */
  readonly punks: Address
  readonly weth: Address
  /** The EIP-7702 delegate of the devnet's batching wallet, as on the origin chain. */
  readonly batchExecutor: Address
  readonly deployBlock: bigint
}

/** Everything {@link deployContracts} deployed. */
export interface DevnetContracts {
  readonly origin: OriginContracts
  readonly destination: DestinationContracts
}

/** Constructor parameters of the devnet ERC-721 collections, exported so the server can describe them. */
export const collectionParams = {
  punks: { name: "Devnet Punks", symbol: "DPUNK", mintPrice: parseEther("0.01"), maxPerWallet: 5n },
  drops: { name: "Devnet Drops", symbol: "DDROP", mintPrice: 0n, maxPerWallet: 10n },
  editions: { name: "Devnet Editions", symbol: "DEDITION" },
  destinationPunks: {
    name: "Devnet Destination Punks",
    symbol: "DDPUNK",
    mintPrice: parseEther("0.01"),
    maxPerWallet: 5n,
  },
} as const

/** A viem chain for a devnet endpoint; viem has no definition for arbitrary local chain ids. */
export function devnetChain({ rpcUrl, chainId }: ChainEndpoint): Chain {
  return defineChain({
    id: chainId,
    name: `Devnet ${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  })
}

/** A public client tuned for a local node: 50 ms polling instead of viem's 4 s default. */
export function devnetPublicClient(endpoint: ChainEndpoint): PublicClient {
  return createPublicClient({ chain: devnetChain(endpoint), transport: http(endpoint.rpcUrl), pollingInterval: 50 })
}

/**
 * Sends every deploy (creation bytecode + encoded constructor args) with consecutive nonces, then waits for all receipts. Addresses are derived
 * from (deployer, nonce) up front, so nothing waits on a receipt to learn an address.
 */
async function deployAll(
  endpoint: ChainEndpoint,
  deployer: Account,
  deployData: ReadonlyArray<Hex>,
): Promise<{ addresses: Address[]; deployBlock: bigint }> {
  const chain = devnetChain(endpoint)
  const publicClient = devnetPublicClient(endpoint)
  const wallet = createWalletClient({ account: deployer, chain, transport: http(endpoint.rpcUrl) })
  const [startNonce, fees] = await Promise.all([
    publicClient.getTransactionCount({ address: deployer.address, blockTag: "pending" }),
    publicClient.estimateFeesPerGas(),
  ])
  const hashes: Hex[] = []
  const addresses: Address[] = []
  for (const [i, data] of deployData.entries()) {
    const nonce = startNonce + i
    addresses.push(getContractAddress({ from: deployer.address, nonce: BigInt(nonce) }))
    // Sequential sends: a send is one round trip and keeps nonces in order for nodes with interval mining.
    hashes.push(
      await wallet.sendTransaction({
        data,
        nonce,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      }),
    )
  }
  const receipts = await Promise.all(hashes.map((hash) => publicClient.waitForTransactionReceipt({ hash })))
  receipts.forEach((r, i) => {
    if (r.status !== "success")
      throw new Error(`deploy #${i} on chain ${endpoint.chainId} reverted (tx ${r.transactionHash})`)
  })
  // biome-ignore lint/complexity/useMathMinMax: block numbers are bigints, which Math.max does not take
  const deployBlock = receipts.reduce((max, r) => (r.blockNumber > max ? r.blockNumber : max), 0n)
  return { addresses, deployBlock }
}

/** Deploys all devnet contracts on both chains and returns their addresses. */
export async function deployContracts(options: DeployContractsOptions): Promise<DevnetContracts> {
  const { origin, destination, deployer } = options
  const base = (options.metadataBaseUrl ?? "http://127.0.0.1/metadata").replace(/\/+$/, "")
  const uri = (chainId: number, key: string) => `${base}/${chainId}/${key}/`
  const { punks, drops, editions, destinationPunks } = collectionParams

  // encodeDeployData with the `as const` ABIs type-checks every constructor argument.
  const originDeploys: Hex[] = [
    encodeDeployData({
      abi: devnetERC721Abi,
      bytecode: devnetERC721Bytecode,
      args: [punks.name, punks.symbol, uri(origin.chainId, "punks"), punks.mintPrice, punks.maxPerWallet],
    }),
    encodeDeployData({
      abi: devnetERC721Abi,
      bytecode: devnetERC721Bytecode,
      args: [drops.name, drops.symbol, uri(origin.chainId, "drops"), drops.mintPrice, drops.maxPerWallet],
    }),
    encodeDeployData({
      abi: devnetERC1155Abi,
      bytecode: devnetERC1155Bytecode,
      args: [editions.name, editions.symbol, uri(origin.chainId, "editions")],
    }),
    encodeDeployData({ abi: wrappedNativeAbi, bytecode: wrappedNativeBytecode }),
    encodeDeployData({ abi: stableTokenAbi, bytecode: stableTokenBytecode }),
    encodeDeployData({ abi: exchangeAbi, bytecode: exchangeBytecode, args: [options.operator] }),
    encodeDeployData({ abi: depositoryAbi, bytecode: depositoryBytecode }),
    // Last on each chain: appending keeps the addresses of the contracts deployed before it.
    encodeDeployData({ abi: batchExecutorAbi, bytecode: batchExecutorBytecode }),
    encodeDeployData({ abi: tetherTokenAbi, bytecode: tetherTokenBytecode }),
  ]
  const destinationDeploys: Hex[] = [
    encodeDeployData({ abi: solverAbi, bytecode: solverBytecode, args: [options.solver] }),
    encodeDeployData({
      abi: devnetERC721Abi,
      bytecode: devnetERC721Bytecode,
      args: [
        destinationPunks.name,
        destinationPunks.symbol,
        uri(destination.chainId, "punks"),
        destinationPunks.mintPrice,
        destinationPunks.maxPerWallet,
      ],
    }),
    encodeDeployData({ abi: wrappedNativeAbi, bytecode: wrappedNativeBytecode }),
    encodeDeployData({ abi: batchExecutorAbi, bytecode: batchExecutorBytecode }),
  ]

  const [o, d] = await Promise.all([
    deployAll(origin, deployer, originDeploys),
    deployAll(destination, deployer, destinationDeploys),
  ])
  const [oPunks, oDrops, oEditions, oWeth, oUsdc, oExchange, oDepository, oBatchExecutor, oUsdt] = o.addresses as [
    Address,
    Address,
    Address,
    Address,
    Address,
    Address,
    Address,
    Address,
    Address,
  ]
  const [dSolver, dPunks, dWeth, dBatchExecutor] = d.addresses as [Address, Address, Address, Address]
  return {
    origin: {
      chainId: origin.chainId,
      punks: oPunks,
      drops: oDrops,
      editions: oEditions,
      weth: oWeth,
      usdc: oUsdc,
      exchange: oExchange,
      depository: oDepository,
      batchExecutor: oBatchExecutor,
      usdt: oUsdt,
      deployBlock: o.deployBlock,
    },
    destination: {
      chainId: destination.chainId,
      solver: dSolver,
      punks: dPunks,
      weth: dWeth,
      batchExecutor: dBatchExecutor,
      deployBlock: d.deployBlock,
    },
  }
}
