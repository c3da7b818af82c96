import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import {
  type Address,
  encodeAbiParameters,
  type Hex,
  numberToHex,
  pad,
  type TransactionReceipt,
  toEventSelector,
  zeroAddress,
} from "viem"
import { ChainReader, type ChainReads, type OrderStatus, type PublicDrop } from "../apis/opensea/chain/chainReads.js"
import type { FakeOpenSea, FakeOrder } from "./FakeOpenSea.js"

/** What the fake chain holds; every map is keyed by lower-cased addresses joined with `:`. */
export interface FakeChainState {
  /** ERC-20 allowances, by `token:owner:spender`. */
  readonly allowances: Map<string, bigint>
  /** ERC-20 balances, by `token:owner`. */
  readonly balances: Map<string, bigint>
  /** ERC-20 symbols, by `token`. */
  readonly symbols: Map<string, string>
  /** ERC-20 decimals, by `token` (18 when unset). */
  readonly decimals: Map<string, number>
  /** `isApprovedForAll`, by `contract:owner:operator`. */
  readonly approvals: Map<string, boolean>
  /** ERC-721 owners set by a test, by `contract:tokenId` (`undefined`: burned, `ownerOf` reverts). */
  readonly owners: Map<string, Address | undefined>
  /** ERC-1155 balances set by a test, by `contract:owner:tokenId`. */
  readonly units: Map<string, bigint>
  /** SeaDrop's public stage of each drop, by `seaDrop:nftContract` (none: a zero stage). */
  readonly publicDrops: Map<string, PublicDrop>
  /** The fee recipients SeaDrop allows, by `seaDrop:nftContract:feeRecipient`. */
  readonly feeRecipients: Set<string>
  /** The ERC-165 interfaces each contract supports, by `contract` (none when unset). */
  readonly interfaces: Map<string, ReadonlyArray<Hex>>
  /** The addresses that hold code besides those with interfaces set (none by default). */
  readonly contracts: Set<string>
  /**
   * The listings of a fake OpenSea the chain plays along with: a token none set an owner, balance or approval for
   * is its listing maker's, held in the units listed and approved to any operator, so served listings can fill.
   */
  listings: (() => Iterable<FakeOrder>) | undefined
  /** Seaport counters, by `seaport:offerer`. */
  readonly counters: Map<string, bigint>
  /** Seaport's `getOrderStatus` answers, by `seaport:orderHash` (unknown orders: none filled, not cancelled). */
  readonly orderStatuses: Map<string, OrderStatus>
  /** Mined receipts, by transaction hash. */
  readonly receipts: Map<string, TransactionReceipt>
  /** The latest block's timestamp, in seconds. */
  now: bigint
  /**
   * The receipt of a hash no `setReceipt` named (a test that cannot know the wallet's hashes in advance); none when
   * absent.
   */
  receiptOf: ((hash: Hex) => TransactionReceipt | undefined) | undefined
}

/** A token transfer a fake receipt logs: ERC-721 `Transfer` when `amount` is absent, else ERC-1155 `TransferSingle`. */
export interface FakeTransfer {
  readonly contract: Address
  readonly from: Address
  readonly to: Address
  readonly tokenId: bigint
  readonly amount?: bigint
}

