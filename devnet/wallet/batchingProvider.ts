/**
 * What a user's smart wallet gives a dapp, on the devnet: an EIP-1193 provider whose account batches calls
 * (EIP-5792 version 2.0.0: `wallet_getCapabilities`, `wallet_sendCalls`, `wallet_getCallsStatus`). On its first
 * batch on a chain the account delegates its code to that chain's BatchExecutor with an EIP-7702 authorization;
 * every batch is then ONE transaction the account sends to itself, calling `execute(calls)`: all calls land
 * or none does. Other methods behave as an ordinary wallet's: transactions and signatures are made with the
 * account's key, reads go to the chain's node. Browser-safe (viem only), so the playground can use it too.
 *
 * Sponsored gas (ERC-7677): the wallet reports `paymasterService: { supported: true }` while it batches. A batch
 * whose `wallet_sendCalls` carries `capabilities.paymasterService.url` is not sent by the account: the wallet asks
 * that service for stub data, then data (whose `paymaster` is the sponsor), signs the calls for the sponsor
 * (BatchExecutor's `SponsoredBatch`, see ./sponsoredBatch.ts) and, when the account has no delegation yet, an
 * EIP-7702 authorization, and hands both to the service (`eth_sendUserOperation`): the sponsor's transaction
 * carries the batch and pays its gas, and the account's ETH balance does not move.
 *
 * @example
 * const provider = devnetBatchingProvider(devnet, devnet.accounts.users[0]!)
 * const wallet = createWalletClient({ account: provider.address, chain: devnet.chains[0]!.viemChain, transport: custom(provider) })
 * const { id } = await wallet.sendCalls({ calls: [approveUsdc, buyPunk] })
 * const { status, receipts } = await wallet.waitForCallsStatus({ id }) // "success", one receipt
 * @module
 */
import {
  type Address,
  BaseError,
  bytesToHex,
  type Chain,
  concat,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  type HttpTransport,
  hexToBigInt,
  hexToNumber,
  http,
  isAddressEqual,
  type LocalAccount,
  numberToHex,
  type PublicClient,
  type RpcTransactionReceipt,
  type SignedAuthorization,
  type TypedDataDefinition,
  type WalletClient,
} from "viem"
import { privateKeyToAccount } from "viem/accounts"
import type { DevnetAccount } from "../accounts.js"
import { batchExecutorAbi } from "../artifacts/index.js"
import { devnetChain } from "../chain/deploy.js"
import type { Devnet } from "../Devnet.js"
import { sponsoredBatchTypedData, sponsoredNonce } from "./sponsoredBatch.js"

/** A chain the wallet can be on. */
export interface BatchingProviderChain {
  readonly chainId: number
  readonly rpcUrl: string
  /** The BatchExecutor deployed on this chain: the account's EIP-7702 delegate there. */
  readonly batchExecutor: Address
}

/** Options of {@link createBatchingProvider}. */
export interface BatchingProviderOptions {
  /** The wallet's account: a private key or a viem local account. */
  readonly account: Hex | LocalAccount
  /** The chains the wallet knows, reachable with `wallet_switchEthereumChain`; it starts on the first. */
  readonly chains: ReadonlyArray<BatchingProviderChain>
  /**
   * Atomic batches, i.e. "one confirmation" (default true). When false the wallet has no atomicity, as a
   * plain EOA wallet: its capabilities say `unsupported`, a batch with `atomicRequired` is refused (5760), and
   * any other batch is sent as one transaction per call.
   */
  readonly batching?: boolean
}

/** An EIP-1193 provider with EIP-5792 batching; hand it to viem's `custom` transport. */
export interface BatchingProvider {
  /** The account the wallet holds. */
  readonly address: Address
  /** Whether batches run atomically in one transaction (see {@link BatchingProviderOptions.batching}). */
  readonly batching: boolean
  /** Turns atomic batching on or off, as a user would in the wallet's settings; batches already sent keep their kind. */
  setBatching(enabled: boolean): void
  /** The EIP-1193 entry point. Rejects with a {@link BatchingProviderError}. */
  request(args: { readonly method: string; readonly params?: unknown }): Promise<unknown>
}

