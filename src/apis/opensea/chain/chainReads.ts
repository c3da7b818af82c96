import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  createPublicClient,
  erc20Abi,
  erc721Abi,
  erc1155Abi,
  type Hex,
  http,
  type PublicClient,
  parseAbi,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from "viem"
import type { ChainConfig } from "../../../chains/ChainConfig.js"
import { viemChainFor } from "../../../chains/viemChainFor.js"
import { OpenSeaError } from "../book/OpenSeaError.js"
import { seaDropAbi } from "../drops/seaDropAbi.js"
import { seaportAbi } from "../seaport/seaportAbi.js"

/** ERC-165's one function. */
const erc165Abi = parseAbi(["function supportsInterface(bytes4 interfaceId) view returns (bool)"])

/** An order's status on Seaport: filled when `totalFilled` reaches a non-zero `totalSize`. */
export interface OrderStatus {
  readonly isCancelled: boolean
  readonly totalFilled: bigint
  readonly totalSize: bigint
}

/** A drop's public stage as SeaDrop's `getPublicDrop` answers it. */
export interface PublicDrop {
  readonly mintPrice: bigint
  readonly startTime: number
  readonly endTime: number
  readonly maxTotalMintableByWallet: number
  readonly feeBps: number
  readonly restrictFeeRecipients: boolean
}

/** What the OpenSea layer reads from a chain to plan: approvals, balances, Seaport's counter, receipts. */
export interface ChainReads {
  readonly allowance: (token: Address, owner: Address, spender: Address) => Effect.Effect<bigint, OpenSeaError>
  readonly balanceOf: (token: Address, owner: Address) => Effect.Effect<bigint, OpenSeaError>
  readonly symbolOf: (token: Address) => Effect.Effect<string, OpenSeaError>
  /** A token's own `decimals()`: what its amounts are counted in, whatever an API states. */
  readonly decimalsOf: (token: Address) => Effect.Effect<number, OpenSeaError>
  readonly isApprovedForAll: (
    contract: Address,
    owner: Address,
    operator: Address,
  ) => Effect.Effect<boolean, OpenSeaError>
  /** An ERC-721 token's `ownerOf`: `undefined` when the call reverts (a burned or never minted token). */
  readonly ownerOf: (contract: Address, tokenId: bigint) => Effect.Effect<Address | undefined, OpenSeaError>
  /** Whether `address` holds code (a contract is deployed there). */
  readonly hasCode: (address: Address) => Effect.Effect<boolean, OpenSeaError>
  /** ERC-165's `supportsInterface`: false when the contract does not answer it (no contract, or a revert). */
  readonly supportsInterface: (contract: Address, interfaceId: Hex) => Effect.Effect<boolean, OpenSeaError>
  /** An ERC-1155 `balanceOf(owner, id)`: how many units of a token `owner` holds. */
  readonly unitsOf: (contract: Address, owner: Address, tokenId: bigint) => Effect.Effect<bigint, OpenSeaError>
  readonly counterOf: (seaport: Address, offerer: Address) => Effect.Effect<bigint, OpenSeaError>
  /** Seaport's `getOrderStatus` of an order: whether it is cancelled, and how much of it is filled. */
  readonly orderStatusOf: (seaport: Address, orderHash: Hex) => Effect.Effect<OrderStatus, OpenSeaError>
  /** SeaDrop's public stage of `nftContract`: what a public mint costs, read on chain. */
  readonly publicDropOf: (seaDrop: Address, nftContract: Address) => Effect.Effect<PublicDrop, OpenSeaError>
  /** Whether SeaDrop lets a mint of `nftContract` pay its fee to `feeRecipient`. */
  readonly feeRecipientAllowed: (
    seaDrop: Address,
    nftContract: Address,
    feeRecipient: Address,
  ) => Effect.Effect<boolean, OpenSeaError>
  /** The latest block's timestamp, in seconds: an order's start time. */
  readonly now: Effect.Effect<bigint, OpenSeaError>
  /** The receipt of a mined transaction, `undefined` while it is not. */
  readonly receipt: (hash: Hex) => Effect.Effect<TransactionReceipt | undefined, OpenSeaError>
}

const read = <A>(what: string, run: () => Promise<A>): Effect.Effect<A, OpenSeaError> =>
  Effect.tryPromise({
    try: run,
    catch: (error) => OpenSeaError.chainFailed(`Could not read ${what} on chain: ${(error as Error).message}`),
  })

