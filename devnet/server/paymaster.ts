/**
 * The devnet's paymaster service: ERC-7677's `pm_getPaymasterStubData` and `pm_getPaymasterData`, plus the two
 * bundler methods a wallet needs to have a sponsored batch submitted (`eth_sendUserOperation`,
 * `eth_getUserOperationByHash`), as JSON-RPC at `POST /chains/{chainId}/paymaster`.
 *
 * The devnet has no ERC-4337 EntryPoint: an EIP-7702 account delegated to the chain's BatchExecutor is its own
 * entry point. A "user operation" here is `{ sender, nonce, callData, signature, paymaster, paymasterData,
 * eip7702Auth? }`: `callData` is `BatchExecutor.execute(calls)` (what the account runs), `nonce` its next
 * sponsored-batch nonce, `signature` the account's EIP-712 `SponsoredBatch` signature naming the sponsor as
 * submitter, and `eip7702Auth` the account's delegation when it has none yet. The sponsor sends ONE transaction to
 * the account calling `executeSponsored(calls, nonce, signature)` and pays its gas; the account's ETH balance
 * does not move. Policy: any batch of 1 to 16 calls on a chain the devnet serves, each approved once
 * (`pm_getPaymasterData` hands out a single-use ticket as `paymasterData`, bound to sender, nonce and calls).
 */
import {
  type Address,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  hexToBigInt,
  hexToNumber,
  isAddressEqual,
  keccak256,
  numberToHex,
  type SignedAuthorization,
  toHex,
} from "viem"
import { batchExecutorAbi } from "../artifacts/index.js"
import type { ServerSigner } from "../core/signer.js"

/** What the service shows a wallet about who pays (ERC-7677 `sponsor`). */
export const DEVNET_SPONSOR_NAME = "tradekit devnet"

/** The most calls the service sponsors in one batch. */
const MAX_CALLS = 16

/** A JSON-RPC failure, answered as `{ error: { code, message } }`. */
export class PaymasterRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

const invalidParams = (message: string) => new PaymasterRpcError(-32602, message)

/** One chain the service sponsors on: its sponsor and the BatchExecutor accounts delegate to. */
export interface SponsoredChain {
  readonly chainId: number
  readonly sponsor: ServerSigner
  readonly batchExecutor: Address
}

/** The devnet's flavour of an ERC-4337 user operation (see the module). */
interface UserOperation {
  readonly sender: Address
  readonly nonce: bigint
  readonly callData: Hex
  readonly signature?: Hex | undefined
  readonly paymasterData?: Hex | undefined
  readonly eip7702Auth?: SignedAuthorization | undefined
}

const hexField = (value: unknown, name: string): Hex => {
  if (typeof value !== "string" || !/^0x[0-9a-fA-F]*$/.test(value)) throw invalidParams(`${name} must be hex`)
  return value as Hex
}
const addressField = (value: unknown, name: string): Address => {
  if (typeof value !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(value)) throw invalidParams(`${name} must be an address`)
  return value as Address
}

const authorizationOf = (value: unknown): SignedAuthorization | undefined => {
  if (value === undefined || value === null) return undefined
  const auth = value as Record<string, unknown>
  return {
    address: addressField(auth.address, "eip7702Auth.address"),
    chainId: hexToNumber(hexField(auth.chainId, "eip7702Auth.chainId")),
    nonce: hexToNumber(hexField(auth.nonce, "eip7702Auth.nonce")),
    r: hexField(auth.r, "eip7702Auth.r"),
    s: hexField(auth.s, "eip7702Auth.s"),
    yParity: hexToNumber(hexField(auth.yParity, "eip7702Auth.yParity")),
  }
}

const userOperationOf = (value: unknown): UserOperation => {
  if (typeof value !== "object" || value === null) throw invalidParams("the first parameter must be a user operation")
  const op = value as Record<string, unknown>
  return {
    sender: addressField(op.sender, "sender"),
    nonce: hexToBigInt(hexField(op.nonce, "nonce")),
    callData: hexField(op.callData, "callData"),
    signature: op.signature === undefined ? undefined : hexField(op.signature, "signature"),
    paymasterData:
      op.paymasterData === undefined || op.paymasterData === null
        ? undefined
        : hexField(op.paymasterData, "paymasterData"),
    eip7702Auth: authorizationOf(op.eip7702Auth),
  }
}

/** The calls of `execute(calls)`, within the policy. */
const callsOf = (callData: Hex) => {
  let decoded: ReturnType<typeof decodeFunctionData<typeof batchExecutorAbi>>
  try {
    decoded = decodeFunctionData({ abi: batchExecutorAbi, data: callData })
  } catch {
    throw invalidParams("callData must be BatchExecutor.execute(calls)")
  }
  if (decoded.functionName !== "execute") throw invalidParams("callData must be BatchExecutor.execute(calls)")
  const [calls] = decoded.args
  if (calls.length === 0 || calls.length > MAX_CALLS)
    throw new PaymasterRpcError(-32602, `the service sponsors batches of 1 to ${MAX_CALLS} calls`)
  return calls
}