/** An EIP-1193 error (`code`, `message`, optional `data`), as a wallet rejects a request. */
export class BatchingProviderError extends Error {
  override readonly name = "BatchingProviderError"
  constructor(
    /** EIP-1193 / EIP-5792 / JSON-RPC error code, e.g. 4100 unauthorized, 5730 unknown batch id. */
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

/** One call of `wallet_sendCalls` (EIP-5792 2.0.0). */
interface WireCall {
  readonly to?: Address
  readonly data?: Hex
  readonly value?: Hex
  readonly capabilities?: Record<string, { readonly optional?: boolean }>
}

/** The request of `wallet_sendCalls` (EIP-5792 2.0.0), with ERC-7677's `paymasterService` capability. */
interface SendCallsRequest {
  readonly version: string
  readonly id?: string
  readonly from?: Address
  readonly chainId?: Hex
  readonly atomicRequired: boolean
  readonly calls: ReadonlyArray<WireCall>
  readonly capabilities?: Record<
    string,
    { readonly optional?: boolean; readonly url?: string; readonly context?: unknown }
  >
}

/** The capabilities the wallet has while it batches atomically. */
const BATCH_CAPABILITIES = new Set(["paymasterService"])

/** A batch the wallet sent: its transactions, one when atomic. */
interface SentBatch {
  readonly chain: ChainHandle
  readonly atomic: boolean
  readonly hashes: ReadonlyArray<Hex>
  /** A non-atomic batch stopped before its last call: the node refused one of its transactions. */
  readonly incomplete: boolean
}

/** A transaction the wallet signs and sends. */
interface OutgoingTransaction {
  readonly to: Address
  readonly data?: Hex
  readonly value?: bigint
  readonly gas?: bigint
  readonly nonce?: number
  readonly authorizationList?: ReadonlyArray<SignedAuthorization>
}

/** A chain with the clients the wallet reads and sends with. */
interface ChainHandle extends BatchingProviderChain {
  readonly client: PublicClient
  readonly wallet: WalletClient<HttpTransport, Chain, LocalAccount>
}

/**
 * Gas of a batch whose estimate failed. A wallet that simulates would refuse such a batch; this one sends it,
 * as a user who confirms anyway, so that the revert happens on chain and `wallet_getCallsStatus` reports it
 * (500) — the case a dapp must handle and could not otherwise meet on the devnet.
 */
const REVERTING_GAS = 3_000_000n

const DELEGATION_PREFIX = "0xef0100"

const fail = (code: number, message: string): never => {
  throw new BatchingProviderError(code, message)
}

/** viem wraps the node's error; keep its code and data, which a dapp decodes (e.g. 3 with the revert data). */
function asProviderError(error: unknown): BatchingProviderError {
  if (error instanceof BatchingProviderError) return error
  if (error instanceof BaseError) {
    const inner = error.walk((e) => typeof (e as { code?: unknown }).code === "number") as {
      code: number
      data?: unknown
    } | null
    return new BatchingProviderError(inner?.code ?? -32603, error.shortMessage, inner?.data)
  }
  return new BatchingProviderError(-32603, error instanceof Error ? error.message : String(error))
}

/** Creates the wallet. Nothing is sent until a request asks for it; delegation happens on the first batch. */
export function createBatchingProvider(options: BatchingProviderOptions): BatchingProvider {
  const account = typeof options.account === "string" ? privateKeyToAccount(options.account) : options.account
  if (options.chains.length === 0) throw new Error("a batching provider needs at least one chain")
  const chains = new Map<number, ChainHandle>(
    options.chains.map((c) => {
      const chain = devnetChain(c)
      const handle: ChainHandle = {
        ...c,
        client: createPublicClient({ chain, transport: http(c.rpcUrl), pollingInterval: 50 }),
        wallet: createWalletClient({ account, chain, transport: http(c.rpcUrl) }),
      }
      return [c.chainId, handle]
    }),
  )
  let current = chains.get(options.chains[0]!.chainId)!
  let batching = options.batching ?? true
  const batches = new Map<string, SentBatch>()
  // Sends one at a time: each picks its nonce (and an authorization its nonce + 1) from the pending count.
  let queue: Promise<unknown> = Promise.resolve()
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task)
    queue = run.catch(() => undefined)
    return run
  }