/** The reads of one chain, over a viem public client on its `viemChain`'s RPC URL. */
export const makeChainReads = (client: PublicClient): ChainReads => ({
  allowance: (token, owner, spender) =>
    read("an allowance", () =>
      client.readContract({ address: token, abi: erc20Abi, functionName: "allowance", args: [owner, spender] }),
    ),
  balanceOf: (token, owner) =>
    read("a balance", () =>
      client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] }),
    ),
  symbolOf: (token) =>
    read("a symbol", () => client.readContract({ address: token, abi: erc20Abi, functionName: "symbol" })),
  decimalsOf: (token) =>
    read("a token's decimals", () => client.readContract({ address: token, abi: erc20Abi, functionName: "decimals" })),
  isApprovedForAll: (contract, owner, operator) =>
    read("an approval", () =>
      client.readContract({
        address: contract,
        abi: erc721Abi,
        functionName: "isApprovedForAll",
        args: [owner, operator],
      }),
    ),
  ownerOf: (contract, tokenId) =>
    read("a token's owner", () =>
      client
        .readContract({ address: contract, abi: erc721Abi, functionName: "ownerOf", args: [tokenId] })
        .catch((error: unknown) => {
          // ERC-721 requires `ownerOf` to revert for a token nobody owns; any other failure is the RPC's.
          if (error instanceof BaseError && error.walk((cause) => cause instanceof ContractFunctionRevertedError))
            return undefined
          return Promise.reject(error)
        }),
    ),
  hasCode: (address) =>
    read("an address's code", () => client.getCode({ address }).then((code) => code !== undefined && code !== "0x")),
  supportsInterface: (contract, interfaceId) =>
    read("an interface", () =>
      client
        .readContract({ address: contract, abi: erc165Abi, functionName: "supportsInterface", args: [interfaceId] })
        .catch((error: unknown) => {
          // A contract without ERC-165 reverts, or answers nothing to decode: it supports no interface it can name.
          if (
            error instanceof BaseError &&
            error.walk(
              (cause) =>
                cause instanceof ContractFunctionRevertedError || cause instanceof ContractFunctionZeroDataError,
            )
          )
            return false
          return Promise.reject(error)
        }),
    ),
  unitsOf: (contract, owner, tokenId) =>
    read("a token balance", () =>
      client.readContract({ address: contract, abi: erc1155Abi, functionName: "balanceOf", args: [owner, tokenId] }),
    ),
  counterOf: (seaport, offerer) =>
    read("Seaport's counter", () =>
      client.readContract({ address: seaport, abi: seaportAbi, functionName: "getCounter", args: [offerer] }),
    ),
  orderStatusOf: (seaport, orderHash) =>
    read("an order's status", () =>
      client.readContract({ address: seaport, abi: seaportAbi, functionName: "getOrderStatus", args: [orderHash] }),
    ).pipe(Effect.map(([, isCancelled, totalFilled, totalSize]) => ({ isCancelled, totalFilled, totalSize }))),
  publicDropOf: (seaDrop, nftContract) =>
    read("a drop's public stage", () =>
      client.readContract({ address: seaDrop, abi: seaDropAbi, functionName: "getPublicDrop", args: [nftContract] }),
    ),
  feeRecipientAllowed: (seaDrop, nftContract, feeRecipient) =>
    read("a drop's fee recipient", () =>
      client.readContract({
        address: seaDrop,
        abi: seaDropAbi,
        functionName: "getFeeRecipientIsAllowed",
        args: [nftContract, feeRecipient],
      }),
    ),
  now: read("the latest block", () => client.getBlock().then((block) => block.timestamp)),
  receipt: (hash) =>
    read("a receipt", () =>
      client.getTransactionReceipt({ hash }).catch((error: unknown) => {
        if (error instanceof TransactionReceiptNotFoundError) return undefined
        return Promise.reject(error)
      }),
    ),
})

/**
 * The reads of a configured chain; one client per chain, made on first use, on the first RPC URL of its
 * `viemChain` (a chain without one fails with a BookConfigurationError that says so).
 */
const chainReadsCache = (): ChainReaderService["forChain"] => {
  const cache = new Map<number, ChainReads>()
  return (chain) => {
    const known = cache.get(chain.id)
    if (known !== undefined) return Effect.succeed(known)
    const viemChain = viemChainFor(chain)
    if (viemChain.rpcUrls.default.http[0] === undefined) {
      return Effect.fail(
        OpenSeaError.misconfigured(
          chain.id,
          "add a `viemChain` with an RPC URL to the chain's config " +
            `({ ...chain, viemChain: defineChain({ id: ${chain.id}, ` +
            "rpcUrls: { default: { http: [rpcUrl] } }, … }) }): " +
            "the OpenSea book reads approvals, balances and receipts through it",
        ),
      )
    }
    const reads = makeChainReads(createPublicClient({ chain: viemChain, transport: http() }) as PublicClient)
    cache.set(chain.id, reads)
    return Effect.succeed(reads)
  }
}

/** What the ChainReader service offers: the reads of each configured chain. */
export interface ChainReaderService {
  readonly forChain: (chain: ChainConfig) => Effect.Effect<ChainReads, OpenSeaError>
}

/**
 * Where the OpenSea book reads the chain: by default each chain's own RPC (its `rpcUrls`), one viem public
 * client per chain. Replace it (`Layer.succeed(ChainReader, …)`) to read elsewhere, or from a test's fake chain.
 */
export class ChainReader extends Context.Service<ChainReader, ChainReaderService>()("tradekit/opensea/ChainReader") {
  /** The reads over each chain's own RPC. */
  static readonly layerRpc: Layer.Layer<ChainReader> = Layer.sync(ChainReader, () => makeRpcChainReader())
}

/** A reader over each chain's own RPC: one viem public client per chain, made on first use. */
export const makeRpcChainReader = (): ChainReaderService => ({ forChain: chainReadsCache() })
