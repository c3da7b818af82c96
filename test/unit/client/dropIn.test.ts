// Drop-in, measured: reservoir-sdk 2.0.11 (the dev dependency) and tradekit's facade run the same calls, with the
// same viem wallet, against the same scripted API — a real HTTP server on 127.0.0.1, since the older SDK speaks
// axios to a URL. What reaches the server, what the progress callbacks see, and how each call ends are compared;
// every difference is asserted on its own, with the DESIGN.md section that makes it deliberate.
import {
  adaptViemWallet,
  createClient as createReservoirClient,
  type ReservoirWallet,
} from "@reservoir0x/reservoir-sdk"
import { createWalletClient, custom, type Hex, type WalletClient } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { mainnet } from "viem/chains"
import { afterEach, describe, expect, it } from "vitest"
import { createClient } from "../../../src/client.js"
import { TEST_PRIVATE_KEY } from "../../../src/testing/FakeWallet.js"
import { VERSION } from "../../../src/version.js"
import { scriptedChain } from "./scriptedChain.js"
import { type Script, startScriptedHttpApi, type WireRequest } from "./scriptedHttpApi.js"

const NFT = "0x1111111111111111111111111111111111111111"
const EXCHANGE = "0x2222222222222222222222222222222222222222"
const TOKEN = "0x3333333333333333333333333333333333333333"
const account = privateKeyToAccount(TEST_PRIVATE_KEY)
const SETTINGS = { apiKey: "secret-key", uiVersion: "ui-1.2.3", source: "my.app" } as const

type Sdk = "reservoir-sdk" | "tradekit"

/** The actions both clients offer, as these tests call them (the SDKs' own types differ only in their step types). */
interface Actions {
  readonly buyToken: (parameters: {
    readonly items: ReadonlyArray<{ readonly token: string; readonly quantity: number }>
    readonly wallet: WalletClient | ReservoirWallet
    readonly onProgress: (steps: ReadonlyArray<unknown>, path?: unknown) => void
  }) => Promise<unknown>
  readonly listToken: (parameters: {
    readonly listings: ReadonlyArray<Record<string, unknown>>
    readonly wallet: WalletClient | ReservoirWallet
    readonly onProgress: (steps: ReadonlyArray<unknown>) => void
  }) => Promise<unknown>
}

interface StepView {
  readonly id: string
  readonly error?: string
  readonly items?: ReadonlyArray<{
    readonly status: string
    readonly txHashes?: ReadonlyArray<{ readonly txHash: string; readonly chainId: number }>
    readonly internalTxHashes?: ReadonlyArray<{ readonly txHash: string; readonly chainId: number }>
    readonly transfersData?: ReadonlyArray<unknown>
    readonly orderData?: ReadonlyArray<unknown>
    readonly error?: string
  }>
}

/** How one call went with one SDK. */
interface Run {
  readonly outcome: { readonly resolved: unknown } | { readonly rejected: unknown }
  /** What the server received, in order of arrival (fire-and-forget requests included). */
  readonly requests: ReadonlyArray<WireRequest>
  /** A deep copy of the steps of each progress callback, taken when it was called. */
  readonly progress: ReadonlyArray<ReadonlyArray<StepView>>
  /** The steps exactly as the first progress callback received them, looked at once the call has ended. */
  readonly firstStepsAsHeld: ReadonlyArray<StepView> | undefined
  readonly events: ReadonlyArray<{ readonly name: string; readonly chainId: number }>
  /** The signed transactions the wallet sent to the node. */
  readonly rawTransactions: ReadonlyArray<Hex>
}

const copy = <A>(value: A): A => JSON.parse(JSON.stringify(value)) as A

let closeAll: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(closeAll.map((close) => close()))
  closeAll = []
})

