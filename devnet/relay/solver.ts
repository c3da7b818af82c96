/**
 * The devnet Relay's solver: it watches the origin Depository for deposits, and for each deposit of a quoted
 * request makes the destination calls through the router (one multicall, the deposit's value advanced from its
 * own ETH). When the calls would revert, or the deposit does not pay the quote, it refunds the whole deposit on
 * the origin chain to `refundTo` (no gas charge is taken: the devnet's gas is free); without `refundTo` the
 * request ends in `failure`, as on Relay.
 */
import {
  type Address,
  BaseError,
  createWalletClient,
  decodeEventLog,
  encodeFunctionData,
  type Hex,
  http,
  type LocalAccount,
  type Log,
  type PublicClient,
  type WalletClient,
  zeroAddress,
} from "viem"
import { relayDepositoryAbi, relayRouterAbi } from "../artifacts/index.js"
import { type ChainEndpoint, devnetChain, devnetPublicClient } from "../chain/index.js"
import type { RelayChainContracts } from "./deploy.js"
import type { RelayRequest, RelayRequests } from "./requests.js"

/** One chain as the solver uses it. */
interface SolverChain {
  readonly contracts: RelayChainContracts
  readonly client: PublicClient
  readonly wallet: WalletClient
  /** Sends on this chain one after the other, so the solver's nonces never race. */
  queue: Promise<unknown>
}

/** A native deposit as the Depository logs it. */
interface Deposit {
  readonly from: Address
  readonly amount: bigint
  readonly id: Hex
  readonly txHash: Hex
}

/** Fills and refunds the devnet Relay's requests. */
export class RelaySolver {
  private readonly chains = new Map<number, SolverChain>()
  private readonly seen = new Set<string>()
  private readonly unwatch: Array<() => void> = []

  constructor(
    private readonly account: LocalAccount,
    private readonly requests: RelayRequests,
    chains: ReadonlyArray<{ readonly endpoint: ChainEndpoint; readonly contracts: RelayChainContracts }>,
  ) {
    for (const { endpoint, contracts } of chains) {
      const wallet = createWalletClient({ account, chain: devnetChain(endpoint), transport: http(endpoint.rpcUrl) })
      this.chains.set(endpoint.chainId, {
        contracts,
        client: devnetPublicClient(endpoint),
        wallet,
        queue: Promise.resolve(),
      })
    }
  }

  /** Starts watching every chain's Depository. */
  start(): void {
    for (const [chainId, chain] of this.chains) {
      this.unwatch.push(
        chain.client.watchContractEvent({
          address: chain.contracts.depository,
          abi: relayDepositoryAbi,
          eventName: "RelayNativeDeposit",
          pollingInterval: 50,
          onLogs: (logs) => {
            for (const log of logs) void this.onLog(chainId, log)
          },
        }),
      )
    }
  }

  /** Stops watching. */
  stop(): void {
    for (const unwatch of this.unwatch.splice(0)) unwatch()
  }

  /** Handles the deposits of `txHash` on `chainId` now (`POST /transactions/index`), not at the next poll. */
  async index(chainId: number, txHash: Hex): Promise<void> {
    const chain = this.chains.get(chainId)
    if (chain === undefined) return
    const receipt = await chain.client.waitForTransactionReceipt({ hash: txHash, timeout: 10_000 })
    for (const log of receipt.logs) {
      if (log.address.toLowerCase() === chain.contracts.depository.toLowerCase()) await this.onLog(chainId, log)
    }
  }

  private async onLog(chainId: number, log: Log): Promise<void> {
    const key = `${chainId}:${log.transactionHash}:${log.logIndex}`
    if (this.seen.has(key) || log.transactionHash === null) return
    this.seen.add(key)
    let event: ReturnType<typeof decodeEventLog<typeof relayDepositoryAbi>>
    try {
      event = decodeEventLog({ abi: relayDepositoryAbi, data: log.data, topics: log.topics })
    } catch {
      return
    }
    if (event.eventName !== "RelayNativeDeposit") return
    const { from, amount, id } = event.args
    const request = this.requests.get(id)
    if (request === undefined || request.originChainId !== chainId) return
    await this.settle(request, { from, amount, id, txHash: log.transactionHash })
  }

  private async settle(request: RelayRequest, deposit: Deposit): Promise<void> {
    request.inTxHashes.push(deposit.txHash)
    if (request.status !== "waiting") return this.refund(request, deposit, "a second deposit for the request")
    this.requests.update(request, "pending")
    if (deposit.amount !== request.amount) {
      return this.refund(request, deposit, `deposit of ${deposit.amount} does not pay the quoted ${request.amount}`)
    }
    try {
      await this.fill(request)
    } catch (error) {
      await this.refund(request, deposit, `DESTINATION_TX_FAILED: ${reason(error)}`)
    }
  }

  /** Makes the destination calls; throws (before sending) when they would revert. */
  private async fill(request: RelayRequest): Promise<void> {
    const chain = this.chain(request.destinationChainId)
    const data = encodeFunctionData({
      abi: relayRouterAbi,
      functionName: "multicall",
      args: [
        request.txs.map((tx) => ({ target: tx.to, allowFailure: false, value: tx.value, callData: tx.data })),
        request.recipient,
        request.recipient,
        "0x",
      ],
    })
    const hash = await this.send(chain, { to: chain.contracts.router, data, value: request.amount })
    request.txHashes.push(hash)
    this.requests.update(request, "submitted")
    const receipt = await chain.client.waitForTransactionReceipt({ hash })
    if (receipt.status !== "success") throw new Error(`destination transaction ${hash} reverted`)
    this.requests.update(request, "success")
  }

  private async refund(request: RelayRequest, deposit: Deposit, why: string): Promise<void> {
    if (request.refundTo === undefined) return this.requests.update(request, "failure", `${why}; no refundTo`)
    const chain = this.chain(request.originChainId)
    const data = encodeFunctionData({
      abi: relayDepositoryAbi,
      functionName: "refund",
      args: [deposit.id, request.refundTo, zeroAddress, deposit.amount],
    })
    try {
      const hash = await this.send(chain, { to: chain.contracts.depository, data, value: 0n })
      request.txHashes.push(hash)
      const receipt = await chain.client.waitForTransactionReceipt({ hash })
      if (receipt.status !== "success") throw new Error(`refund transaction ${hash} reverted`)
      this.requests.update(request, "refund", why)
    } catch (error) {
      this.requests.update(request, "failure", `${why}; refund failed: ${reason(error)}`)
    }
  }

  /** Estimates (which throws on a revert) and sends, queued behind the chain's earlier sends. */
  private send(chain: SolverChain, tx: { to: Address; data: Hex; value: bigint }): Promise<Hex> {
    const next = chain.queue.then(async () => {
      const gas = await chain.client.estimateGas({ account: this.account, ...tx })
      return chain.wallet.sendTransaction({
        account: this.account,
        chain: chain.wallet.chain,
        gas: (gas * 12n) / 10n,
        ...tx,
      })
    })
    chain.queue = next.catch(() => undefined)
    return next
  }

  private chain(chainId: number): SolverChain {
    const chain = this.chains.get(chainId)
    if (chain === undefined) throw new Error(`the devnet Relay does not serve chain ${chainId}`)
    return chain
  }
}

/** A revert's short reason. */
function reason(error: unknown): string {
  return error instanceof BaseError ? error.shortMessage : String(error)
}
