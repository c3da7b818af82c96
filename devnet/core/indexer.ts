/**
 * The devnet indexer: follows every chain block by block (one `eth_getBlockReceipts` per block, polled every
 * few tens of ms) and keeps what the API answers from — transaction outcomes, NFT transfers of the known
 * collections, token ownership — and announces the Exchange, Depository and Solver events to the rest of
 * the devnet. The API's `synced` and `transfers` answers come only from here, never from the node directly.
 */
import { type Abi, type Address, decodeEventLog, getAddress, type Hex } from "viem"
import { depositoryAbi, devnetERC721Abi, devnetERC1155Abi, exchangeAbi, solverAbi } from "../artifacts/index.js"
import { rpc } from "../chain/anvil.js"
import type { DevnetContracts } from "../chain/deploy.js"
import type { Catalog } from "./catalog.js"

/** A transaction the indexer has seen mined. */
export interface IndexedTransaction {
  readonly chainId: number
  readonly hash: Hex
  readonly blockNumber: bigint
  readonly status: "success" | "reverted"
  readonly from: Address
  readonly to: Address | null
  /** When the indexer recorded it: ms since the epoch, sub-millisecond (performance.timeOrigin + now()). */
  readonly indexedAt: number
}

/** An NFT movement, in the shape of `/transfers/bulk/v2`. */
export interface IndexedTransfer {
  readonly chainId: number
  readonly txHash: Hex
  readonly logIndex: number
  readonly blockNumber: bigint
  readonly contract: Address
  readonly tokenId: bigint
  readonly from: Address
  readonly to: Address
  readonly amount: bigint
}

/** Contract events the rest of the devnet reacts to. */
export type IndexedEvent =
  | { readonly type: "OrderFilled"; readonly chainId: number; readonly txHash: Hex; readonly orderHash: Hex }
  | { readonly type: "OrderCancelled"; readonly chainId: number; readonly txHash: Hex; readonly orderHash: Hex }
  | {
      readonly type: "NonceIncremented"
      readonly chainId: number
      readonly txHash: Hex
      readonly maker: Address
      readonly nonce: bigint
    }
  | {
      readonly type: "Deposited"
      readonly chainId: number
      readonly txHash: Hex
      readonly requestId: Hex
      readonly depositor: Address
      readonly amount: bigint
    }
  | {
      readonly type: "Filled"
      readonly chainId: number
      readonly txHash: Hex
      readonly requestId: Hex
      readonly to: Address
      readonly value: bigint
    }

/** A raw log of an indexed transaction. */
export interface RpcLog {
  readonly address: Address
  readonly topics: [Hex, ...Hex[]]
  readonly data: Hex
  readonly logIndex: Hex
}
interface RpcReceipt {
  readonly transactionHash: Hex
  readonly blockNumber: Hex
  readonly status: Hex
  readonly from: Address
  readonly to: Address | null
  readonly logs: ReadonlyArray<RpcLog>
}

/** A chain to follow. */
export interface IndexedChain {
  readonly chainId: number
  readonly rpcUrl: string
}

const key = (chainId: number, hash: string) => `${chainId}:${hash.toLowerCase()}`
const tokenKey = (chainId: number, contract: string, tokenId: bigint) =>
  `${chainId}:${contract.toLowerCase()}:${tokenId}`

/** Follows the devnet chains and answers from what it has seen. */
export class Indexer {
  private readonly txs = new Map<string, IndexedTransaction>()
  private readonly transfersByTx = new Map<string, IndexedTransfer[]>()
  /** chain:collection:tokenId -> owner -> balance (ERC-721 balances are 0 or 1). */
  private readonly holdings = new Map<string, Map<string, bigint>>()
  private readonly heads = new Map<number, bigint>()
  private readonly listeners = new Set<(event: IndexedEvent) => void>()
  private readonly txListeners = new Set<(tx: IndexedTransaction) => void>()
  private readonly logListeners = new Set<(chainId: number, txHash: Hex, log: RpcLog) => void>()
  private readonly waiters = new Set<() => void>()
  private stopped = false
  private readonly loops: Promise<void>[] = []

  constructor(
    private readonly chains: ReadonlyArray<IndexedChain>,
    private readonly catalog: Catalog,
    private readonly contracts: DevnetContracts,
    private readonly intervalMs = 40,
  ) {}

  /** Starts following every chain from block 0. */
  start(): void {
    for (const chain of this.chains) this.loops.push(this.follow(chain))
  }

  async stop(): Promise<void> {
    this.stopped = true
    await Promise.allSettled(this.loops)
  }