/** A sponsored batch the service submitted. */
interface Submitted {
  readonly operation: Record<string, unknown>
  readonly entryPoint: Address
  readonly transactionHash: Hex
}

/** The service: approvals handed out, batches submitted. */
export class Paymaster {
  private readonly tickets = new Map<
    Hex,
    { readonly chainId: number; readonly sender: Address; readonly nonce: bigint; readonly callData: Hex }
  >()
  private readonly submitted = new Map<Hex, Submitted>()

  constructor(private readonly chains: ReadonlyMap<number, SponsoredChain>) {}

  /** Answers one JSON-RPC request made to chain `chainId`'s endpoint. */
  async answer(chainId: number, method: string, params: ReadonlyArray<unknown>): Promise<unknown> {
    const chain = this.chains.get(chainId)
    if (chain === undefined) throw new PaymasterRpcError(-32602, `The paymaster does not sponsor on chain ${chainId}`)
    switch (method) {
      case "pm_getPaymasterStubData":
      case "pm_getPaymasterData": {
        const [op, entryPoint, asked] = params
        this.checkTarget(chain, entryPoint, asked)
        const operation = userOperationOf(op)
        callsOf(operation.callData)
        const paymaster = chain.sponsor.account.address
        if (method === "pm_getPaymasterStubData") {
          return { paymaster, paymasterData: "0x", sponsor: { name: DEVNET_SPONSOR_NAME }, isFinal: false }
        }
        const ticket = toHex(crypto.getRandomValues(new Uint8Array(32)))
        this.tickets.set(ticket, {
          chainId,
          sender: operation.sender,
          nonce: operation.nonce,
          callData: operation.callData,
        })
        return { paymaster, paymasterData: ticket }
      }
      case "eth_sendUserOperation": {
        const [op, entryPoint] = params
        this.checkTarget(chain, entryPoint, numberToHex(chainId))
        return this.submit(chain, op, entryPoint as Address)
      }
      case "eth_getUserOperationByHash": {
        const found = this.submitted.get(hexField(params[0], "the user operation hash"))
        return found === undefined
          ? null
          : {
              userOperation: found.operation,
              entryPoint: found.entryPoint,
              transactionHash: found.transactionHash,
              blockHash: null,
              blockNumber: null,
            }
      }
      default:
        throw new PaymasterRpcError(-32601, `The method ${method} does not exist on the devnet paymaster`)
    }
  }

  private checkTarget(chain: SponsoredChain, entryPoint: unknown, asked: unknown): void {
    if (!isAddressEqual(addressField(entryPoint, "entryPoint"), chain.batchExecutor))
      throw invalidParams(`entryPoint must be the chain's BatchExecutor ${chain.batchExecutor}`)
    if (hexToNumber(hexField(asked, "chainId")) !== chain.chainId)
      throw invalidParams(`chainId must be ${numberToHex(chain.chainId)}`)
  }

  private async submit(chain: SponsoredChain, raw: unknown, entryPoint: Address): Promise<Hex> {
    const op = userOperationOf(raw)
    const ticket = op.paymasterData === undefined ? undefined : this.tickets.get(op.paymasterData)
    if (
      ticket === undefined ||
      ticket.chainId !== chain.chainId ||
      !isAddressEqual(ticket.sender, op.sender) ||
      ticket.nonce !== op.nonce ||
      ticket.callData.toLowerCase() !== op.callData.toLowerCase()
    ) {
      throw new PaymasterRpcError(
        -32500,
        "The paymaster did not approve this operation: ask pm_getPaymasterData for it first",
      )
    }
    if (op.signature === undefined) throw invalidParams("signature is missing: the account must sign the batch")
    this.tickets.delete(op.paymasterData!)
    const calls = callsOf(op.callData)
    const transactionHash = await chain.sponsor
      .send({
        to: op.sender,
        data: encodeFunctionData({
          abi: batchExecutorAbi,
          functionName: "executeSponsored",
          args: [calls, op.nonce, op.signature],
        }),
        ...(op.eip7702Auth !== undefined ? { authorizationList: [op.eip7702Auth] } : {}),
      })
      .catch((error: unknown) => {
        const reason = (error as { shortMessage?: string }).shortMessage ?? String(error)
        throw new PaymasterRpcError(-32500, `The sponsored batch would fail, so it was not sent: ${reason}`)
      })
    const hash = keccak256(
      encodeAbiParameters(
        [{ type: "address" }, { type: "uint256" }, { type: "bytes32" }, { type: "address" }, { type: "uint256" }],
        [op.sender, op.nonce, keccak256(op.callData), entryPoint, BigInt(chain.chainId)],
      ),
    )
    this.submitted.set(hash, { operation: raw as Record<string, unknown>, entryPoint, transactionHash })
    return hash
  }
}