/** The fake chain: its reads as a `ChainReader` layer (every chain reads the same state) and setters for each fact. */
export interface FakeChainReads {
  readonly state: FakeChainState
  /** Every read asked so far, as `method:args` (to assert what the book looked at). */
  readonly reads: ReadonlyArray<string>
  readonly setAllowance: (token: Address, owner: Address, spender: Address, amount: bigint) => FakeChainReads
  readonly setBalance: (token: Address, owner: Address, amount: bigint) => FakeChainReads
  readonly setSymbol: (token: Address, symbol: string) => FakeChainReads
  readonly setDecimals: (token: Address, decimals: number) => FakeChainReads
  readonly setApprovedForAll: (
    contract: Address,
    owner: Address,
    operator: Address,
    approved: boolean,
  ) => FakeChainReads
  readonly setCounter: (seaport: Address, offerer: Address, counter: bigint) => FakeChainReads
  /** Sets an ERC-721 token's owner (`undefined`: burned): a listing by anyone else goes stale. */
  readonly setOwner: (contract: Address, tokenId: bigint, owner: Address | undefined) => FakeChainReads
  /** Sets an ERC-1155 balance of `owner`: a listing of more units than that goes stale. */
  readonly setUnits: (contract: Address, owner: Address, tokenId: bigint, amount: bigint) => FakeChainReads
  /** Sets SeaDrop's public stage of `nftContract`, and the fee recipients it allows. */
  readonly setPublicDrop: (
    seaDrop: Address,
    nftContract: Address,
    stage: PublicDrop,
    feeRecipients?: ReadonlyArray<Address>,
  ) => FakeChainReads
  /** Deploys code at `address` (a contract with interfaces set has code already). */
  readonly setCode: (address: Address) => FakeChainReads
  /** Sets the ERC-165 interfaces `contract` answers `supportsInterface` true for (ERC-721's `0x80ac58cd`, ...). */
  readonly setInterfaces: (contract: Address, interfaceIds: ReadonlyArray<Hex>) => FakeChainReads
  /** Plays along with `openSea`: the makers of its listings own and approved what they list until a test says not. */
  readonly serving: (openSea: Pick<FakeOpenSea, "orders">) => FakeChainReads
  readonly setNow: (seconds: bigint) => FakeChainReads
  /** Sets Seaport's status of an order: what `getOrderStatus(orderHash)` answers. */
  readonly setOrderStatus: (seaport: Address, orderHash: Hex, status: OrderStatus) => FakeChainReads
  readonly setReceipt: (hash: Hex, receipt: TransactionReceipt) => FakeChainReads
  /** Answers receipts of hashes not set one by one (a successful receipt of the wallet's sends, say). */
  readonly setReceiptOf: (receiptOf: (hash: Hex) => TransactionReceipt | undefined) => FakeChainReads
  /** The `ChainReader` layer to provide under `Tradekit.layerWith(…)` of an `openSea(…)` client. */
  readonly layer: Layer.Layer<ChainReader>
}

/** What SeaDrop answers for a contract with no drop: a zero stage. */
const NO_DROP: PublicDrop = {
  mintPrice: 0n,
  startTime: 0,
  endTime: 0,
  maxTotalMintableByWallet: 0,
  feeBps: 0,
  restrictFeeRecipients: false,
}

/** What Seaport answers for an order it never saw: not cancelled, nothing filled of no size. */
const UNKNOWN_ORDER: OrderStatus = { isCancelled: false, totalFilled: 0n, totalSize: 0n }

const key = (...parts: ReadonlyArray<string>) => parts.map((part) => part.toLowerCase()).join(":")

const TRANSFER = toEventSelector("Transfer(address,address,uint256)")
const TRANSFER_SINGLE = toEventSelector("TransferSingle(address,address,address,uint256,uint256)")
const topicOf = (address: Address): Hex => pad(address)

/**
 * A successful receipt of `hash` whose logs are `transfers` (ERC-721 `Transfer` or ERC-1155 `TransferSingle`), as
 * the OpenSea book reads the transfers of a sale from the chain.
 */
export const transferReceipt = (
  hash: Hex,
  transfers: ReadonlyArray<FakeTransfer>,
  from: Address = zeroAddress,
): TransactionReceipt =>
  ({
    transactionHash: hash,
    blockHash: pad("0x01"),
    blockNumber: 1n,
    contractAddress: null,
    cumulativeGasUsed: 21_000n,
    effectiveGasPrice: 1n,
    from,
    gasUsed: 21_000n,
    logsBloom: pad("0x", { size: 256 }),
    status: "success",
    to: null,
    transactionIndex: 0,
    type: "eip1559",
    logs: transfers.map((transfer, logIndex) => ({
      address: transfer.contract,
      blockHash: pad("0x01"),
      blockNumber: 1n,
      logIndex,
      removed: false,
      transactionHash: hash,
      transactionIndex: 0,
      ...(transfer.amount === undefined
        ? {
            topics: [
              TRANSFER,
              topicOf(transfer.from),
              topicOf(transfer.to),
              numberToHex(transfer.tokenId, { size: 32 }),
            ],
            data: "0x" as Hex,
          }
        : {
            topics: [TRANSFER_SINGLE, topicOf(from), topicOf(transfer.from), topicOf(transfer.to)],
            data: encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [transfer.tokenId, transfer.amount]),
          }),
    })),
  }) as unknown as TransactionReceipt

