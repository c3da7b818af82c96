/**
 * Shared pieces of the fuzz tests: the error catalogue, a valid execute answer to mutate, JSON mutations, and
 * a runner that drives one execution over the fake API and wallet with a TestClock until it ends.
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as TestClock from "effect/testing/TestClock"
import * as TestConsole from "effect/testing/TestConsole"
import fc from "fast-check"
import { isAddress, isHex, zeroAddress } from "viem"
import * as Errors from "../../../src/errors/index.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import { executeSteps } from "../../../src/pipeline/executeSteps.js"
import type { ActionName } from "../../../src/schema/ActionName.js"
import { ExecuteResponse } from "../../../src/schema/ExecuteResponse.js"
import type { TradeRequest } from "../../../src/schema/TradeRequest.js"
import { TransactionRequest } from "../../../src/schema/TransactionRequest.js"
import { Wallet } from "../../../src/services/Wallet.js"
import { type FakeApi, makeFakeApi } from "../../../src/testing/FakeApi.js"
import { type FakeWallet, makeFakeWallet } from "../../../src/testing/FakeWallet.js"
import { TEST_CHAIN, testLayer } from "../../../src/testing/testLayer.js"

/** Every `_tag` of the error catalogue (src/errors): a failure must carry one of these. */
export const ERROR_TAGS: ReadonlySet<string> = new Set(
  Object.values(Errors).flatMap((value) => {
    // Effect 4's TaggedError classes have no static `_tag`: the tag is the literal of their `_tag` field.
    const tag = (value as { fields?: { _tag?: { ast?: { literal?: unknown } } } }).fields?._tag?.ast?.literal
    return typeof value === "function" && typeof tag === "string" ? [tag] : []
  }),
)

/** Fixed seed of every fuzz property, printed on failure by fast-check together with the counterexample. */
export const FUZZ_SEED = 20240607

export const EXCHANGE = "0x2222222222222222222222222222222222222222"
export const TOKEN = "0x3333333333333333333333333333333333333333"
export const NFT = "0x1111111111111111111111111111111111111111"
const HASH = `0x${"ab".repeat(32)}`

/** A valid buy answer exercising every kind of item: approval and sale transactions, eip712 and eip191 signatures. */
export const validResponse = (wallet: `0x${string}`) => ({
  requestId: "0x5f00",
  steps: [
    {
      id: "currency-approval",
      action: "Approve currency",
      description: "…",
      kind: "transaction",
      items: [{ status: "incomplete", data: { from: wallet, to: TOKEN, data: "0x095ea7b3", value: "0", chainId: 1 } }],
    },
    {
      id: "order-signature",
      action: "Authorize",
      kind: "signature",
      items: [
        {
          status: "incomplete",
          orderIndexes: [0],
          data: {
            sign: {
              signatureKind: "eip712",
              domain: { name: "Exchange", version: "1", chainId: 1, verifyingContract: EXCHANGE },
              types: {
                Order: [
                  { name: "maker", type: "address" },
                  { name: "price", type: "uint256" },
                ],
              },
              primaryType: "Order",
              value: { maker: wallet, price: "1000" },
            },
            post: { endpoint: "/order/v4", method: "POST", body: { items: [{ order: { kind: "x" } }] } },
          },
          check: { endpoint: "/execute/status/v1", method: "POST", body: { kind: "signature" } },
        },
        { status: "incomplete", data: { sign: { signatureKind: "eip191", message: `0x${"12".repeat(32)}` } } },
      ],
    },
    {
      id: "sale",
      action: "Confirm",
      kind: "transaction",
      items: [
        {
          status: "incomplete",
          orderIds: ["0xabc"],
          data: { from: wallet, to: EXCHANGE, data: "0xdeadbeef", value: "0x3e8", gas: 100000 },
          check: { endpoint: "/execute/status/v1", method: "POST", body: { kind: "transaction" } },
        },
      ],
    },
  ],
  path: [
    {
      orderId: "0xabc",
      contract: NFT,
      tokenId: "42",
      quantity: 1,
      currency: TOKEN,
      currencyDecimals: 6,
      quote: 12.5,
      rawQuote: "12500000",
    },
  ],
  fees: { relayer: { currency: { contract: TOKEN, decimals: 6 }, amount: { raw: "0", decimal: 0 } } },
})

