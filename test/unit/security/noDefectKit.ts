/**
 * The pieces of the "no defect escapes" property: hostile wallets (over the real wallet adapters), hostile
 * values, and a runner that drives a buy — or a resume from a stored snapshot — over the fake API with a
 * TestClock until it ends, recording its snapshots and events, and a verdict on how it ended.
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as TestClock from "effect/testing/TestClock"
import * as TestConsole from "effect/testing/TestConsole"
import fc from "fast-check"
import { createPublicClient, createWalletClient, custom, type EIP1193RequestFn, type Hex, keccak256, toHex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { buy } from "../../../src/actions/buy.js"
import { resumeExecution } from "../../../src/actions/resume.js"
import type { ChainConfig } from "../../../src/chains/ChainConfig.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import type { ExpectedPrices } from "../../../src/plugins/ExpectedPrice.js"
import { eventsPlugin, type ReservoirEvent } from "../../../src/plugins/events.js"
import { fromReservoirWallet, type ReservoirWallet } from "../../../src/services/reservoirWallet.js"
import { fromViemWalletClient } from "../../../src/services/viemWallet.js"
import { Wallet, type WalletService } from "../../../src/services/Wallet.js"
import type { FakeApi, FakeResponder } from "../../../src/testing/FakeApi.js"
import { makeFakeApi } from "../../../src/testing/FakeApi.js"
import { makeFakeWallet, TEST_PRIVATE_KEY } from "../../../src/testing/FakeWallet.js"
import { TEST_CHAIN, testLayer } from "../../../src/testing/testLayer.js"
import { happyRoutes, NFT, untypedFailure } from "../fuzz/fuzzKit.js"

const account = privateKeyToAccount(TEST_PRIVATE_KEY)

// ------------------------------------------------------------------------------------------- hostile values

/** `value`, printed as `name` in fast-check's counterexamples (which would otherwise trip on it too). */
const named = <A extends object>(name: string, value: A): A =>
  Object.defineProperty(value, fc.toStringMethod, { value: () => name })

/** A value no code expects: no prototype (String() throws), a symbol, a throwing getter, a bigint, an Error, a cycle. */
const cyclic = (): unknown => {
  const value: Record<string, unknown> = { message: "cyclic" }
  value.self = value
  return named("<an object holding itself>", value)
}
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    undefined,
    null,
    0,
    -1,
    42,
    Number.NaN,
    "",
    "0x",
    "boom",
    "not a hash",
    true,
    [],
    {},
    10n ** 30n,
  ),
  fc.constantFrom<unknown>(
    `0x${"zz".repeat(32)}`,
    `0x${"ab".repeat(31)}`,
    `0x${"AB".repeat(32)}0`,
    { code: 4001 },
    { code: -32603, message: 5 },
  ),
  fc.constant(null).map(() => named("Object.create(null)", Object.create(null) as object) as unknown),
  fc.constant(Symbol("hostile") as unknown),
  fc.constant(null).map(() => new Error("wallet exploded") as unknown),
  fc.constant(null).map(() =>
    named(
      "<an object whose message getter throws>",
      Object.defineProperty({}, "message", {
        get: () => {
          throw new Error("a getter that throws")
        },
        enumerable: true,
      }),
    ),
  ),
  fc.constant(null).map(cyclic),
)

/** How one wallet entry point misbehaves; `ok` answers correctly. */
export type Misbehaviour =
  | { readonly kind: "ok" }
  | { readonly kind: "throw"; readonly value: unknown }
  | { readonly kind: "reject"; readonly value: unknown }
  | { readonly kind: "resolve"; readonly value: unknown }
  | { readonly kind: "hang" }

export const misbehaviour: fc.Arbitrary<Misbehaviour> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: "ok" } as const) },
  { weight: 2, arbitrary: hostileValue.map((value) => ({ kind: "throw", value }) as const) },
  { weight: 2, arbitrary: hostileValue.map((value) => ({ kind: "reject", value }) as const) },
  { weight: 2, arbitrary: hostileValue.map((value) => ({ kind: "resolve", value }) as const) },
  { weight: 1, arbitrary: fc.constant({ kind: "hang" } as const) },
)