/** The served listings that offer `contract` (and `tokenId` when given), by `maker` when given. */
const listed = (state: FakeChainState, contract: Address, tokenId?: bigint, maker?: Address) =>
  [...(state.listings?.() ?? [])].filter(
    (order) =>
      order.kind === "listing" &&
      key(order.contract) === key(contract) &&
      (tokenId === undefined || order.tokenId === tokenId) &&
      (maker === undefined || key(order.components.offerer) === key(maker)),
  )

const unitsListed = (order: FakeOrder) => order.components.offer.reduce((sum, item) => sum + item.startAmount, 0n)

/** The chain's reads over `state`: each answers what a test set, else what serving listings implies, else a zero. */
const chainReadsOf = (state: FakeChainState, reads: Array<string>): ChainReads => {
  const read = <A>(what: string, answer: () => A) =>
    Effect.sync(() => {
      reads.push(what)
      return answer()
    })
  return {
    allowance: (token, owner, spender) =>
      read(`allowance:${key(token, owner, spender)}`, () => state.allowances.get(key(token, owner, spender)) ?? 0n),
    balanceOf: (token, owner) =>
      read(`balanceOf:${key(token, owner)}`, () => state.balances.get(key(token, owner)) ?? 0n),
    symbolOf: (token) => read(`symbolOf:${key(token)}`, () => state.symbols.get(key(token)) ?? ""),
    decimalsOf: (token) => read(`decimalsOf:${key(token)}`, () => state.decimals.get(key(token)) ?? 18),
    isApprovedForAll: (contract, owner, operator) =>
      read(
        `isApprovedForAll:${key(contract, owner, operator)}`,
        () =>
          state.approvals.get(key(contract, owner, operator)) ?? listed(state, contract, undefined, owner).length > 0,
      ),
    ownerOf: (contract, tokenId) =>
      read(`ownerOf:${key(contract, tokenId.toString())}`, () => {
        const tokenKey = key(contract, tokenId.toString())
        if (state.owners.has(tokenKey)) return state.owners.get(tokenKey)
        // A token listed by several makers is its first live listing's: a cancelled one's maker let it go.
        const listings = listed(state, contract, tokenId)
        return (listings.find((order) => !order.cancelled) ?? listings[0])?.components.offerer
      }),
    hasCode: (address) =>
      read(`hasCode:${key(address)}`, () => state.contracts.has(key(address)) || state.interfaces.has(key(address))),
    supportsInterface: (contract, interfaceId) =>
      read(`supportsInterface:${key(contract, interfaceId)}`, () =>
        (state.interfaces.get(key(contract)) ?? []).some((id) => key(id) === key(interfaceId)),
      ),
    unitsOf: (contract, owner, tokenId) =>
      read(
        `unitsOf:${key(contract, owner, tokenId.toString())}`,
        () =>
          state.units.get(key(contract, owner, tokenId.toString())) ??
          listed(state, contract, tokenId, owner)
            .map(unitsListed)
            .sort((a, b) => (a < b ? 1 : -1))[0] ??
          0n,
      ),
    counterOf: (seaport, offerer) =>
      read(`counterOf:${key(seaport, offerer)}`, () => state.counters.get(key(seaport, offerer)) ?? 0n),
    orderStatusOf: (seaport, orderHash) =>
      read(
        `orderStatusOf:${key(seaport, orderHash)}`,
        () => state.orderStatuses.get(key(seaport, orderHash)) ?? UNKNOWN_ORDER,
      ),
    publicDropOf: (seaDrop, nftContract) =>
      read(
        `publicDropOf:${key(seaDrop, nftContract)}`,
        () => state.publicDrops.get(key(seaDrop, nftContract)) ?? NO_DROP,
      ),
    feeRecipientAllowed: (seaDrop, nftContract, feeRecipient) =>
      read(`feeRecipientAllowed:${key(seaDrop, nftContract, feeRecipient)}`, () =>
        state.feeRecipients.has(key(seaDrop, nftContract, feeRecipient)),
      ),
    now: read("now", () => state.now),
    receipt: (hash) => read(`receipt:${key(hash)}`, () => state.receipts.get(key(hash)) ?? state.receiptOf?.(hash)),
  }
}