/** Answers of the status endpoints that let a valid execution complete. */
export const happyRoutes = (api: FakeApi, wallet: FakeWallet) =>
  api
    .route("POST", "/execute/status/v1", { body: { status: "success" } })
    .route("POST", "/order/v4", { body: { results: [{ orderId: "0xorder", orderIndex: 0 }] } })
    .route("POST", "/execute/results/v1", { body: {} })
    .route("GET", /\/synced\/v1$/, { body: { synced: true } })
    .route("GET", "/transfers/bulk/v2", (request) => ({
      body: {
        transfers: (request.query.txHash ?? []).map((txHash) => ({
          txHash,
          token: { contract: NFT, tokenId: "42" },
          from: EXCHANGE,
          to: wallet.address,
          amount: "1",
        })),
      },
    }))

// ------------------------------------------------------------------------------------------- arbitraries

const unicode = fc.string({ unit: "binary", maxLength: 40 })
const hugeNumber = fc.constantFrom(
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e308,
  -1,
  -1e21,
  0.5,
  -0.000001,
  2 ** 53,
  Number.MIN_SAFE_INTEGER,
)
const trickyString = fc.constantFrom(
  "",
  "0x",
  "0X12",
  "-1",
  "1e18",
  "0x-1",
  " 1",
  "1 ",
  "１２３",
  "0xZZ",
  "٣",
  "NaN",
  "Infinity",
  "null",
  "__proto__",
  "constructor",
  "https://evil.test/steal",
  "//evil.test",
  "/@evil.test",
  `0x${"f".repeat(41)}`,
  `0x${"f".repeat(64)}`,
  "9".repeat(400),
)
const deepNesting = fc.tuple(fc.integer({ min: 50, max: 800 }), fc.boolean()).map(([depth, asArray]) => {
  let value: unknown = "bottom"
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { nested: value }
  return value
})

/** Any JSON value, with a bias towards what breaks decoders: huge and negative numbers, odd strings, deep nesting. */
export const nastyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 2, arbitrary: hugeNumber },
  { weight: 2, arbitrary: trickyString },
  { weight: 2, arbitrary: unicode },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
)

/** One change to a JSON document, at the `pick`-th node (modulo the number of nodes). */
export type Mutation =
  | { readonly kind: "replace"; readonly pick: number; readonly value: unknown }
  | { readonly kind: "delete"; readonly pick: number }
  | { readonly kind: "extra"; readonly pick: number; readonly key: string; readonly value: unknown }
  | { readonly kind: "wrap"; readonly pick: number }

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("replace" as const), pick: fc.nat(), value: nastyJson }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("extra" as const),
      pick: fc.nat(),
      key: fc.oneof(unicode, fc.constantFrom("__proto__", "constructor", "error", "status", "data", "steps")),
      value: nastyJson,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("wrap" as const), pick: fc.nat() }) },
)

/** Where a node sits in a JSON document: the keys and indexes from the root. */
export type Path = ReadonlyArray<string | number>

const nodesOf = (value: unknown, path: Path = []): Array<Path> => {
  const here: Array<Path> = [path]
  if (Array.isArray(value)) value.forEach((child, i) => here.push(...nodesOf(child, [...path, i])))
  else if (typeof value === "object" && value !== null) {
    for (const [key, child] of Object.entries(value)) here.push(...nodesOf(child, [...path, key]))
  }
  return here
}

