/**
 * The devnet Relay's requests: one per quote, keyed by its request id (the order id, which is also the deposit's
 * `id`), with the status `/intents/status/v3` answers.
 */
import type { Address, Hex } from "viem"
import type { RelayOrder } from "./order.js"

/** Relay's request statuses (`/intents/status/v3`). */
export type RelayStatus =
  | "waiting"
  | "depositing"
  | "pending"
  | "submitted"
  | "success"
  | "delayed"
  | "refund"
  | "failure"

/** One destination call of a quote (`txs[]`). */
export interface RelayCall {
  readonly to: Address
  readonly value: bigint
  readonly data: Hex
}

/** A quoted request and what became of it. */
export interface RelayRequest {
  readonly requestId: Hex
  readonly order: RelayOrder
  readonly user: Address
  readonly recipient: Address
  /** Where a refund goes, on the origin chain; undefined disables automatic refunds, as on Relay. */
  readonly refundTo: Address | undefined
  readonly originChainId: number
  readonly destinationChainId: number
  /** What the deposit must be, in the origin chain's native currency. */
  readonly amount: bigint
  readonly txs: ReadonlyArray<RelayCall>
  readonly createdAt: number
  status: RelayStatus
  details: string | undefined
  inTxHashes: Hex[]
  txHashes: Hex[]
  updatedAt: number
}

/** The requests, in memory. */
export class RelayRequests {
  private readonly byId = new Map<string, RelayRequest>()

  /** Records a new request as `waiting`. */
  add(request: Omit<RelayRequest, "status" | "details" | "inTxHashes" | "txHashes" | "updatedAt">): RelayRequest {
    const stored: RelayRequest = {
      ...request,
      status: "waiting",
      details: undefined,
      inTxHashes: [],
      txHashes: [],
      updatedAt: request.createdAt,
    }
    this.byId.set(request.requestId.toLowerCase(), stored)
    return stored
  }

  /** The request `requestId`, if quoted. */
  get(requestId: string): RelayRequest | undefined {
    return this.byId.get(requestId.toLowerCase())
  }

  /** Moves `request` to `status`. */
  update(request: RelayRequest, status: RelayStatus, details?: string): void {
    request.status = status
    if (details !== undefined) request.details = details
    request.updatedAt = Date.now()
  }
}