/** Runs `call` with one SDK over a fresh server answering from `script` and a fresh chain; waits for stragglers. */
const runWith = async (
  sdk: Sdk,
  script: Script,
  call: (
    actions: Actions,
    wallet: WalletClient,
    onProgress: (steps: ReadonlyArray<unknown>) => void,
  ) => Promise<unknown>,
  chainOptions: {
    readonly checkPollingInterval?: number
    readonly maxPollingAttemptsBeforeTimeout?: number
    readonly mined?: boolean
  } = {},
): Promise<Run> => {
  const api = await startScriptedHttpApi(script)
  closeAll.push(api.close)
  const node = scriptedChain(1, account.address, { mined: chainOptions.mined ?? true })
  const wallet = createWalletClient({ account, chain: mainnet, transport: custom(node) })
  const chains = [
    {
      id: 1,
      name: "Ethereum",
      baseApiUrl: `${api.url}/`,
      active: true,
      checkPollingInterval: chainOptions.checkPollingInterval ?? 20,
    },
  ]
  const { maxPollingAttemptsBeforeTimeout } = chainOptions
  const options = {
    chains,
    ...SETTINGS,
    ...(maxPollingAttemptsBeforeTimeout !== undefined ? { maxPollingAttemptsBeforeTimeout } : {}),
  }
  const progress: Array<ReadonlyArray<StepView>> = []
  let firstStepsAsHeld: ReadonlyArray<StepView> | undefined
  const onProgress = (steps: ReadonlyArray<unknown>) => {
    firstStepsAsHeld ??= steps as ReadonlyArray<StepView>
    progress.push(copy(steps) as ReadonlyArray<StepView>)
  }
  const events: Array<{ name: string; chainId: number }> = []
  const listener = (event: { readonly name: string }, chainId: number) =>
    void events.push({ name: event.name, chainId })

  let outcome: Run["outcome"]
  if (sdk === "reservoir-sdk") {
    const client = createReservoirClient(options)
    // The older SDK keeps its listeners in a module-level list (DESIGN §7: the client is a global singleton).
    client.clearEventListeners()
    client.addEventListener(listener)
    outcome = await call(client.actions as unknown as Actions, wallet, onProgress).then(
      (resolved) => ({ resolved }),
      (rejected: unknown) => ({ rejected }),
    )
    client.clearEventListeners()
  } else {
    const client = createClient(options)
    client.addEventListener(listener)
    outcome = await call(client.actions as unknown as Actions, wallet, onProgress).then(
      (resolved) => ({ resolved }),
      (rejected: unknown) => ({ rejected }),
    )
    await api.settled()
    await client.dispose()
  }
  await api.settled()
  return {
    outcome,
    requests: api.requests,
    progress,
    firstStepsAsHeld,
    events,
    rawTransactions: [...node.rawTransactions],
  }
}

const runBoth = async (...args: Parameters<typeof runWith> extends [Sdk, ...infer Rest] ? Rest : never) => ({
  older: await runWith("reservoir-sdk", ...args),
  tradekit: await runWith("tradekit", ...args),
})

// Headers that the HTTP stack adds (axios in the older SDK, fetch in tradekit), not the SDK: not part of the protocol.
const TRANSPORT_HEADERS = [
  "host",
  "connection",
  "content-length",
  "accept",
  "accept-encoding",
  "accept-language",
  "sec-fetch-mode",
  "user-agent",
]

/** A request as the protocol defines it: method, path, query, body and the SDK's headers, minus the version header. */
const wire = (request: WireRequest) => ({
  method: request.method,
  path: request.path,
  query: request.query,
  body: request.body,
  headers: Object.fromEntries(
    Object.entries(request.headers).filter(([name]) => !TRANSPORT_HEADERS.includes(name) && name !== "x-rkc-version"),
  ),
})

/**
 * DESIGN §3: tradekit sends `Content-Type`, `x-api-key` and `x-rkui-version` on every request; the older SDK leaves
 * `x-rkui-version` off everything but the execute request, and `Content-Type` off its GET polls. The older SDK's
 * request with exactly those headers added is tradekit's request.
 */
const withDesignHeaders = (request: ReturnType<typeof wire>) => ({
  ...request,
  headers: {
    ...request.headers,
    "content-type": "application/json",
    "x-api-key": SETTINGS.apiKey,
    "x-rkui-version": SETTINGS.uiVersion,
  },
})

const RESULTS = "/execute/results/v1"
/** The requests in order, without the fire-and-forget results posts (whose timing differs, see below). */
const ordered = (run: Run) => run.requests.filter((r) => r.path !== RESULTS).map(wire)
/** The results posts, by step id (one transaction per step in these scripts). */
const resultsPosts = (run: Run) =>
  run.requests
    .filter((r) => r.path === RESULTS)
    .map(wire)
    .sort((a, b) =>
      String((a.body as { stepId?: unknown }).stepId).localeCompare(String((b.body as { stepId?: unknown }).stepId)),
    )

/** What each progress callback says about the items — status, tx hashes, error — with repeated updates folded. */
const itemStates = (run: Run) => {
  const states = run.progress.map((steps) =>
    JSON.stringify(
      steps.map((step) => ({
        id: step.id,
        items: (step.items ?? []).map((item) => ({ status: item.status, txHashes: item.txHashes ?? [] })),
      })),
    ),
  )
  return states.filter((state, i) => state !== states[i - 1]).map((state) => JSON.parse(state) as unknown)
}