/** `ok()` when the entry point behaves, else what the misbehaviour says: a synchronous throw, a rejection, garbage, a promise that never settles. */
const act = <A>(how: Misbehaviour, ok: () => Promise<A>): Promise<A> => {
  switch (how.kind) {
    case "ok":
      return ok()
    case "throw":
      throw how.value
    case "reject":
      return Promise.reject(how.value)
    case "resolve":
      return Promise.resolve(how.value as A)
    case "hang":
      return new Promise<A>(() => {})
  }
}

// ------------------------------------------------------------------------------------------- hostile wallets

let hashes = 0
const freshHash = (): Hex => keccak256(toHex(`hostile ${hashes++}`))

/** A node that answers correctly: chain 1, every transaction mined at once. */
const honestRpc = (method: string, params: ReadonlyArray<unknown>): Promise<unknown> => {
  switch (method) {
    case "eth_chainId":
      return Promise.resolve("0x1")
    case "eth_accounts":
    case "eth_requestAccounts":
      return Promise.resolve([account.address])
    case "eth_blockNumber":
      return Promise.resolve("0x10")
    case "eth_getTransactionCount":
      return Promise.resolve("0x0")
    case "eth_estimateGas":
      return Promise.resolve("0x5208")
    case "eth_gasPrice":
    case "eth_maxPriorityFeePerGas":
      return Promise.resolve("0x3b9aca00")
    case "eth_getBlockByNumber":
      return Promise.resolve({
        number: "0x10",
        hash: freshHash(),
        parentHash: freshHash(),
        timestamp: "0x1",
        baseFeePerGas: "0x1",
        gasLimit: "0x1c9c380",
        gasUsed: "0x0",
        transactions: [],
      })
    case "eth_sendRawTransaction":
    case "eth_sendTransaction":
      return Promise.resolve(freshHash())
    case "personal_sign":
    case "eth_signTypedData_v4":
      return Promise.resolve(`0x${"11".repeat(65)}`)
    case "eth_getTransactionByHash":
      return Promise.resolve(null)
    case "eth_getTransactionReceipt":
      return Promise.resolve({
        transactionHash: params[0],
        transactionIndex: "0x0",
        blockHash: freshHash(),
        blockNumber: "0x10",
        from: account.address,
        to: account.address,
        cumulativeGasUsed: "0x5208",
        gasUsed: "0x5208",
        effectiveGasPrice: "0x1",
        contractAddress: null,
        logs: [],
        logsBloom: `0x${"00".repeat(256)}`,
        status: "0x1",
        type: "0x2",
      })
    default:
      return Promise.reject(Object.assign(new Error(`unsupported ${method}`), { code: -32601 }))
  }
}

/** Which RPC methods misbehave, by group; the others answer as `honestRpc`. */
export interface RpcScript {
  readonly chainId: Misbehaviour
  readonly accounts: Misbehaviour
  readonly send: Misbehaviour
  readonly sign: Misbehaviour
  readonly reads: Misbehaviour
}
const groupOf = (method: string): keyof RpcScript =>
  method === "eth_chainId"
    ? "chainId"
    : method === "eth_accounts" || method === "eth_requestAccounts"
      ? "accounts"
      : method === "eth_sendRawTransaction" || method === "eth_sendTransaction"
        ? "send"
        : method === "personal_sign" || method.startsWith("eth_signTypedData")
          ? "sign"
          : "reads"

export const rpcScript: fc.Arbitrary<RpcScript> = fc.record({
  chainId: misbehaviour,
  accounts: misbehaviour,
  send: misbehaviour,
  sign: misbehaviour,
  reads: misbehaviour,
})

const hostileProvider = (script: RpcScript): { readonly request: EIP1193RequestFn } => ({
  request: (({ method, params }: { method: string; params?: ReadonlyArray<unknown> }) =>
    act(script[groupOf(method)], () => honestRpc(method, params ?? []))) as EIP1193RequestFn,
})

/** A wallet the property may be handed. */
export type HostileWallet =
  | {
      readonly kind: "reservoir"
      readonly address: Misbehaviour
      readonly sign: Misbehaviour
      readonly send: Misbehaviour
      readonly rpc: RpcScript | null
    }
  | { readonly kind: "viem"; readonly account: "local" | "json-rpc"; readonly rpc: RpcScript }