const updateAt = (value: unknown, path: Path, f: (node: unknown) => unknown | typeof REMOVE): unknown => {
  if (path.length === 0) return f(value)
  const [head, ...rest] = path
  if (Array.isArray(value)) {
    const next = updateAt(value[head as number], rest, f)
    return next === REMOVE ? value.filter((_, i) => i !== head) : value.map((child, i) => (i === head ? next : child))
  }
  const record = value as Record<string, unknown>
  const next = updateAt(record[head as string], rest, f)
  const copy: Record<string, unknown> = {}
  for (const [key, child] of Object.entries(record)) if (key !== head) copy[key] = child
  if (next !== REMOVE)
    Object.defineProperty(copy, head as string, { value: next, enumerable: true, writable: true, configurable: true })
  return copy
}
const REMOVE = Symbol("remove")

/**
 * Applies mutations one after the other; each picks among the nodes of the document as it then is (only those
 * whose path satisfies `within`, when given; a mutation with none to pick changes nothing).
 */
export const mutate = (
  document: unknown,
  mutations: ReadonlyArray<Mutation>,
  within: (path: Path) => boolean = () => true,
): unknown =>
  mutations.reduce((doc, m) => {
    const nodes = nodesOf(doc).filter(within)
    if (nodes.length === 0) return doc
    const path = nodes[m.pick % nodes.length]!
    switch (m.kind) {
      case "replace":
        return updateAt(doc, path, () => m.value)
      case "delete":
        return path.length === 0 ? doc : updateAt(doc, path, () => REMOVE)
      case "wrap":
        return updateAt(doc, path, (node) => [node])
      case "extra":
        return updateAt(doc, path, (node) =>
          typeof node === "object" && node !== null && !Array.isArray(node)
            ? Object.defineProperty({ ...node }, m.key, {
                value: m.value,
                enumerable: true,
                writable: true,
                configurable: true,
              })
            : node,
        )
    }
  }, document)

// ------------------------------------------------------------------------------------------- running

/** The test services `it.effect` provides (v3's TestContext): a TestClock and a TestConsole. */
const TestEnv = Layer.mergeAll(TestConsole.layer, TestClock.layer())

/** A wallet call as it was asked for, before the wallet did anything with it (so also when the wallet failed). */
export type WalletAttempt =
  | { readonly method: "signMessage"; readonly message: unknown }
  | { readonly method: "signTypedData"; readonly typedData: unknown }
  | { readonly method: "sendTransaction"; readonly chainId: unknown; readonly request: unknown }

/** The fake wallet's layer, recording every signing and sending request into `attempts` before the wallet sees it. */
export const recordingWalletLayer = (wallet: FakeWallet, attempts: Array<WalletAttempt>): Layer.Layer<Wallet> =>
  Layer.succeed(Wallet, {
    ...wallet.service,
    signMessage: (args) =>
      Effect.suspend(
        () => (attempts.push({ method: "signMessage", message: args.message }), wallet.service.signMessage(args)),
      ),
    signTypedData: (args) =>
      Effect.suspend(
        () => (
          attempts.push({ method: "signTypedData", typedData: args.typedData }), wallet.service.signTypedData(args)
        ),
      ),
    sendTransaction: (args) =>
      Effect.suspend(
        () => (
          attempts.push({ method: "sendTransaction", chainId: args.chain.id, request: args.request }),
          wallet.service.sendTransaction(args)
        ),
      ),
  })

/** How one execution ended, with what the fakes saw. */
export interface Outcome {
  readonly exit: Exit.Exit<ExecutionSnapshot, unknown>
  readonly api: FakeApi
  readonly wallet: FakeWallet
  /** Every signing and sending request that reached the wallet, in order. */
  readonly attempts: ReadonlyArray<WalletAttempt>
  /** The last snapshot published. */
  readonly last: ExecutionSnapshot | undefined
}

/**
 * Runs an execution of `action` over a fresh fake API (set up by `routes`) and fake wallet, moving a TestClock
 * a second at a time (and letting the wallet's promises settle) until it ends. Polls give up after 3 attempts.
 */
