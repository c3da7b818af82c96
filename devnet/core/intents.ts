/**
 * Cross-chain intents and the devnet solver. `/execute/call/v1` registers an intent (the user's calls on the
 * destination chain and the price of the deposit); when the indexer sees the matching `Deposited` event on
 * the origin chain, the solver executes each call through `Solver.fill` with its own funds. The intent's
 * status is what `/execute/status/v1` reports for `cross-chain-intent` checks.
 */
import { type Address, encodeAbiParameters, encodeFunctionData, type Hex, keccak256 } from "viem"
import { solverAbi } from "../artifacts/index.js"
import type { IndexedEvent, Indexer } from "./indexer.js"
import type { ServerSigner } from "./signer.js"

/** A call the user wants made on the destination chain. */
export interface IntentCall {
  readonly to: Address
  readonly data: Hex
  readonly value: bigint
}

/** A registered cross-chain request. */
export interface Intent {
  readonly requestId: Hex
  readonly user: Address
  readonly originChainId: number
  readonly destinationChainId: number
  readonly calls: ReadonlyArray<IntentCall>
  /** What the deposit must carry: the calls' values plus the relayer fee. */
  readonly required: bigint
  status: "waiting" | "pending" | "success" | "failure"
  depositTxHash?: Hex
  fillTxHashes: Hex[]
  details?: string
}

/** The `Solver.fill` request id of the i-th call of an intent: the intent's id for the first, derived after. */
export function fillRequestId(requestId: Hex, index: number): Hex {
  return index === 0
    ? requestId
    : keccak256(encodeAbiParameters([{ type: "bytes32" }, { type: "uint256" }], [requestId, BigInt(index)]))
}

/** The intents and the solver that fills them. */
export class Intents {
  private readonly intents = new Map<string, Intent>()

  constructor(
    private readonly indexer: Indexer,
    private readonly solver: ServerSigner,
    private readonly solverContract: Address,
  ) {
    indexer.onEvent((event) => this.onEvent(event))
  }

  register(intent: Omit<Intent, "status" | "fillTxHashes">): Intent {
    const stored: Intent = { ...intent, status: "waiting", fillTxHashes: [] }
    this.intents.set(intent.requestId.toLowerCase(), stored)
    return stored
  }

  get(requestId: string): Intent | undefined {
    return this.intents.get(requestId.toLowerCase())
  }

  all(): ReadonlyArray<Intent> {
    return [...this.intents.values()]
  }

  /** The status as the API reports it: `success` only once every fill is indexed on the destination chain. */
  status(intent: Intent): "pending" | "success" | "failure" {
    if (intent.status === "failure") return "failure"
    if (intent.status !== "success") return "pending"
    const indexed = intent.fillTxHashes.every(
      (hash) => this.indexer.transaction(intent.destinationChainId, hash)?.status === "success",
    )
    return indexed ? "success" : "pending"
  }

  private onEvent(event: IndexedEvent): void {
    if (event.type !== "Deposited") return
    const intent = this.get(event.requestId)
    if (intent === undefined || intent.status !== "waiting" || event.chainId !== intent.originChainId) return
    intent.depositTxHash = event.txHash
    if (event.amount < intent.required) {
      intent.status = "failure"
      intent.details = `Deposit of ${event.amount} wei is below the required ${intent.required} wei`
      return
    }
    intent.status = "pending"
    void this.fill(intent)
  }

  private async fill(intent: Intent): Promise<void> {
    try {
      for (const [i, call] of intent.calls.entries()) {
        const receipt = await this.solver.sendAndWait({
          to: this.solverContract,
          data: encodeFunctionData({
            abi: solverAbi,
            functionName: "fill",
            args: [fillRequestId(intent.requestId, i), call.to, call.data, call.value],
          }),
          value: call.value,
        })
        intent.fillTxHashes.push(receipt.transactionHash)
        if (receipt.status !== "success") throw new Error(`fill ${receipt.transactionHash} reverted`)
      }
      intent.status = "success"
    } catch (error) {
      intent.status = "failure"
      intent.details =
        error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error)
    }
  }
}