export const hostileWallet: fc.Arbitrary<HostileWallet> = fc.oneof(
  fc.record({
    kind: fc.constant("reservoir" as const),
    address: misbehaviour,
    sign: misbehaviour,
    send: misbehaviour,
    rpc: fc.option(rpcScript, { nil: null }),
  }),
  fc.record({
    kind: fc.constant("viem" as const),
    account: fc.constantFrom("local" as const, "json-rpc" as const),
    rpc: rpcScript,
  }),
)

/** The Wallet service of a hostile wallet, through tradekit's own adapters (the service boundary under test). */
export const walletServiceOf = (wallet: HostileWallet): WalletService => {
  if (wallet.kind === "viem") {
    // No retries inside viem: they wait on real timers, which the TestClock does not move (tradekit's own
    // receipt reads, over `custom({ request })`, would retry a failed read three times, for ~1 s of real time).
    const transport = custom(hostileProvider(wallet.rpc), { retryCount: 0 })
    return fromViemWalletClient(
      createWalletClient({ account: wallet.account === "local" ? account : account.address, transport }),
      {
        publicClients: { [CHAIN.id]: createPublicClient({ transport }) },
        receiptPollingInterval: 1000,
      },
    )
  }
  const reservoir: ReservoirWallet = {
    address: () => act(wallet.address, async () => account.address),
    handleSignMessageStep: () => act(wallet.sign, async () => account.signMessage({ message: "ok" })),
    handleSendTransactionStep: () => act(wallet.send, async () => freshHash()),
    // Without a transport the adapter reads receipts over the chain's public RPC: CHAIN has none.
    ...(wallet.rpc !== null ? { transport: custom(hostileProvider(wallet.rpc), { retryCount: 0 }) } : {}),
  }
  return fromReservoirWallet(reservoir)
}

// ------------------------------------------------------------------------------------------- running

/** The test services `it.effect` provides (v3's TestContext): a TestClock and a TestConsole. */
const TestEnv = Layer.mergeAll(TestConsole.layer, TestClock.layer())

/** How one hostile execution ended. */
export interface HostileOutcome {
  /** Undefined when it did not end within the simulated time. */
  readonly exit: Exit.Exit<unknown, unknown> | undefined
  readonly snapshots: ReadonlyArray<ExecutionSnapshot>
  readonly events: ReadonlyArray<ReservoirEvent>
  readonly api: FakeApi
}

/**
 * The chain of every hostile run: the fake API's, without a viem definition, hence without an RPC URL — no
 * adapter can reach a network (the older one's public-RPC fallback fails with viem's UrlRequiredError).
 */
export const CHAIN: ChainConfig = { ...TEST_CHAIN, checkPollingInterval: 1000 }

export interface HostileRun {
  /** What `POST /execute/buy/v7` answers (the happy status routes answer the rest unless `routes` changes them). */
  readonly answer?: FakeResponder
  readonly routes?: (api: FakeApi) => void
  readonly items?: ReadonlyArray<Record<string, unknown>>
  readonly expectedPrice?: ExpectedPrices
  readonly wallet?: HostileWallet
  /** Resume from this "stored snapshot" instead of buying. */
  readonly snapshot?: unknown
}

/** Simulated seconds an execution may take: every wait is bounded well within it (wallet 5 s, 2 poll attempts). */
export const HORIZON_SECONDS = 400
/** Simulated seconds per step of the clock: a sleep scheduled during a step runs at a later one, so this is a pace, not a precision. */
const TICK_SECONDS = 5