  const chainOf = (chainId: Hex | undefined): ChainHandle =>
    chainId === undefined
      ? current
      : (chains.get(hexToNumber(chainId)) ?? fail(5710, `The wallet does not support chain ${hexToNumber(chainId)}.`))
  const assertMine = (address: unknown) => {
    if (typeof address !== "string" || !isAddressEqual(address as Address, account.address))
      fail(4100, `The wallet does not hold ${String(address)}.`)
  }
  const isDelegated = async (chain: ChainHandle) => {
    const code = await chain.client.getCode({ address: account.address })
    return code?.toLowerCase() === concat([DELEGATION_PREFIX, chain.batchExecutor]).toLowerCase()
  }
  const send = (chain: ChainHandle, tx: OutgoingTransaction) =>
    chain.wallet.sendTransaction({ ...tx, authorizationList: tx.authorizationList?.slice() })
  const sendAnyway = async (chain: ChainHandle, tx: OutgoingTransaction) => {
    const gas = await chain.client
      .estimateGas({ account, ...tx, authorizationList: tx.authorizationList?.slice() })
      .catch(() => REVERTING_GAS)
    return send(chain, { ...tx, gas })
  }

  const sendAtomic = async (chain: ChainHandle, calls: ReadonlyArray<WireCall>): Promise<Hex> => {
    const authorizationList = (await isDelegated(chain))
      ? undefined
      : // "self": the account sends the transaction too, so the authorization takes the nonce after the transaction's.
        [await chain.wallet.signAuthorization({ contractAddress: chain.batchExecutor, executor: "self" })]
    const data = encodeFunctionData({
      abi: batchExecutorAbi,
      functionName: "execute",
      args: [
        calls.map((c) => ({
          to: c.to!,
          value: c.value === undefined ? 0n : hexToBigInt(c.value),
          data: c.data ?? "0x",
        })),
      ],
    })
    // The calls' ether comes from the account's balance as `execute` runs, so the transaction itself carries none.
    return sendAnyway(chain, {
      to: account.address,
      data,
      ...(authorizationList !== undefined ? { authorizationList } : {}),
    })
  }