/** How a rejection looks to an app: its kind, and the fields apps read. */
const rejectionOf = (run: Run) => {
  if (!("rejected" in run.outcome)) return { resolved: run.outcome.resolved }
  const error = run.outcome.rejected as { name?: unknown; message?: unknown; statusCode?: unknown; rawError?: unknown }
  return {
    isError: error instanceof Error,
    name: error?.name,
    message: error?.message,
    ...(error?.statusCode !== undefined ? { statusCode: error.statusCode } : {}),
    ...(error?.rawError !== undefined ? { rawError: error.rawError } : {}),
  }
}

// ------------------------------------------------------------------------------------------- scripts

const synced: Script = (r) =>
  r.method === "GET" && /^\/transactions\/0x[0-9a-f]{64}\/synced\/v1$/.test(r.path)
    ? { body: { synced: true } }
    : undefined
const indexed: Script = (r) =>
  r.method === "GET" && r.path === "/transfers/bulk/v2"
    ? {
        body: {
          transfers: (r.query.txHash ?? []).map((txHash) => ({
            txHash,
            token: { contract: NFT, tokenId: "42" },
            from: EXCHANGE,
            to: account.address,
            amount: "1",
          })),
        },
      }
    : undefined
const results: Script = (r) => (r.method === "POST" && r.path === RESULTS ? { body: {} } : undefined)
const firstOf =
  (...scripts: ReadonlyArray<Script>): Script =>
  (r) =>
    scripts.reduce<ReturnType<Script>>((answer, script) => answer ?? script(r), undefined)

const buyAnswer = {
  requestId: "request-1",
  steps: [
    {
      id: "currency-approval",
      action: "Approve USDC",
      description: "A one-time approval",
      kind: "transaction",
      items: [{ status: "incomplete", data: { from: account.address, to: TOKEN, data: "0x095ea7b3", value: "0x0" } }],
    },
    {
      id: "sale",
      action: "Confirm transaction in your wallet",
      description: "",
      kind: "transaction",
      items: [
        {
          status: "incomplete",
          orderIds: ["0xabc"],
          data: { from: account.address, to: EXCHANGE, data: "0xdeadbeef", value: "0x3e8" },
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
      source: "devnet",
      currency: TOKEN,
      currencyDecimals: 6,
      quote: 12.5,
      rawQuote: "12500000",
    },
  ],
}
const buyScript: Script = firstOf(
  (r) => (r.method === "POST" && r.path === "/execute/buy/v7" ? { body: buyAnswer } : undefined),
  synced,
  indexed,
  results,
)
const buy = (actions: Actions, wallet: WalletClient, onProgress: (steps: ReadonlyArray<unknown>) => void) =>
  actions.buyToken({ items: [{ token: `${NFT}:42`, quantity: 1 }], wallet, onProgress })

const listAnswer = {
  steps: [
    {
      id: "order-signature",
      action: "Authorize listing",
      description: "A free off-chain signature to create the listing",
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
              value: { maker: account.address, price: "1000" },
            },
            post: {
              endpoint: "/order/v4",
              method: "POST",
              body: {
                items: [{ order: { kind: "seaport-v1.5", data: { price: "1000" } }, orderbook: "reservoir" }],
                source: "my.app",
              },
            },
          },
        },
      ],
    },
  ],
}
const listScript: Script = firstOf(
  (r) => (r.method === "POST" && r.path === "/execute/list/v5" ? { body: listAnswer } : undefined),
  (r) =>
    r.method === "POST" && r.path === "/order/v4"
      ? { body: { results: [{ orderId: "0xorder", crossPostingOrderId: null, orderIndex: 0 }] } }
      : undefined,
)
const list = (actions: Actions, wallet: WalletClient, onProgress: (steps: ReadonlyArray<unknown>) => void) =>
  actions.listToken({
    listings: [{ token: `${NFT}:42`, weiPrice: "1000", orderbook: "reservoir", orderKind: "seaport-v1.5" }],
    wallet,
    onProgress,
  })

// ------------------------------------------------------------------------------------------- tests