/** Runs a buy (or a resume) in hostile conditions, moving a TestClock forward until it ends. */
export const runHostile = (run: HostileRun): Promise<HostileOutcome> => {
  const api = makeFakeApi()
  const fake = makeFakeWallet()
  happyRoutes(api, fake)
  if (run.answer !== undefined) api.route("POST", "/execute/buy/v7", run.answer)
  run.routes?.(api)
  const snapshots: Array<ExecutionSnapshot> = []
  const events: Array<ReservoirEvent> = []
  const base = testLayer({
    api,
    wallet: fake,
    options: { chains: [CHAIN], maxPollingAttemptsBeforeTimeout: 2, walletTimeout: 5000 },
  })
  // A hostile wallet is merged last, replacing the fake one.
  const layer = run.wallet === undefined ? base : Layer.merge(base, Layer.succeed(Wallet, walletServiceOf(run.wallet)))
  const onProgress = (snapshot: ExecutionSnapshot) => Effect.sync(() => void snapshots.push(snapshot))
  const execution: Effect.Effect<unknown, unknown> = (
    run.snapshot !== undefined
      ? resumeExecution(run.snapshot as ExecutionSnapshot, { onProgress })
      : buy({
          items: run.items ?? [{ token: `${NFT}:42`, quantity: 1 }],
          ...(run.expectedPrice !== undefined ? { expectedPrice: run.expectedPrice } : {}),
          plugins: [eventsPlugin((event) => void events.push(event))],
          onProgress,
        })
  ).pipe(Effect.provide(layer))
  const program = Effect.gen(function* () {
    const fiber = yield* Effect.forkChild(execution)
    for (let tick = 0; tick < HORIZON_SECONDS / TICK_SECONDS; tick++) {
      const done = fiber.pollUnsafe()
      if (done !== undefined) return done
      yield* Effect.promise(() => new Promise<void>((resolve) => setImmediate(resolve)))
      yield* TestClock.adjust(`${TICK_SECONDS} seconds`)
    }
    yield* Fiber.interrupt(fiber)
    return undefined
  })
  return Effect.runPromise(program.pipe(Effect.provide(TestEnv))).then((exit) => ({ exit, snapshots, events, api }))
}

/**
 * What is wrong with how a hostile execution ended, or undefined: it must end, and never with a defect (nor one
 * the executor's last net turned into an UnknownError), an interruption or a failure outside the error catalogue; a failure leaves an error snapshot (when any was
 * published) and — for an action that reached the API — exactly one error event (one that failed before, on
 * its input or the wallet's address, may emit none, as reservoir-sdk's does); a success exactly one completion event.
 */
let DEFECT_LINES = 3
/** How many lines of a defect's trace a verdict quotes. */
export const quoteDefectLines = (lines: number) => {
  DEFECT_LINES = lines
}

/**
 * A defect the executor's last net turned into an UnknownError (its `cause` is the defect; no other UnknownError
 * has one): typed on the surface, still a defect that escaped a service boundary.
 */
export const lastNetDefect = (exit: Exit.Exit<unknown, unknown>): string | undefined => {
  if (Exit.isSuccess(exit)) return undefined
  const failure = Option.getOrUndefined(Cause.findErrorOption(exit.cause)) as
    | { _tag?: unknown; cause?: unknown }
    | undefined
  return failure?._tag === "UnknownError" && failure.cause !== undefined
    ? `defect caught by the executor's last net: ${String(failure.cause).split("\n").slice(0, DEFECT_LINES).join(" | ")}`
    : undefined
}

export const verdictOn = (outcome: HostileOutcome, kind: "action" | "resume"): string | undefined => {
  const { exit, snapshots, events } = outcome
  if (exit === undefined) return `did not end within ${HORIZON_SECONDS} simulated seconds`
  if (Exit.isFailure(exit) && Cause.hasDies(exit.cause))
    return `defect: ${Cause.pretty(exit.cause).split("\n").slice(0, DEFECT_LINES).join(" | ")}`
  const untyped = untypedFailure(exit)
  if (untyped !== undefined) return untyped
  const netted = lastNetDefect(exit)
  if (netted !== undefined) return netted
  const last = snapshots.at(-1)
  const names = events.map((event) => event.name)
  if (Exit.isFailure(exit)) {
    const tag = (Option.getOrThrow(Cause.findErrorOption(exit.cause)) as { _tag: string })._tag
    if (last !== undefined && (last.status !== "error" || last.error?._tag !== tag))
      return `failed with ${tag}, but the last snapshot is ${last.status} (${last.error?._tag})`
    const executed = outcome.api.requestsTo("/execute/buy/v7").length > 0
    const expected = executed ? ["purchase_error"] : ["", "purchase_error"]
    if (kind === "action" && !expected.includes(names.join()))
      return `failed with ${tag}, events: [${names.join(", ")}]`
    return undefined
  }
  if (kind === "action" && names.join() !== "purchase_complete") return `succeeded, events: [${names.join(", ")}]`
  return undefined
}
