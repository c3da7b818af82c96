import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { type Address, type Hex, keccak256, type LocalAccount, toHex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { type BatchSendError, UserRejectedError, WalletError } from "../errors/index.js"
import type { TransactionRequest } from "../schema/TransactionRequest.js"
import {
  type AccountKind,
  type CallsStatus,
  type GasEstimate,
  type KnownTransaction,
  type NonceLookup,
  type ReceiptOutcome,
  Wallet,
  type WalletService,
} from "../services/Wallet.js"

/** The first private key of the standard test mnemonic ("test test ... junk"). */
export const TEST_PRIVATE_KEY: Hex = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"

/**
 * What happens to a sent transaction: mined successfully (`"success"`), mined and reverted (`"revert"`),
 * never mined (`"pending"`), or replaced by the user (`{ replace }`) — the replacement then follows `then`.
 */
export type ReceiptScript =
  | "success"
  | "revert"
  | "pending"
  | { readonly replace: "replaced" | "repriced" | "cancelled"; readonly then?: ReceiptScript }

/**
 * What simulating a transaction shows: the gas it needs (`{ gas }`), a revert (`{ revert }`, with the raw revert
 * data, e.g. `encodeErrorResult` of `Error(string)`, and optionally the node's text), a node that cannot
 * simulate (`"unsupported"`), or a failing transport (`"fail"`).
 */
export type SimulationScript =
  | { readonly gas: bigint }
  | { readonly revert: Hex | undefined; readonly message?: string }
  | "unsupported"
  | "fail"

/** A transaction the fake wallet simulated. */
export interface SimulatedTransaction {
  readonly chainId: number
  readonly request: TransactionRequest
}

/** A call the fake wallet received. */
export type WalletCall =
  | { readonly method: "signMessage"; readonly message: unknown; readonly signature: Hex }
  | { readonly method: "signTypedData"; readonly chainId: number; readonly typedData: unknown; readonly signature: Hex }
  | {
      readonly method: "sendTransaction"
      readonly chainId: number
      readonly request: TransactionRequest
      readonly hash: Hex
      /** The account's nonce the transaction took. */
      readonly nonce: number
    }
  | {
      readonly method: "waitForReceipt"
      readonly hash: Hex
      /** The nonce the watch was told the transaction went out with, when it was told one. */
      readonly sentNonce?: number
    }
  | {
      readonly method: "sendCalls"
      readonly chainId: number
      readonly calls: ReadonlyArray<TransactionRequest>
      /** The batch's calls id. */
      readonly id: string
      /** The one transaction that carries the batch. */
      readonly hash: Hex
      /** The ERC-7677 paymaster service the batch asked for, when it asked for one. */
      readonly paymasterService?: { readonly url: string } | undefined
    }

/** How the fake wallet behaves; change it between calls to script a flow. */
export interface FakeWalletBehaviour {
  /** The user rejects signing requests. */
  rejectSignatures: boolean
  /** The user rejects transactions. */
  rejectTransactions: boolean
  /** The wallet returns no hash from a send. */
  returnNoHash: boolean
  /** What happens to each sent transaction, in order; `"success"` once the list runs out. */
  receipts: Array<ReceiptScript>
  /** How long after a wait starts the receipt arrives (on the Clock, so a TestClock drives it). */
  receiptDelay: Duration.Input
  /** The chain the wallet says it is on. */
  chainId: number
  /** How long a send prompt stays open before the user confirms it (on the Clock). */
  sendDelay: Duration.Input
  /**
   * The user confirms a send prompt even after the caller gave up on it (a time limit, an abort): the
   * transaction goes out, and its hash never reaches the caller.
   */
  confirmAbandonedSends: boolean
  /** What each simulation shows, in order; `{ gas: 21000n }` once the list runs out. */
  simulations: Array<SimulationScript>
  /** The chain's current max fee per gas, in wei (2 gwei by default). */
  maxFeePerGas: bigint
  /** The wallet sends atomic batches (EIP-5792 capability `atomic: "supported"`); off by default. */
  atomicBatch: boolean
  /**
   * The wallet has a batch's gas paid by an ERC-7677 paymaster service (capability `paymasterService`); off by default.
   */
  paymasterService: boolean
  /** The account's ETH balance, in wei (100 ETH by default). */
  balance: bigint
  /**
   * What the wallet reports for each batch, in order (`"success"` once the list runs out): it lands, it
   * fails off chain (`"failure"`, no transaction), its transaction reverts (`"revert"`), or it stays pending.
   */
  batchOutcomes: Array<"success" | "failure" | "revert" | "pending">
  /** What kind of account the wallet holds: an EOA (the default), or a smart account whose own nonce never moves. */
  accountKind: AccountKind
  /**
   * Answers every `wallet_sendCalls` with this instead of a calls id (`{}`, `42`: a wallet that answers without a
   * usable id), or refuses it with this error (a `BatchRefusedError`, say); a calls id when undefined.
   */
  batchAnswer: { readonly answer: unknown } | { readonly refuse: BatchSendError } | undefined
}

/** A wallet for tests: real signatures from a viem local account, transactions recorded instead of sent. */
export interface FakeWallet {
  readonly account: LocalAccount
  readonly address: Address
  readonly behaviour: FakeWalletBehaviour
  /** Every call received, in order. */
  readonly calls: ReadonlyArray<WalletCall>
  /** The transactions sent, in order. */
  readonly sent: ReadonlyArray<Extract<WalletCall, { method: "sendTransaction" }>>
  /** The transactions simulated, in order (no prompt: these are not among `calls`). */
  readonly simulated: ReadonlyArray<SimulatedTransaction>
  /** How many times the chain's max fee per gas was read. */
  readonly feeReads: number
  /** The batches sent, in order. */
  readonly batches: ReadonlyArray<Extract<WalletCall, { method: "sendCalls" }>>
  /** Changes what the wallet reports for a batch already sent (one left pending lands, say). */
  readonly settleBatch: (id: string, outcome: "success" | "failure" | "revert") => void
  readonly service: WalletService
  readonly layer: Layer.Layer<Wallet>
}

/**
 * Makes a fake wallet.
 *
 * @example
 * const wallet = makeFakeWallet()
 * wallet.behaviour.receipts.push({ replace: "repriced" })
 */
export const makeFakeWallet = (
  options: {
    readonly privateKey?: Hex
    readonly behaviour?: Partial<FakeWalletBehaviour>
    /** `false` for a wallet that cannot look transactions up by nonce; it can by default. */
    readonly tellsNonces?: boolean
    /** `false` for a wallet that cannot simulate transactions nor tell fees; it can by default. */
    readonly simulates?: boolean
    /** `true` for a wallet that tells transactions by hash (those it sent, as the account's); it cannot by default. */
    readonly looksUpHashes?: boolean
  } = {},
): FakeWallet => {
  const account = privateKeyToAccount(options.privateKey ?? TEST_PRIVATE_KEY)
  const calls: Array<WalletCall> = []
  const behaviour: FakeWalletBehaviour = {
    rejectSignatures: false,
    rejectTransactions: false,
    returnNoHash: false,
    receipts: [],
    receiptDelay: Duration.zero,
    chainId: 1,
    sendDelay: Duration.zero,
    confirmAbandonedSends: false,
    simulations: [],
    maxFeePerGas: 2_000_000_000n,
    atomicBatch: false,
    paymasterService: false,
    balance: 100n * 10n ** 18n,
    batchOutcomes: [],
    accountKind: "eoa",
    batchAnswer: undefined,
    ...options.behaviour,
  }
  const scripts = new Map<Hex, ReceiptScript>()
  const simulated: Array<SimulatedTransaction> = []
  let feeReads = 0
  const simulate = (chainId: number, request: TransactionRequest): Effect.Effect<GasEstimate, WalletError> =>
    Effect.suspend((): Effect.Effect<GasEstimate, WalletError> => {
      simulated.push({ chainId, request })
      const script = behaviour.simulations.shift() ?? { gas: 21_000n }
      if (script === "unsupported") return Effect.succeed({ _tag: "Unsupported" } as const)
      if (script === "fail")
        return Effect.fail(
          new WalletError({ operation: "estimateGas", message: "Wallet estimateGas failed: network down" }),
        )
      if ("gas" in script) return Effect.succeed({ _tag: "Estimated", gas: script.gas } as const)
      return Effect.succeed({
        _tag: "Reverted",
        ...(script.revert !== undefined ? { data: script.revert } : {}),
        ...(script.message !== undefined ? { message: script.message } : {}),
      } as const)
    })
  let nonce = 0
  const nextHash = (): Hex => keccak256(toHex(`${account.address}:${nonce++}`))

  const outcomeOf = (hash: Hex): Effect.Effect<ReceiptOutcome> => {
    const script = scripts.get(hash) ?? "success"
    if (script === "pending") return Effect.never
    if (script === "success" || script === "revert") {
      return Effect.succeed({
        _tag: "Mined",
        hash,
        status: script === "success" ? "success" : "reverted",
        blockNumber: 1n,
      })
    }
    const replacement = nextHash()
    scripts.set(replacement, script.then ?? "success")
    return Effect.succeed({ _tag: "Replaced", hash: replacement, reason: script.replace })
  }

  const sentCalls = () =>
    calls.filter(
      (call): call is Extract<WalletCall, { method: "sendTransaction" }> => call.method === "sendTransaction",
    )
  const recordSend = (chainId: number, request: TransactionRequest): Hex => {
    const hash = nextHash()
    scripts.set(hash, behaviour.receipts.shift() ?? "success")
    calls.push({ method: "sendTransaction", chainId, request, hash, nonce: sentCalls().length })
    return hash
  }
  const lookUp = (nonce: number): NonceLookup => {
    if (behaviour.accountKind === "smart") return { _tag: "None" }
    const found = sentCalls().find((call) => call.nonce === nonce)
    if (found === undefined) return { _tag: "None" }
    if (scripts.get(found.hash) === "pending") return { _tag: "Pending" }
    return {
      _tag: "Mined",
      hash: found.hash,
      to: found.request.to,
      value: found.request.value ?? 0n,
      input: found.request.data ?? "0x",
    }
  }

  const batchCalls = () =>
    calls.filter((call): call is Extract<WalletCall, { method: "sendCalls" }> => call.method === "sendCalls")
  const batchOutcomes = new Map<string, "success" | "failure" | "revert" | "pending">()
  const statusOf = (id: string): CallsStatus => {
    const batch = batchCalls().find((call) => call.id === id)
    const outcome = batchOutcomes.get(id)
    if (batch === undefined || outcome === undefined) return { status: "failure", statusCode: 400, receipts: [] }
    switch (outcome) {
      case "pending":
        return { status: "pending", statusCode: 100, receipts: [] }
      case "failure":
        return { status: "failure", statusCode: 400, receipts: [] }
      case "revert":
        return { status: "failure", statusCode: 500, receipts: [{ hash: batch.hash, status: "reverted" }] }
      case "success":
        return { status: "success", statusCode: 200, receipts: [{ hash: batch.hash, status: "success" }] }
    }
  }

  const service: WalletService = {
    address: Effect.succeed(account.address),
    chainId: Effect.sync(() => behaviour.chainId),
    blockNumber: () => Effect.succeed(1n),
    signMessage: ({ message }) =>
      behaviour.rejectSignatures
        ? Effect.fail(new UserRejectedError({ operation: "signMessage" }))
        : Effect.promise(() => account.signMessage({ message })).pipe(
            Effect.tap((signature) => Effect.sync(() => calls.push({ method: "signMessage", message, signature }))),
          ),
    signTypedData: ({ typedData, chain }) =>
      behaviour.rejectSignatures
        ? Effect.fail(new UserRejectedError({ operation: "signTypedData" }))
        : Effect.tryPromise({
            try: () => account.signTypedData(typedData),
            catch: (cause) =>
              new WalletError({
                operation: "signTypedData",
                cause,
                message: `Wallet signTypedData failed: ${String(cause)}`,
              }),
          }).pipe(
            Effect.tap((signature) =>
              Effect.sync(() => calls.push({ method: "signTypedData", chainId: chain.id, typedData, signature })),
            ),
          ),
    sendTransaction: ({ chain, request }) =>
      Effect.suspend(() => {
        if (behaviour.rejectTransactions) return Effect.fail(new UserRejectedError({ operation: "sendTransaction" }))
        const prompt = Duration.isZero(Duration.fromInputUnsafe(behaviour.sendDelay))
          ? Effect.void
          : Effect.sleep(behaviour.sendDelay)
        return prompt.pipe(
          Effect.onInterrupt(() =>
            behaviour.confirmAbandonedSends ? Effect.sync(() => recordSend(chain.id, request)) : Effect.void,
          ),
          Effect.map(() => recordSend(chain.id, request)),
          Effect.map((hash) => (behaviour.returnNoHash ? undefined : hash)),
        )
      }),
    ...(options.simulates === false
      ? {}
      : {
          estimateGas: ({
            chain,
            request,
          }: {
            readonly chain: { readonly id: number }
            readonly request: TransactionRequest
          }) => simulate(chain.id, request),
          maxFeePerGas: () =>
            Effect.sync(() => {
              feeReads++
              return behaviour.maxFeePerGas
            }),
          balance: () => Effect.sync(() => behaviour.balance),
        }),
    ...(options.tellsNonces === false
      ? {}
      : {
          // A smart account's sends go through a bundler: its own nonce never moves.
          nextNonce: () => Effect.sync(() => (behaviour.accountKind === "smart" ? 0 : sentCalls().length)),
          transactionByNonce: ({ nonce }: { readonly nonce: number }) => Effect.sync(() => lookUp(nonce)),
        }),
    waitForReceipt: ({ hash, sent }) =>
      Effect.sync(() =>
        calls.push({ method: "waitForReceipt", hash, ...(sent !== undefined ? { sentNonce: sent.nonce } : {}) }),
      ).pipe(
        Effect.andThen(
          Duration.isZero(Duration.fromInputUnsafe(behaviour.receiptDelay))
            ? Effect.void
            : Effect.sleep(behaviour.receiptDelay),
        ),
        Effect.andThen(Effect.suspend(() => outcomeOf(hash))),
      ),
    accountKind: () => Effect.sync(() => behaviour.accountKind),
    ...(options.looksUpHashes === true
      ? {
          transactionByHash: ({ hash }: { readonly hash: Hex }) =>
            Effect.sync((): KnownTransaction | undefined => {
              const found =
                sentCalls().find((call) => call.hash === hash) ?? batchCalls().find((call) => call.hash === hash)
              if (found === undefined) return undefined
              const request = "request" in found ? found.request : found.calls[0]
              const nonce = "nonce" in found ? found.nonce : 0
              return {
                from: account.address,
                nonce,
                to: request?.to ?? null,
                value: request?.value ?? 0n,
                input: request?.data ?? "0x",
              }
            }),
        }
      : {}),
    atomicBatch: () => Effect.sync(() => behaviour.atomicBatch),
    paymasterService: () => Effect.sync(() => behaviour.paymasterService),
    sendCalls: ({ chain, calls: batch, capabilities }) =>
      Effect.suspend(() => {
        if (behaviour.rejectTransactions) return Effect.fail(new UserRejectedError({ operation: "sendCalls" }))
        const scripted = behaviour.batchAnswer
        if (scripted !== undefined && "refuse" in scripted) return Effect.fail(scripted.refuse)
        const id = `0x${(batchCalls().length + 1).toString(16).padStart(64, "0")}`
        const hash = nextHash()
        const outcome = behaviour.batchOutcomes.shift() ?? "success"
        batchOutcomes.set(id, outcome)
        scripts.set(hash, outcome === "revert" ? "revert" : outcome === "pending" ? "pending" : "success")
        calls.push({
          method: "sendCalls",
          chainId: chain.id,
          calls: batch,
          id,
          hash,
          ...(capabilities?.paymasterService !== undefined ? { paymasterService: capabilities.paymasterService } : {}),
        })
        return Effect.succeed(scripted === undefined ? id : (scripted.answer as string))
      }),
    callsStatus: ({ id }) => Effect.sync(() => statusOf(id)),
  }

  return {
    account,
    address: account.address,
    behaviour,
    get calls() {
      return [...calls]
    },
    get sent() {
      return sentCalls()
    },
    get simulated() {
      return [...simulated]
    },
    get feeReads() {
      return feeReads
    },
    get batches() {
      return batchCalls()
    },
    settleBatch: (id, outcome) => {
      const batch = batchCalls().find((call) => call.id === id)
      batchOutcomes.set(id, outcome)
      if (batch !== undefined) scripts.set(batch.hash, outcome === "revert" ? "revert" : "success")
    },
    service,
    layer: Layer.succeed(Wallet, service),
  }
}