  onEvent(listener: (event: IndexedEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Calls `listener` with every transaction as soon as it is indexed (after its events were announced). */
  onTransaction(listener: (tx: IndexedTransaction) => void): () => void {
    this.txListeners.add(listener)
    return () => this.txListeners.delete(listener)
  }

  /** Calls `listener` with every raw log as its block is indexed: for contracts this indexer does not decode (Seaport). */
  onLog(listener: (chainId: number, txHash: Hex, log: RpcLog) => void): () => void {
    this.logListeners.add(listener)
    return () => this.logListeners.delete(listener)
  }

  transaction(chainId: number, hash: string): IndexedTransaction | undefined {
    return this.txs.get(key(chainId, hash))
  }

  /** A transaction on any chain the indexer follows. */
  findTransaction(hash: string): IndexedTransaction | undefined {
    for (const chain of this.chains) {
      const tx = this.transaction(chain.chainId, hash)
      if (tx !== undefined) return tx
    }
    return undefined
  }

  transfers(hash: string): ReadonlyArray<IndexedTransfer> {
    return this.chains.flatMap((chain) => this.transfersByTx.get(key(chain.chainId, hash)) ?? [])
  }

  /** The owner of an ERC-721 token, as indexed. */
  ownerOf(chainId: number, contract: string, tokenId: bigint): Address | undefined {
    const holders = this.holdings.get(tokenKey(chainId, contract, tokenId))
    for (const [owner, balance] of holders ?? []) if (balance > 0n) return getAddress(owner)
    return undefined
  }

  balanceOf(chainId: number, contract: string, tokenId: bigint, owner: string): bigint {
    return this.holdings.get(tokenKey(chainId, contract, tokenId))?.get(owner.toLowerCase()) ?? 0n
  }

  /** Every token of a collection with its holders. */
  tokensOf(
    chainId: number,
    contract: string,
  ): ReadonlyArray<{ tokenId: bigint; holders: ReadonlyArray<{ owner: Address; balance: bigint }> }> {
    const prefix = `${chainId}:${contract.toLowerCase()}:`
    const tokens: { tokenId: bigint; holders: { owner: Address; balance: bigint }[] }[] = []
    for (const [k, holders] of this.holdings) {
      if (!k.startsWith(prefix)) continue
      const list = [...holders]
        .filter(([, b]) => b > 0n)
        .map(([owner, balance]) => ({ owner: getAddress(owner), balance }))
      if (list.length > 0) tokens.push({ tokenId: BigInt(k.slice(prefix.length)), holders: list })
    }
    return tokens.sort((a, b) => (a.tokenId < b.tokenId ? -1 : 1))
  }

  head(chainId: number): bigint {
    return this.heads.get(chainId) ?? -1n
  }

  /** Resolves once `predicate` holds (checked after every indexed block), or rejects after `timeoutMs`. */
  waitUntil(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
    if (predicate()) return Promise.resolve()
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!predicate()) return
        this.waiters.delete(check)
        clearTimeout(timer)
        resolve()
      }
      const timer = setTimeout(() => {
        this.waiters.delete(check)
        reject(new Error(`indexer: condition not met within ${timeoutMs} ms`))
      }, timeoutMs)
      this.waiters.add(check)
    })
  }

  /** Waits until every chain is indexed up to its current head. */
  async catchUp(timeoutMs = 10_000): Promise<void> {
    const targets = await Promise.all(
      this.chains.map(async (c) => [c.chainId, BigInt(await rpc<Hex>(c.rpcUrl, "eth_blockNumber"))] as const),
    )
    await this.waitUntil(() => targets.every(([chainId, head]) => this.head(chainId) >= head), timeoutMs)
  }

  private async follow(chain: IndexedChain): Promise<void> {
    while (!this.stopped) {
      try {
        const head = BigInt(await rpc<Hex>(chain.rpcUrl, "eth_blockNumber"))
        for (let n = this.head(chain.chainId) + 1n; n <= head && !this.stopped; n++) {
          const receipts = await rpc<RpcReceipt[]>(chain.rpcUrl, "eth_getBlockReceipts", [`0x${n.toString(16)}`])
          for (const receipt of receipts ?? []) this.indexReceipt(chain.chainId, receipt)
          this.heads.set(chain.chainId, n)
          for (const waiter of [...this.waiters]) waiter()
        }
      } catch {
        // The node may be stopping or briefly busy; the next round retries from the last indexed block.
      }
      await new Promise((r) => setTimeout(r, this.intervalMs))
    }
  }

  private indexReceipt(chainId: number, receipt: RpcReceipt): void {
    const hash = receipt.transactionHash
    const blockNumber = BigInt(receipt.blockNumber)
    const events: IndexedEvent[] = []
    for (const log of receipt.logs) {
      for (const listener of this.logListeners) listener(chainId, hash, log)
      const transfer = this.decodeTransfer(chainId, hash, blockNumber, log)
      if (transfer !== undefined) {
        for (const t of transfer) this.recordTransfer(t)
        continue
      }
      const event = this.decodeEvent(chainId, hash, log)
      if (event !== undefined) events.push(event)
    }
    const tx: IndexedTransaction = {
      chainId,
      hash,
      blockNumber,
      status: receipt.status === "0x1" ? "success" : "reverted",
      from: getAddress(receipt.from),
      to: receipt.to === null ? null : getAddress(receipt.to),
      indexedAt: performance.timeOrigin + performance.now(),
    }
    this.txs.set(key(chainId, hash), tx)
    for (const event of events) for (const listener of this.listeners) listener(event)
    for (const listener of this.txListeners) listener(tx)
  }

  private decodeTransfer(
    chainId: number,
    txHash: Hex,
    blockNumber: bigint,
    log: RpcLog,
  ): IndexedTransfer[] | undefined {
    const collection = this.catalog.collection(chainId, log.address)
    if (collection === undefined) return undefined
    const base = { chainId, txHash, blockNumber, logIndex: Number(log.logIndex), contract: collection.address }
    try {
      if (collection.kind === "erc721") {
        const decoded = decodeEventLog({ abi: devnetERC721Abi, topics: log.topics, data: log.data, strict: true })
        if (decoded.eventName !== "Transfer") return []
        const { from, to, tokenId } = decoded.args
        return [{ ...base, tokenId, from, to, amount: 1n }]
      }
      const decoded = decodeEventLog({ abi: devnetERC1155Abi, topics: log.topics, data: log.data, strict: true })
      if (decoded.eventName === "TransferSingle") {
        const { from, to, id, value } = decoded.args
        return [{ ...base, tokenId: id, from, to, amount: value }]
      }
      if (decoded.eventName === "TransferBatch") {
        const { from, to, ids, values } = decoded.args
        return ids.map((id, i) => ({ ...base, tokenId: id, from, to, amount: values[i] ?? 0n }))
      }
      return []
    } catch {
      return []
    }
  }

  private decodeEvent(chainId: number, txHash: Hex, log: RpcLog): IndexedEvent | undefined {
    const address = log.address.toLowerCase()
    const { origin, destination } = this.contracts
    const decode = <const abi extends Abi>(abi: abi) => {
      try {
        return decodeEventLog({ abi, topics: log.topics, data: log.data, strict: true })
      } catch {
        return undefined
      }
    }
    if (chainId === origin.chainId && address === origin.exchange.toLowerCase()) {
      const decoded = decode(exchangeAbi)
      if (decoded?.eventName === "OrderFilled")
        return { type: "OrderFilled", chainId, txHash, orderHash: decoded.args.orderHash }
      if (decoded?.eventName === "OrderCancelled")
        return { type: "OrderCancelled", chainId, txHash, orderHash: decoded.args.orderHash }
      if (decoded?.eventName === "NonceIncremented") {
        return { type: "NonceIncremented", chainId, txHash, maker: decoded.args.maker, nonce: decoded.args.newNonce }
      }
    }
    if (chainId === origin.chainId && address === origin.depository.toLowerCase()) {
      const decoded = decode(depositoryAbi)
      if (decoded?.eventName === "Deposited") {
        const { requestId, depositor, amount } = decoded.args
        return { type: "Deposited", chainId, txHash, requestId, depositor, amount }
      }
    }
    if (chainId === destination.chainId && address === destination.solver.toLowerCase()) {
      const decoded = decode(solverAbi)
      if (decoded?.eventName === "Filled") {
        const { requestId, to, value } = decoded.args
        return { type: "Filled", chainId, txHash, requestId, to, value }
      }
    }
    return undefined
  }

  private recordTransfer(transfer: IndexedTransfer): void {
    const k = key(transfer.chainId, transfer.txHash)
    const list = this.transfersByTx.get(k) ?? []
    list.push(transfer)
    this.transfersByTx.set(k, list)
    const tk = tokenKey(transfer.chainId, transfer.contract, transfer.tokenId)
    const holders = this.holdings.get(tk) ?? new Map<string, bigint>()
    const from = transfer.from.toLowerCase()
    const to = transfer.to.toLowerCase()
    if (BigInt(transfer.from) !== 0n) holders.set(from, (holders.get(from) ?? 0n) - transfer.amount)
    if (BigInt(transfer.to) !== 0n) holders.set(to, (holders.get(to) ?? 0n) + transfer.amount)
    this.holdings.set(tk, holders)
  }
}