export const runExecution = (
  action: ActionName,
  routes: (api: FakeApi, wallet: FakeWallet) => void,
): Promise<Outcome> => {
  const api = makeFakeApi()
  const wallet = makeFakeWallet()
  routes(api, wallet)
  let last: ExecutionSnapshot | undefined
  const attempts: Array<WalletAttempt> = []
  // The recording wallet is merged last: it replaces the fake's own Wallet.
  const layer = Layer.merge(
    testLayer({
      api,
      wallet,
      options: { chains: [{ ...TEST_CHAIN, checkPollingInterval: 1000 }], maxPollingAttemptsBeforeTimeout: 3 },
    }),
    recordingWalletLayer(wallet, attempts),
  )
  const program = Effect.gen(function* () {
    const fiber = yield* Effect.forkChild(
      executeSteps({
        request: { action, params: { items: [{ token: `${NFT}:42` }], taker: zeroAddress } } as TradeRequest,
        onProgress: (snapshot) => Effect.sync(() => void (last = snapshot)),
      }).pipe(Effect.provide(layer)),
    )
    // The data poll can take 15 × 5 s per step; 600 simulated seconds bound every execution of the template.
    for (let tick = 0; tick < 600; tick++) {
      const done = fiber.pollUnsafe()
      if (done !== undefined) return done
      yield* Effect.promise(() => new Promise<void>((resolve) => setImmediate(resolve)))
      yield* TestClock.adjust("1 second")
    }
    yield* Fiber.interrupt(fiber)
    return Exit.die(new Error("the execution did not end within 600 simulated seconds"))
  })
  return Effect.runPromise(program.pipe(Effect.provide(TestEnv))).then((exit) => ({
    exit,
    api,
    wallet,
    attempts,
    last,
  }))
}

/**
 * The verdict on an exit: undefined when it is a success or a typed failure from the catalogue, else a text
 * saying what is wrong (a defect, an interruption, an error without a catalogue `_tag`).
 */
export const untypedFailure = (exit: Exit.Exit<unknown, unknown>): string | undefined => {
  if (Exit.isSuccess(exit)) return undefined
  const die = Cause.findDefect(exit.cause)
  if (Result.isSuccess(die)) return `defect: ${String(die.success)}`
  const failure = Cause.findErrorOption(exit.cause)
  if (Option.isNone(failure)) return `not a failure: ${Cause.pretty(exit.cause)}`
  const tag = (failure.value as { _tag?: unknown })?._tag
  return typeof tag === "string" && ERROR_TAGS.has(tag) ? undefined : `untyped failure: ${String(failure.value)}`
}

/** The failure's `_tag`, or undefined on success. */
export const tagOf = (exit: Exit.Exit<unknown, unknown>): string | undefined =>
  Exit.isSuccess(exit)
    ? undefined
    : Option.getOrUndefined(Option.map(Cause.findErrorOption(exit.cause), (e) => (e as { _tag: string })._tag))

/** True when the execute answer decodes (what the executor requires before doing anything). */
export const decodes = (body: unknown): boolean => Result.isSuccess(Schema.decodeUnknownResult(ExecuteResponse)(body))

/**
 * Checks every wallet call against the decoded answer: each transaction sent is the decoding of one
 * transaction item, each signature is over one signature item's message; and no item was sent twice.
 * Returns the problems found.
 */