  /** One JSON-RPC call to a paymaster service; its error is the wallet's, with the service's code. */
  const askPaymaster = async (url: string, method: string, params: ReadonlyArray<unknown>): Promise<unknown> => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    }).catch((error: unknown) => fail(-32603, `The paymaster service at ${url} cannot be reached: ${String(error)}`))
    const answer = (await response.json().catch(() => ({}))) as {
      result?: unknown
      error?: { code?: number; message?: string }
    }
    if (answer.error !== undefined || !response.ok) {
      return fail(
        answer.error?.code ?? -32603,
        `The paymaster service refused ${method}: ${answer.error?.message ?? `HTTP ${response.status}`}`,
      )
    }
    return answer.result
  }

  /** A batch submitted and paid by the paymaster service's sponsor (see the module); answers the sponsor's transaction. */
  const sendSponsored = async (
    chain: ChainHandle,
    wire: ReadonlyArray<WireCall>,
    url: string,
    context: unknown,
  ): Promise<Hex> => {
    const calls = wire.map((c) => ({
      to: c.to!,
      value: c.value === undefined ? 0n : hexToBigInt(c.value),
      data: c.data ?? ("0x" as Hex),
    }))
    const nonce = await sponsoredNonce(chain.client, account.address)
    const operation = {
      sender: account.address,
      nonce: numberToHex(nonce),
      callData: encodeFunctionData({ abi: batchExecutorAbi, functionName: "execute", args: [calls] }),
    }
    const target = [chain.batchExecutor, numberToHex(chain.chainId), context ?? {}] as const
    await askPaymaster(url, "pm_getPaymasterStubData", [operation, ...target])
    const { paymaster, paymasterData } = (await askPaymaster(url, "pm_getPaymasterData", [operation, ...target])) as {
      paymaster: Address
      paymasterData: Hex
    }
    const signature = await account.signTypedData(
      sponsoredBatchTypedData({ account: account.address, chainId: chain.chainId, calls, nonce, submitter: paymaster }),
    )
    // The sponsor sends the transaction, so the authorization takes the account's current nonce.
    const authorization = (await isDelegated(chain))
      ? undefined
      : await chain.wallet.signAuthorization({ contractAddress: chain.batchExecutor })
    const eip7702Auth =
      authorization === undefined
        ? undefined
        : {
            address: authorization.address,
            chainId: numberToHex(authorization.chainId),
            nonce: numberToHex(authorization.nonce),
            r: authorization.r,
            s: authorization.s,
            yParity: numberToHex(authorization.yParity ?? 0),
          }
    const userOpHash = await askPaymaster(url, "eth_sendUserOperation", [
      { ...operation, paymaster, paymasterData, signature, ...(eip7702Auth !== undefined ? { eip7702Auth } : {}) },
      chain.batchExecutor,
    ])
    const submitted = (await askPaymaster(url, "eth_getUserOperationByHash", [userOpHash])) as {
      transactionHash?: Hex
    } | null
    return (
      submitted?.transactionHash ??
      fail(-32603, "The paymaster service accepted the batch but names no transaction for it.")
    )
  }

  const sendCalls = async (request: SendCallsRequest): Promise<{ id: string }> => {
    if (request.version !== "2.0.0")
      fail(-32602, `The wallet speaks EIP-5792 version 2.0.0, not ${String(request.version)}.`)
    if (request.from !== undefined) assertMine(request.from)
    // The request names its chain, so a batch may go to a chain the wallet knows without switching to it.
    const chain = chainOf(request.chainId)
    if (!Array.isArray(request.calls) || request.calls.length === 0) fail(-32602, "A batch needs at least one call.")
    if (request.calls.some((c) => c.to === undefined))
      fail(-32602, "Every call of a batch needs a `to`: the wallet does not deploy contracts in a batch.")
    const required = [request.capabilities, ...request.calls.map((c) => c.capabilities)].flatMap((caps) =>
      Object.entries(caps ?? {})
        .filter(([name, capability]) => capability.optional !== true && !(batching && BATCH_CAPABILITIES.has(name)))
        .map(([name]) => name),
    )
    if (required.length > 0) fail(5700, `The wallet does not support the capabilities ${required.join(", ")}.`)
    if (request.atomicRequired && !batching) fail(5760, "The wallet does not execute batches atomically.")
    if (request.id !== undefined && batches.has(request.id))
      fail(5720, `A batch with id ${request.id} was already sent.`)
    const id = request.id ?? bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
    const atomic = batching
    const paymasterUrl = atomic ? request.capabilities?.paymasterService?.url : undefined
    const batch = await serially(async (): Promise<SentBatch> => {
      if (paymasterUrl !== undefined) {
        const hash = await sendSponsored(
          chain,
          request.calls,
          paymasterUrl,
          request.capabilities?.paymasterService?.context,
        )
        return { chain, atomic, hashes: [hash], incomplete: false }
      }
      if (atomic) return { chain, atomic, hashes: [await sendAtomic(chain, request.calls)], incomplete: false }
      const hashes: Hex[] = []
      for (const call of request.calls) {
        try {
          hashes.push(
            await sendAnyway(chain, {
              to: call.to!,
              ...(call.data !== undefined ? { data: call.data } : {}),
              ...(call.value !== undefined ? { value: hexToBigInt(call.value) } : {}),
            }),
          )
        } catch (error) {
          if (hashes.length === 0) throw error
          return { chain, atomic, hashes, incomplete: true }
        }
      }
      return { chain, atomic, hashes, incomplete: false }
    })
    batches.set(id, batch)
    return { id }
  }

  const callsStatus = async (id: string) => {
    const batch = batches.get(id) ?? fail(5730, `The wallet sent no batch with id ${id}.`)
    const { client } = batch.chain
    const receipts = await Promise.all(
      batch.hashes.map(
        (hash) =>
          client.request({
            method: "eth_getTransactionReceipt",
            params: [hash],
          }) as Promise<RpcTransactionReceipt | null>,
      ),
    )
    const landed = receipts.filter((r): r is RpcTransactionReceipt => r !== null)
    const succeeded = landed.filter((r) => r.status === "0x1").length
    const status = await (async () => {
      if (landed.length < receipts.length) {
        // A transaction the node no longer knows was dropped (the devnet's faults can drop one): it never lands.
        const known = await Promise.all(
          batch.hashes.map((hash) => client.request({ method: "eth_getTransactionByHash", params: [hash] })),
        )
        return known.some((tx) => tx === null) ? (succeeded > 0 ? 600 : 400) : 100
      }
      if (succeeded === receipts.length && !batch.incomplete) return 200
      return succeeded === 0 ? 500 : 600
    })()
    return {
      version: "2.0.0",
      id,
      chainId: numberToHex(batch.chain.chainId),
      status,
      atomic: batch.atomic,
      receipts: landed.map((r) => ({
        logs: r.logs.map(({ address, data, topics }) => ({ address, data, topics })),
        status: r.status,
        blockHash: r.blockHash,
        blockNumber: r.blockNumber,
        gasUsed: r.gasUsed,
        transactionHash: r.transactionHash,
      })),
    }
  }

  const capabilities = async (params: ReadonlyArray<unknown>) => {
    const [address, chainIds] = params as [Address | undefined, ReadonlyArray<Hex> | undefined]
    if (address !== undefined) assertMine(address)
    const asked =
      chainIds === undefined ? [...chains.values()] : chainIds.flatMap((id) => chains.get(hexToNumber(id)) ?? [])
    const entries = await Promise.all(
      asked.map(async (chain) => {
        const status = !batching ? "unsupported" : (await isDelegated(chain)) ? "supported" : "ready"
        return [numberToHex(chain.chainId), { atomic: { status }, paymasterService: { supported: batching } }] as const
      }),
    )
    return Object.fromEntries(entries)
  }

  const answer = async (method: string, params: ReadonlyArray<unknown>): Promise<unknown> => {
    switch (method) {
      case "eth_accounts":
      case "eth_requestAccounts":
        return [account.address]
      case "eth_chainId":
        return numberToHex(current.chainId)
      case "wallet_switchEthereumChain": {
        const target = hexToNumber((params[0] as { chainId: Hex }).chainId)
        current = chains.get(target) ?? fail(4902, `Unrecognized chain ID ${target}.`)
        return null
      }
      case "wallet_getCapabilities":
        return capabilities(params)
      case "wallet_sendCalls":
        return sendCalls(params[0] as SendCallsRequest)
      case "wallet_getCallsStatus":
        return callsStatus(params[0] as string)
      case "eth_sendTransaction": {
        const tx = params[0] as {
          from?: Address
          to?: Address
          data?: Hex
          input?: Hex
          value?: Hex
          gas?: Hex
          nonce?: Hex
          chainId?: Hex
        }
        assertMine(tx.from)
        if (tx.chainId !== undefined && hexToNumber(tx.chainId) !== current.chainId) {
          fail(-32603, `The transaction is for chain ${hexToNumber(tx.chainId)}; the wallet is on ${current.chainId}.`)
        }
        if (tx.to === undefined) fail(-32602, "The wallet does not deploy contracts.")
        const chain = current
        const data = tx.data ?? tx.input
        // As an extension does, the wallet picks the fees; gas and nonce are kept when the dapp sets them.
        return serially(() =>
          send(chain, {
            to: tx.to!,
            ...(data !== undefined ? { data } : {}),
            ...(tx.value !== undefined ? { value: hexToBigInt(tx.value) } : {}),
            ...(tx.gas !== undefined ? { gas: hexToBigInt(tx.gas) } : {}),
            ...(tx.nonce !== undefined ? { nonce: hexToNumber(tx.nonce) } : {}),
          }),
        )
      }
      case "personal_sign": {
        const [message, address] = params as [Hex, Address]
        assertMine(address)
        return account.signMessage({ message: { raw: message } })
      }
      case "eth_signTypedData_v4": {
        const [address, json] = params as [Address, string]
        assertMine(address)
        return account.signTypedData(JSON.parse(json) as TypedDataDefinition)
      }
      default:
        return current.client.request({ method, params } as never)
    }
  }

  return {
    address: account.address,
    get batching() {
      return batching
    },
    setBatching: (enabled) => {
      batching = enabled
    },
    request: ({ method, params }) =>
      answer(method, (params ?? []) as ReadonlyArray<unknown>).catch((error: unknown) => {
        throw asProviderError(error)
      }),
  }
}

/** Options of {@link devnetBatchingProvider}. */
export type DevnetBatchingProviderOptions = Pick<BatchingProviderOptions, "batching">

/** The batching wallet of `user` on a running devnet: both chains, starting on the origin, each with its BatchExecutor. */
export function devnetBatchingProvider(
  devnet: Devnet,
  user: DevnetAccount,
  options: DevnetBatchingProviderOptions = {},
): BatchingProvider {
  const executorOf = (chainId: number) =>
    chainId === devnet.originChainId
      ? devnet.contracts.origin.batchExecutor
      : devnet.contracts.destination.batchExecutor
  return createBatchingProvider({
    ...options,
    account: user.account,
    chains: devnet.chains.map((c) => ({
      chainId: c.id,
      rpcUrl: devnet.rpcUrls[c.id]!,
      batchExecutor: executorOf(c.id),
    })),
  })
}