/**
 * Makes a fake chain for the OpenSea book: allowances, balances and Seaport counters are 0, symbols empty,
 * nothing approved, no token owned, no receipt, and the time 1 700 000 000 until a test sets them; `serving(openSea)`
 * makes the fake OpenSea's listings fillable (their makers own and approved what they list).
 *
 * @example
 * const chain = makeFakeChainReads().setApprovedForAll(nft, wallet.address, OPENSEA_CONDUIT, true)
 * const layer = Tradekit.layerWith({ chains, book: openSea() }, fake.api.layer).pipe(Layer.provide(chain.layer))
 */
export const makeFakeChainReads = (initial: Partial<FakeChainState> = {}): FakeChainReads => {
  const state: FakeChainState = {
    allowances: new Map(),
    balances: new Map(),
    symbols: new Map(),
    decimals: new Map(),
    approvals: new Map(),
    counters: new Map(),
    orderStatuses: new Map(),
    receipts: new Map(),
    owners: new Map(),
    units: new Map(),
    interfaces: new Map(),
    contracts: new Set(),
    publicDrops: new Map(),
    feeRecipients: new Set(),
    listings: undefined,
    now: 1_700_000_000n,
    receiptOf: undefined,
    ...initial,
  }
  const reads: Array<string> = []
  const chainReads = chainReadsOf(state, reads)
  const set = (update: () => void): FakeChainReads => {
    update()
    return fake
  }
  const fake: FakeChainReads = {
    state,
    get reads() {
      return [...reads]
    },
    setAllowance: (token, owner, spender, amount) =>
      set(() => state.allowances.set(key(token, owner, spender), amount)),
    setBalance: (token, owner, amount) => set(() => state.balances.set(key(token, owner), amount)),
    setSymbol: (token, symbol) => set(() => state.symbols.set(key(token), symbol)),
    setDecimals: (token, decimals) => set(() => state.decimals.set(key(token), decimals)),
    setApprovedForAll: (contract, owner, operator, approved) =>
      set(() => state.approvals.set(key(contract, owner, operator), approved)),
    setCounter: (seaport, offerer, counter) => set(() => state.counters.set(key(seaport, offerer), counter)),
    setOrderStatus: (seaport, orderHash, status) => set(() => state.orderStatuses.set(key(seaport, orderHash), status)),
    setOwner: (contract, tokenId, owner) => set(() => state.owners.set(key(contract, tokenId.toString()), owner)),
    setUnits: (contract, owner, tokenId, amount) =>
      set(() => state.units.set(key(contract, owner, tokenId.toString()), amount)),
    setPublicDrop: (seaDrop, nftContract, stage, feeRecipients = []) =>
      set(() => {
        state.publicDrops.set(key(seaDrop, nftContract), stage)
        for (const recipient of feeRecipients) state.feeRecipients.add(key(seaDrop, nftContract, recipient))
      }),
    setCode: (address) => set(() => state.contracts.add(key(address))),
    setInterfaces: (contract, interfaceIds) => set(() => state.interfaces.set(key(contract), interfaceIds)),
    serving: (openSea) =>
      set(() => {
        state.listings = () => openSea.orders.values()
      }),
    setNow: (seconds) =>
      set(() => {
        state.now = seconds
      }),
    setReceipt: (hash, receipt) => set(() => state.receipts.set(key(hash), receipt)),
    setReceiptOf: (receiptOf) =>
      set(() => {
        state.receiptOf = receiptOf
      }),
    layer: Layer.succeed(ChainReader, { forChain: () => Effect.succeed(chainReads) }),
  }
  return fake
}