export const walletCallProblems = (wallet: FakeWallet, answer: unknown): ReadonlyArray<string> => {
  const problems: Array<string> = []
  const decoded = Schema.decodeUnknownSync(ExecuteResponse)(answer)
  const txItems = decoded.steps.flatMap((step) =>
    step.kind === "transaction"
      ? (step.items ?? []).flatMap((item) => (item.data === undefined ? [] : [item.data]))
      : [],
  )
  const signItems = decoded.steps.flatMap((step) =>
    step.kind === "signature"
      ? (step.items ?? []).flatMap((item) => (item.data?.sign === undefined ? [] : [item.data.sign]))
      : [],
  )
  const keyOf = (request: TransactionRequest) =>
    JSON.stringify([request.from.toLowerCase(), request.to, request.data, String(request.value), request.chainId])
  const itemsPerKey = new Map<string, number>()
  for (const data of txItems) {
    const key = keyOf(Schema.decodeUnknownSync(TransactionRequest)(data))
    itemsPerKey.set(key, (itemsPerKey.get(key) ?? 0) + 1)
  }
  const sendsPerKey = new Map<string, number>()
  for (const call of wallet.calls) {
    if (call.method === "sendTransaction") {
      const key = keyOf(call.request)
      if (!itemsPerKey.has(key)) problems.push(`sent a transaction that is no item's: ${key}`)
      sendsPerKey.set(key, (sendsPerKey.get(key) ?? 0) + 1)
    }
    if (call.method === "signTypedData") {
      const message = JSON.stringify((call.typedData as { message: unknown }).message)
      if (!signItems.some((sign) => sign.signatureKind === "eip712" && JSON.stringify(sign.value) === message))
        problems.push("signed typed data that is no item's")
    }
    if (call.method === "signMessage") {
      const message = call.message as string | { raw: string }
      const text = typeof message === "string" ? message : message.raw
      if (!signItems.some((sign) => sign.signatureKind === "eip191" && sign.message === text))
        problems.push("signed a message that is no item's")
    }
  }
  for (const [key, sends] of sendsPerKey) {
    if (sends > (itemsPerKey.get(key) ?? 0))
      problems.push(`sent ${sends} transactions for ${itemsPerKey.get(key) ?? 0} item(s): ${key}`)
  }
  return problems
}

// ------------------------------------------------------------------------------------------- the oracle

const isPlainObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null)

/** The paths inside `value` holding anything but JSON-like data: an object with a foreign prototype, a function, a symbol. */
const foreignValues = (value: unknown, path = "$"): ReadonlyArray<string> => {
  if (value === null || ["string", "number", "bigint", "boolean", "undefined"].includes(typeof value)) return []
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return [path]
    return value.flatMap((child, i) => foreignValues(child, `${path}[${i}]`))
  }
  if (!isPlainObject(value)) return [path]
  return Object.entries(value).flatMap(([key, child]) => foreignValues(child, `${path}.${key}`))
}

/** A non-negative integer, as a bigint, a safe integer, or a decimal or 0x-hex string that BigInt parses. */
const isNonNegativeInteger = (value: unknown): boolean => {
  if (typeof value === "bigint") return value >= 0n
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 0
  return typeof value === "string" && /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(value) && BigInt(value) >= 0n
}
const isPositiveSafeInteger = (value: unknown): boolean =>
  typeof value === "number" && Number.isSafeInteger(value) && value > 0
const hasOnlyKeys = (value: Readonly<Record<string, unknown>>, allowed: ReadonlyArray<string>): boolean =>
  Reflect.ownKeys(value).every((key) => typeof key === "string" && allowed.includes(key))

const AMOUNT_FIELDS = ["value", "gas", "maxFeePerGas", "maxPriorityFeePerGas"]
/** Fields of a viem transaction request that the API's item data never carries: none may reach the wallet. */
const STEERING_FIELDS = [
  "nonce",
  "type",
  "gasPrice",
  "accessList",
  "authorizationList",
  "blobs",
  "blobVersionedHashes",
  "maxFeePerBlobGas",
  "kzg",
  "sidecars",
  "account",
  "chain",
]