describe("drop-in for reservoir-sdk 2.0.11, measured against it over HTTP", () => {
  it("a buy with an approval and a sale: the same requests, the same signed transactions, the same progress and events", async () => {
    const { older, tradekit } = await runBoth(buyScript, buy)

    expect(older.outcome).toEqual({ resolved: true })
    expect(tradekit.outcome).toEqual({ resolved: true })
    expect(tradekit.rawTransactions).toHaveLength(2)
    expect(tradekit.rawTransactions).toEqual(older.rawTransactions)
    const [approval, sale] = [0, 1].map((i) => older.progress.at(-1)?.[i]?.items?.[0]?.txHashes?.[0]?.txHash)

    expect(ordered(older).map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /execute/buy/v7",
      `GET /transactions/${approval}/synced/v1`,
      `GET /transactions/${sale}/synced/v1`,
      "GET /transfers/bulk/v2",
    ])
    expect(ordered(tradekit)).toEqual(ordered(older).map(withDesignHeaders))
    // The older SDK's polls carry the API key only; tradekit's carry every header of the protocol (DESIGN §3).
    expect(ordered(older)[1]!.headers).toEqual({ "x-api-key": SETTINGS.apiKey })
    // The results posts: one per transaction, with the same bodies. The older SDK posts once the transaction is
    // confirmed, tradekit as soon as the hash is known (issue 10, "posted as soon as a transaction's hash is
    // known"), so their place in the sequence is not compared.
    expect(resultsPosts(older).map((r) => r.body)).toEqual([
      { requestId: "request-1", txHash: approval, stepId: "currency-approval" },
      { requestId: "request-1", txHash: sale, stepId: "sale" },
    ])
    expect(resultsPosts(tradekit)).toEqual(resultsPosts(older).map(withDesignHeaders))
    for (const request of tradekit.requests) expect(request.headers["x-rkc-version"]).toBe(VERSION)
    for (const request of older.requests) expect(request.headers["x-rkc-version"]).toBe("2.0.11")

    const hash = (txHash: string | undefined) => [{ txHash, chainId: 1 }]
    const states = [
      [
        { id: "currency-approval", items: [{ status: "incomplete", txHashes: [] }] },
        { id: "sale", items: [{ status: "incomplete", txHashes: [] }] },
      ],
      [
        { id: "currency-approval", items: [{ status: "incomplete", txHashes: hash(approval) }] },
        { id: "sale", items: [{ status: "incomplete", txHashes: [] }] },
      ],
      [
        { id: "currency-approval", items: [{ status: "complete", txHashes: hash(approval) }] },
        { id: "sale", items: [{ status: "incomplete", txHashes: [] }] },
      ],
      [
        { id: "currency-approval", items: [{ status: "complete", txHashes: hash(approval) }] },
        { id: "sale", items: [{ status: "incomplete", txHashes: hash(sale) }] },
      ],
      [
        { id: "currency-approval", items: [{ status: "complete", txHashes: hash(approval) }] },
        { id: "sale", items: [{ status: "complete", txHashes: hash(sale) }] },
      ],
    ]
    expect(itemStates(older)).toEqual(states)
    expect(itemStates(tradekit)).toEqual(states)
    const olderSale = older.progress.at(-1)![1]!.items![0]!
    const tradekitSale = tradekit.progress.at(-1)![1]!.items![0]!
    expect(tradekitSale.transfersData).toEqual(olderSale.transfersData)
    expect(olderSale.transfersData).toEqual([
      { txHash: sale, token: { contract: NFT, tokenId: "42" }, from: EXCHANGE, to: account.address, amount: "1" },
    ])
    // DESIGN §4.6: after success, internalTxHashes holds the user's transaction; the older SDK sets it only when a
    // step check answers `success`, so over the synced poll its items have none.
    expect(olderSale.internalTxHashes).toBeUndefined()
    expect(tradekitSale.internalTxHashes).toEqual(hash(sale))

    // DESIGN §7, "step objects are mutated in place under the caller's feet": the steps the first callback got
    // have turned complete in the older SDK's hands; tradekit's are as they were handed over.
    expect(older.firstStepsAsHeld?.map((step) => step.items?.[0]?.status)).toEqual(["complete", "complete"])
    expect(tradekit.firstStepsAsHeld?.map((step) => step.items?.[0]?.status)).toEqual(["incomplete", "incomplete"])

    expect(older.events).toEqual([{ name: "purchase_complete", chainId: 1 }])
    expect(tradekit.events).toEqual(older.events)
  }, 10_000)

  it("a listing with a signature and a post: the same requests (the signature in the query), the same progress and events", async () => {
    const { older, tradekit } = await runBoth(listScript, list)

    expect(older.outcome).toEqual({ resolved: true })
    expect(tradekit.outcome).toEqual({ resolved: true })
    const [execute, post] = ordered(older)
    expect([execute?.path, post?.path]).toEqual(["/execute/list/v5", "/order/v4"])
    expect(execute?.body).toEqual({
      maker: account.address,
      source: "my.app",
      params: [{ token: `${NFT}:42`, weiPrice: "1000", orderbook: "reservoir", orderKind: "seaport-v1.5" }],
    })
    const signature = await account.signTypedData({
      domain: { name: "Exchange", version: "1", chainId: 1, verifyingContract: EXCHANGE },
      types: {
        Order: [
          { name: "maker", type: "address" },
          { name: "price", type: "uint256" },
        ],
      },
      primaryType: "Order",
      message: { maker: account.address, price: 1000n },
    })
    expect(post?.query).toEqual({ signature: [signature] })
    expect(post?.body).toEqual(listAnswer.steps[0]!.items[0]!.data.post.body)
    expect(ordered(tradekit)).toEqual(ordered(older).map(withDesignHeaders))
    expect(ordered(older)).toHaveLength(2)

    const states = [
      [{ id: "order-signature", items: [{ status: "incomplete", txHashes: [] }] }],
      [{ id: "order-signature", items: [{ status: "complete", txHashes: [] }] }],
    ]
    expect(itemStates(older)).toEqual(states)
    expect(itemStates(tradekit)).toEqual(states)
    expect(tradekit.progress.at(-1)![0]!.items![0]!.orderData).toEqual(older.progress.at(-1)![0]!.items![0]!.orderData)
    expect(older.progress.at(-1)![0]!.items![0]!.orderData).toEqual([
      { orderId: "0xorder", crossPostingOrderId: null, orderIndex: 0 },
    ])

    expect(older.events).toEqual([{ name: "listing_complete", chainId: 1 }])
    expect(tradekit.events).toEqual(older.events)
  }, 10_000)

  it("an API error (400 with a message): the same rejection, message, status and body, the same liquidity refresh, no progress", async () => {
    const body = {
      statusCode: 400,
      error: "Bad Request",
      message: "Token 0x1111111111111111111111111111111111111111:42 is not listed",
    }
    const script: Script = firstOf(
      (r) => (r.path === "/execute/buy/v7" ? { status: 400, body } : undefined),
      (r) => (r.path === "/tokens/refresh/v1" ? { body: {} } : undefined),
    )
    const { older, tradekit } = await runBoth(script, buy)

    expect(rejectionOf(older)).toEqual({
      isError: true,
      name: "APIError",
      message: body.message,
      statusCode: 400,
      rawError: body,
    })
    expect(rejectionOf(tradekit)).toEqual(rejectionOf(older))
    expect(ordered(older).map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /execute/buy/v7",
      "POST /tokens/refresh/v1",
    ])
    expect(ordered(older)[1]!.body).toEqual({ token: `${NFT}:42`, liquidityOnly: true })
    expect(ordered(tradekit)).toEqual(ordered(older).map(withDesignHeaders))
    expect(older.progress).toEqual([])
    expect(tradekit.progress).toEqual([])
    expect(older.events).toEqual([{ name: "purchase_error", chainId: 1 }])
    expect(tradekit.events).toEqual(older.events)
    expect(tradekit.rawTransactions).toEqual([])
  }, 10_000)

  it("a sale never indexed: the same poll, the same message; the older SDK rejects with a plain string", async () => {
    const notIndexed: Script = (r) =>
      r.method === "GET" && r.path === "/transfers/bulk/v2" ? { body: { transfers: [] } } : undefined
    const script = firstOf(
      (r) =>
        r.method === "POST" && r.path === "/execute/buy/v7"
          ? { body: { ...buyAnswer, steps: [buyAnswer.steps[1]] } }
          : undefined,
      synced,
      notIndexed,
      results,
    )
    const { older, tradekit } = await runBoth(script, buy, { maxPollingAttemptsBeforeTimeout: 2 })

    const message = "Failed to get an ok response after 2 attempt(s), aborting"
    // DESIGN §7, "polling helpers throw plain strings": the older SDK rejects with the text itself.
    expect("rejected" in older.outcome && older.outcome.rejected).toBe(message)
    expect(rejectionOf(tradekit)).toMatchObject({ isError: true, message })
    expect(ordered(older).map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /execute/buy/v7",
      expect.stringMatching(/^GET \/transactions\/0x[0-9a-f]{64}\/synced\/v1$/),
      "GET /transfers/bulk/v2",
      "GET /transfers/bulk/v2",
    ])
    expect(ordered(tradekit)).toEqual(ordered(older).map(withDesignHeaders))
    // ...and so records no message on the failed item (a string has no `message`); tradekit records it.
    expect(older.progress.at(-1)?.[0]?.items?.[0]?.error).toBeUndefined()
    expect(tradekit.progress.at(-1)?.[0]?.items?.[0]?.error).toBe(message)
    expect(tradekit.progress.at(-1)?.[0]?.error).toBe(message)
    expect(older.events).toEqual([{ name: "purchase_error", chainId: 1 }])
    expect(tradekit.events).toEqual(older.events)
  }, 10_000)

  it("a transaction never confirmed: the same TransactionTimeoutError message after the same number of polls", async () => {
    const notSynced: Script = (r) =>
      r.method === "GET" && /\/synced\/v1$/.test(r.path) ? { body: { synced: false } } : undefined
    const script = firstOf(
      (r) =>
        r.method === "POST" && r.path === "/execute/buy/v7"
          ? { body: { ...buyAnswer, steps: [buyAnswer.steps[1]] } }
          : undefined,
      notSynced,
      results,
    )
    const { older, tradekit } = await runBoth(script, buy, { maxPollingAttemptsBeforeTimeout: 3, mined: false })

    const hash = older.progress.at(-1)?.[0]?.items?.[0]?.txHashes?.[0]?.txHash
    const message = `Failed to receive a successful response for transaction with hash '${hash}' after 3 attempt(s).`
    expect(rejectionOf(older)).toEqual({ isError: true, name: "TransactionTimeoutError", message })
    expect(rejectionOf(tradekit)).toMatchObject({ isError: true, name: "TransactionTimeoutError", message })
    expect(ordered(older).map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /execute/buy/v7",
      `GET /transactions/${hash}/synced/v1`,
      `GET /transactions/${hash}/synced/v1`,
      `GET /transactions/${hash}/synced/v1`,
    ])
    expect(ordered(tradekit)).toEqual(ordered(older).map(withDesignHeaders))
    expect(older.events).toEqual([{ name: "purchase_error", chainId: 1 }])
    expect(tradekit.events).toEqual(older.events)
  }, 10_000)

  it("a transaction never confirmed is still reported on /execute/results/v1, as the older SDK does", async () => {
    const notSynced: Script = (r) =>
      r.method === "GET" && /\/synced\/v1$/.test(r.path) ? { body: { synced: false } } : undefined
    const script = firstOf(
      (r) =>
        r.method === "POST" && r.path === "/execute/buy/v7"
          ? { body: { ...buyAnswer, steps: [buyAnswer.steps[1]] } }
          : undefined,
      notSynced,
      results,
    )
    const { older, tradekit } = await runBoth(script, buy, { maxPollingAttemptsBeforeTimeout: 1, mined: false })

    const hash = older.progress.at(-1)?.[0]?.items?.[0]?.txHashes?.[0]?.txHash
    expect(resultsPosts(older).map((r) => r.body)).toEqual([{ requestId: "request-1", txHash: hash, stepId: "sale" }])
    // DESIGN §3 allows an `errorMessage` in the results post; the older SDK never sends one, tradekit may.
    const withoutErrorMessage = ({ body, ...request }: ReturnType<typeof wire>) => {
      const { errorMessage: _errorMessage, ...rest } = body as Record<string, unknown>
      return { ...request, body: rest }
    }
    expect(resultsPosts(tradekit).length).toBeGreaterThan(0)
    for (const post of resultsPosts(tradekit))
      expect(withoutErrorMessage(post)).toEqual(withDesignHeaders(resultsPosts(older)[0]!))
  }, 10_000)

  it("adaptViemWallet's shape is taken as it is: the older SDK's own adapter drives tradekit to the same requests", async () => {
    const older = await runWith("reservoir-sdk", listScript, list)
    const adapted = await runWith("tradekit", listScript, (actions, wallet, onProgress) =>
      actions.listToken({
        listings: [{ token: `${NFT}:42`, weiPrice: "1000", orderbook: "reservoir", orderKind: "seaport-v1.5" }],
        wallet: adaptViemWallet(wallet),
        onProgress,
      }),
    )
    expect(adapted.outcome).toEqual({ resolved: true })
    expect(ordered(adapted)).toEqual(ordered(older).map(withDesignHeaders))
    expect(itemStates(adapted)).toEqual(itemStates(older))
  }, 10_000)
})
