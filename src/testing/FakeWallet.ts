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

/** How the fake wallet behaves when a test says nothing: it signs, sends and lands everything. */
const defaultBehaviour = (overrides: Partial<FakeWalletBehaviour> = {}): FakeWalletBehaviour => ({
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
  ...overrides,
})

type BatchOutcome = "success" | "failure" | "revert" | "pending"

/** What one fake wallet holds: its account, its script, and everything it was asked and answered. */
interface WalletState {
  readonly account: LocalAccount
  readonly behaviour: FakeWalletBehaviour
  readonly calls: Array<WalletCall>
  /** What happens to each transaction hash it handed out. */
  readonly scripts: Map<Hex, ReceiptScript>
  readonly simulated: Array<SimulatedTransaction>
  readonly batchOutcomes: Map<string, BatchOutcome>
  feeReads: number
  /** How many hashes it handed out: the next one is derived from it. */
  hashes: number
}

const nextHash = (state: WalletState): Hex => keccak256(toHex(`${state.account.address}:${state.hashes++}`))

const sentCalls = (state: WalletState) =>
  state.calls.filter(
    (call): call is Extract<WalletCall, { method: "sendTransaction" }> => call.method === "sendTransaction",
  )

const batchCalls = (state: WalletState) =>
  state.calls.filter((call): call is Extract<WalletCall, { method: "sendCalls" }> => call.method === "sendCalls")