const transactionProblems = (request: unknown, chainId: unknown, wallet: string): ReadonlyArray<string> => {
  if (!isPlainObject(request)) return ["a transaction that is not a plain object"]
  const problems: Array<string> = []
  for (const field of STEERING_FIELDS)
    if (Object.hasOwn(request, field)) problems.push(`a transaction carrying ${field}`)
  if (typeof request.from !== "string" || !isAddress(request.from))
    problems.push(`a transaction from ${String(request.from)}, not an address`)
  else if (request.from.toLowerCase() !== wallet.toLowerCase())
    problems.push(`a transaction from ${request.from}, not the wallet`)
  if (typeof request.to !== "string" || !isAddress(request.to))
    problems.push(`a transaction to ${String(request.to)}, not an address`)
  if (request.data !== undefined && (typeof request.data !== "string" || !isHex(request.data)))
    problems.push(`calldata ${String(request.data)}, not hex`)
  for (const field of AMOUNT_FIELDS) {
    if (request[field] !== undefined && !isNonNegativeInteger(request[field]))
      problems.push(`a ${field} of ${String(request[field])}`)
  }
  if (request.chainId !== undefined && !isPositiveSafeInteger(request.chainId))
    problems.push(`a transaction chain id ${String(request.chainId)}`)
  if (!isPositiveSafeInteger(chainId)) problems.push(`a send on chain ${String(chainId)}`)
  return [...problems, ...foreignValues(request).map((path) => `a transaction holding a foreign value at ${path}`)]
}

const messageProblems = (message: unknown): ReadonlyArray<string> => {
  if (typeof message === "string") return []
  if (
    isPlainObject(message) &&
    hasOnlyKeys(message, ["raw"]) &&
    typeof message.raw === "string" &&
    isHex(message.raw) &&
    message.raw.length === 66
  )
    return []
  return [`an eip191 message that is neither text nor 32 raw bytes: ${String(message)}`]
}

const typedDataProblems = (typedData: unknown): ReadonlyArray<string> => {
  if (!isPlainObject(typedData)) return ["typed data that is not a plain object"]
  const problems: Array<string> = []
  const { domain, types, primaryType, message } = typedData
  if (!isPlainObject(domain)) problems.push("a typed-data domain that is not a plain object")
  else {
    for (const field of ["name", "version"]) {
      if (domain[field] !== undefined && typeof domain[field] !== "string")
        problems.push(`a domain ${field} of ${JSON.stringify(domain[field])}`)
    }
    if (domain.chainId !== undefined && !isNonNegativeInteger(domain.chainId))
      problems.push(`a domain chain id of ${JSON.stringify(domain.chainId)}`)
    if (
      domain.verifyingContract !== undefined &&
      (typeof domain.verifyingContract !== "string" || !isAddress(domain.verifyingContract))
    ) {
      problems.push(`a verifying contract of ${JSON.stringify(domain.verifyingContract)}`)
    }
    if (
      domain.salt !== undefined &&
      (typeof domain.salt !== "string" || !isHex(domain.salt) || domain.salt.length !== 66)
    )
      problems.push(`a domain salt of ${JSON.stringify(domain.salt)}`)
  }
  if (!isPlainObject(types)) problems.push("typed-data types that are not a plain object")
  else {
    for (const [name, fields] of Object.entries(types)) {
      const wellFormed =
        Array.isArray(fields) &&
        fields.every(
          (field: unknown) => isPlainObject(field) && typeof field.name === "string" && typeof field.type === "string",
        )
      if (!wellFormed) problems.push(`a type ${name} that is not a list of { name, type }`)
    }
    if (typeof primaryType !== "string" || !Object.hasOwn(types, primaryType))
      problems.push(`a primary type ${JSON.stringify(primaryType)} that is not among the types`)
  }
  if (!isPlainObject(message)) problems.push("a typed-data message that is not a plain object")
  return [...problems, ...foreignValues(typedData).map((path) => `typed data holding a foreign value at ${path}`)]
}

/**
 * The independent oracle: what every request that reached the wallet must look like, judged with viem's own
 * `isAddress` / `isHex` and BigInt parsing, never with tradekit's schemas (a loosened schema must not loosen
 * the judge). Returns the problems found, one line per problem.
 */
export const oracleProblems = (attempts: ReadonlyArray<WalletAttempt>, wallet: FakeWallet): ReadonlyArray<string> =>
  attempts.flatMap((attempt) => {
    switch (attempt.method) {
      case "sendTransaction":
        return transactionProblems(attempt.request, attempt.chainId, wallet.address)
      case "signMessage":
        return messageProblems(attempt.message)
      case "signTypedData":
        return typedDataProblems(attempt.typedData)
    }
  })

export { HASH }