/** Records a simulation and answers the next scripted one. */
const simulate = (
  state: WalletState,
  chainId: number,
  request: TransactionRequest,
): Effect.Effect<GasEstimate, WalletError> =>
  Effect.suspend((): Effect.Effect<GasEstimate, WalletError> => {
    state.simulated.push({ chainId, request })
    const script = state.behaviour.simulations.shift() ?? { gas: 21_000n }
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

/** What a wait for `hash` ends with, as scripted: mined, replaced (the replacement scripted in turn), or never. */
const outcomeOf = (state: WalletState, hash: Hex): Effect.Effect<ReceiptOutcome> => {
  const script = state.scripts.get(hash) ?? "success"
  if (script === "pending") return Effect.never
  if (script === "success" || script === "revert") {
    return Effect.succeed({
      _tag: "Mined",
      hash,
      status: script === "success" ? "success" : "reverted",
      blockNumber: 1n,
    })
  }
  const replacement = nextHash(state)
  state.scripts.set(replacement, script.then ?? "success")
  return Effect.succeed({ _tag: "Replaced", hash: replacement, reason: script.replace })
}

const recordSend = (state: WalletState, chainId: number, request: TransactionRequest): Hex => {
  const hash = nextHash(state)
  state.scripts.set(hash, state.behaviour.receipts.shift() ?? "success")
  state.calls.push({ method: "sendTransaction", chainId, request, hash, nonce: sentCalls(state).length })
  return hash
}

/** The account's transaction of `nonce`, as the chain tells it; a smart account's own nonce never moves. */
const lookUp = (state: WalletState, nonce: number): NonceLookup => {
  if (state.behaviour.accountKind === "smart") return { _tag: "None" }
  const found = sentCalls(state).find((call) => call.nonce === nonce)
  if (found === undefined) return { _tag: "None" }
  if (state.scripts.get(found.hash) === "pending") return { _tag: "Pending" }
  return {
    _tag: "Mined",
    hash: found.hash,
    to: found.request.to,
    value: found.request.value ?? 0n,
    input: found.request.data ?? "0x",
  }
}

/** A transaction the wallet sent (alone or carrying a batch), as a node tells it by hash. */
const lookUpHash = (state: WalletState, hash: Hex): KnownTransaction | undefined => {
  const found =
    sentCalls(state).find((call) => call.hash === hash) ?? batchCalls(state).find((call) => call.hash === hash)
  if (found === undefined) return undefined
  const request = "request" in found ? found.request : found.calls[0]
  const nonce = "nonce" in found ? found.nonce : 0
  return {
    from: state.account.address,
    nonce,
    to: request?.to ?? null,
    value: request?.value ?? 0n,
    input: request?.data ?? "0x",
  }
}

/** EIP-5792's status of a batch, from its scripted outcome. */
const statusOf = (state: WalletState, id: string): CallsStatus => {
  const batch = batchCalls(state).find((call) => call.id === id)
  const outcome = state.batchOutcomes.get(id)
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

const pause = (duration: Duration.Input) =>
  Duration.isZero(Duration.fromInputUnsafe(duration)) ? Effect.void : Effect.sleep(duration)

/** The wallet's signatures: real ones from its account, unless the user rejects them. */
const signing = (state: WalletState): Pick<WalletService, "signMessage" | "signTypedData"> => ({
  signMessage: ({ message }) =>
    state.behaviour.rejectSignatures
      ? Effect.fail(new UserRejectedError({ operation: "signMessage" }))
      : Effect.promise(() => state.account.signMessage({ message })).pipe(
          Effect.tap((signature) => Effect.sync(() => state.calls.push({ method: "signMessage", message, signature }))),
        ),
  signTypedData: ({ typedData, chain }) =>
    state.behaviour.rejectSignatures
      ? Effect.fail(new UserRejectedError({ operation: "signTypedData" }))
      : Effect.tryPromise({
          try: () => state.account.signTypedData(typedData),
          catch: (cause) =>
            new WalletError({
              operation: "signTypedData",
              cause,
              message: `Wallet signTypedData failed: ${String(cause)}`,
            }),
        }).pipe(
          Effect.tap((signature) =>
            Effect.sync(() => state.calls.push({ method: "signTypedData", chainId: chain.id, typedData, signature })),
          ),
        ),
})

/** The wallet's sends and receipt waits, each as scripted (a prompt's delay, an abandoned send, a replacement). */
const sending = (state: WalletState): Pick<WalletService, "sendTransaction" | "waitForReceipt"> => ({
  sendTransaction: ({ chain, request }) =>
    Effect.suspend(() => {
      const behaviour = state.behaviour
      if (behaviour.rejectTransactions) return Effect.fail(new UserRejectedError({ operation: "sendTransaction" }))
      return pause(behaviour.sendDelay).pipe(
        Effect.onInterrupt(() =>
          behaviour.confirmAbandonedSends ? Effect.sync(() => recordSend(state, chain.id, request)) : Effect.void,
        ),
        Effect.map(() => recordSend(state, chain.id, request)),
        Effect.map((hash) => (behaviour.returnNoHash ? undefined : hash)),
      )
    }),
  waitForReceipt: ({ hash, sent }) =>
    Effect.sync(() =>
      state.calls.push({ method: "waitForReceipt", hash, ...(sent !== undefined ? { sentNonce: sent.nonce } : {}) }),
    ).pipe(
      Effect.andThen(pause(state.behaviour.receiptDelay)),
      Effect.andThen(Effect.suspend(() => outcomeOf(state, hash))),
    ),
})

/** The wallet's simulations and chain reads (fee, balance). */
const simulating = (state: WalletState): Required<Pick<WalletService, "estimateGas" | "maxFeePerGas" | "balance">> => ({
  estimateGas: ({ chain, request }) => simulate(state, chain.id, request),
  maxFeePerGas: () =>
    Effect.sync(() => {
      state.feeReads++
      return state.behaviour.maxFeePerGas
    }),
  balance: () => Effect.sync(() => state.behaviour.balance),
})

/** The wallet's look-ups by nonce; a smart account's sends go through a bundler: its own nonce never moves. */
const tellingNonces = (state: WalletState): Required<Pick<WalletService, "nextNonce" | "transactionByNonce">> => ({
  nextNonce: () => Effect.sync(() => (state.behaviour.accountKind === "smart" ? 0 : sentCalls(state).length)),
  transactionByNonce: ({ nonce }) => Effect.sync(() => lookUp(state, nonce)),
})

/** The wallet's EIP-5792 batches: each sent as one transaction, its outcome as scripted. */
const batching = (
  state: WalletState,
): Required<Pick<WalletService, "atomicBatch" | "paymasterService" | "sendCalls" | "callsStatus">> => ({
  atomicBatch: () => Effect.sync(() => state.behaviour.atomicBatch),
  paymasterService: () => Effect.sync(() => state.behaviour.paymasterService),
  sendCalls: ({ chain, calls: batch, capabilities }) =>
    Effect.suspend(() => {
      const behaviour = state.behaviour
      if (behaviour.rejectTransactions) return Effect.fail(new UserRejectedError({ operation: "sendCalls" }))
      const scripted = behaviour.batchAnswer
      if (scripted !== undefined && "refuse" in scripted) return Effect.fail(scripted.refuse)
      const id = `0x${(batchCalls(state).length + 1).toString(16).padStart(64, "0")}`
      const hash = nextHash(state)
      const outcome = behaviour.batchOutcomes.shift() ?? "success"
      state.batchOutcomes.set(id, outcome)
      state.scripts.set(hash, outcome === "revert" ? "revert" : outcome === "pending" ? "pending" : "success")
      state.calls.push({
        method: "sendCalls",
        chainId: chain.id,
        calls: batch,
        id,
        hash,
        ...(capabilities?.paymasterService !== undefined ? { paymasterService: capabilities.paymasterService } : {}),
      })
      return Effect.succeed(scripted === undefined ? id : (scripted.answer as string))
    }),
  callsStatus: ({ id }) => Effect.sync(() => statusOf(state, id)),
})

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
  const state: WalletState = {
    account: privateKeyToAccount(options.privateKey ?? TEST_PRIVATE_KEY),
    behaviour: defaultBehaviour(options.behaviour),
    calls: [],
    scripts: new Map(),
    simulated: [],
    batchOutcomes: new Map(),
    feeReads: 0,
    hashes: 0,
  }
  const { account, behaviour } = state
  const service: WalletService = {
    address: Effect.succeed(account.address),
    chainId: Effect.sync(() => behaviour.chainId),
    blockNumber: () => Effect.succeed(1n),
    ...signing(state),
    ...sending(state),
    ...(options.simulates === false ? {} : simulating(state)),
    ...(options.tellsNonces === false ? {} : tellingNonces(state)),
    accountKind: () => Effect.sync(() => behaviour.accountKind),
    ...(options.looksUpHashes === true
      ? { transactionByHash: ({ hash }: { readonly hash: Hex }) => Effect.sync(() => lookUpHash(state, hash)) }
      : {}),
    ...batching(state),
  }

  return {
    account,
    address: account.address,
    behaviour,
    get calls() {
      return [...state.calls]
    },
    get sent() {
      return sentCalls(state)
    },
    get simulated() {
      return [...state.simulated]
    },
    get feeReads() {
      return state.feeReads
    },
    get batches() {
      return batchCalls(state)
    },
    settleBatch: (id, outcome) => {
      const batch = batchCalls(state).find((call) => call.id === id)
      state.batchOutcomes.set(id, outcome)
      if (batch !== undefined) state.scripts.set(batch.hash, outcome === "revert" ? "revert" : "success")
    },
    service,
    layer: Layer.succeed(Wallet, service),
  }
}
