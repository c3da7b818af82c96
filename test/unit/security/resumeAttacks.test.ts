import { afterEach, describe, expect, it, vi } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as TestClock from "effect/testing/TestClock"
import { type Address, createWalletClient, custom, type Hex, parseEther, zeroAddress } from "viem"
import { mainnet } from "viem/chains"
import {
  BatchRefusedError,
  type ExecutionSnapshot,
  executeSteps,
  fromViemWalletClient,
  resumeExecution,
  Wallet,
  type WalletService,
} from "../../../src/index.js"
import {
  type FakeWallet,
  type FakeWalletBehaviour,
  makeFakeApi,
  makeFakeWallet,
  TEST_CHAIN,
  testLayer,
} from "../../../src/testing/index.js"
import { EXCHANGE, NFT, step, TOKEN } from "../fixtures.js"

/**
 * A hostile read of resume, batching and the journal, through the public API: each test attacks one promise
 * (a stored snapshot is a record, never an order; no blind second send; items known by what they do).
 */

const ATTACKER: Address = "0x00000000000000000000000000000000000bad01"
const BUY = { action: "buy", params: { items: [{ token: `${NFT}:1` }], taker: zeroAddress } } as const
const sale = (from: Address) =>
  step("sale", "transaction", [
    {
      status: "incomplete",
      data: { from, to: EXCHANGE, data: "0xdeadbeef", value: "1000" },
      check: { endpoint: "/execute/status/v1", method: "POST", body: { kind: "transaction" } },
    },
  ])
const approval = (from: Address, data: Hex = "0x095ea7b3") =>
  step("currency-approval", "transaction", [{ status: "incomplete", data: { from, to: TOKEN, data, value: "0" } }])

/** The API the user really trades with: its plan is an approval and the sale. */
const honestApi = (from: Address) =>
  makeFakeApi()
    .route("POST", "/execute/buy/v7", { body: { requestId: "req-1", steps: [approval(from), sale(from)] } })
    .route("POST", "/execute/status/v1", { body: { status: "success" } })
    .route("GET", /synced/, { body: { synced: true } })
    .route("POST", "/execute/results/v1", { body: {} })
    .route("GET", "/transfers/bulk/v2", (request) => ({
      body: { transfers: request.query.txHash!.map((txHash) => ({ txHash })) },
    }))

const storedOf = (from: Address, patch: Partial<ExecutionSnapshot> = {}): ExecutionSnapshot =>
  JSON.parse(
    JSON.stringify({
      status: "running",
      request: BUY,
      chainId: TEST_CHAIN.id,
      txHashes: [],
      steps: [approval(from), sale(from)],
      ...patch,
    }),
  ) as ExecutionSnapshot

const walletWith = (behaviour: Partial<FakeWalletBehaviour> = {}) => makeFakeWallet({ behaviour, looksUpHashes: true })

describe("a stored snapshot is a record, never an order", () => {
  it.effect("a forged sale item ({ to: attacker, value: 5 ETH }) is never sent: only the API's plan goes out", () =>
    Effect.gen(function* () {
      const wallet = walletWith()
      const api = honestApi(wallet.address)
      const forged = storedOf(wallet.address, {
        steps: [
          step("sale", "transaction", [
            {
              status: "incomplete",
              data: { from: wallet.address, to: ATTACKER, data: "0x", value: parseEther("5").toString() },
            },
          ]),
        ] as never,
      })
      const final = yield* resumeExecution(forged).pipe(Effect.provide(testLayer({ api, wallet })))
      expect(final.status).toBe("complete")
      expect(wallet.sent.map((sent) => sent.request.to)).toEqual([TOKEN, EXCHANGE])
      expect(wallet.sent.some((sent) => sent.request.to.toLowerCase() === ATTACKER)).toBe(false)
      expect(api.requestsTo("/execute/buy/v7")).toHaveLength(1)
    }),
  )

  it.effect("a real interrupted run's snapshot edited afterwards: the edit is not sent", () =>
    Effect.gen(function* () {
      const wallet = walletWith({ sendDelay: "10 seconds" })
      const api = honestApi(wallet.address)
      let last: ExecutionSnapshot | undefined
      const fiber = yield* Effect.forkChild(
        executeSteps({ request: BUY, onProgress: (s) => Effect.sync(() => (last = s)) }).pipe(
          Effect.provide(testLayer({ api, wallet })),
        ),
      )
      yield* TestClock.adjust("1 second")
      yield* Fiber.interrupt(fiber)
      const edited = JSON.parse(JSON.stringify(last)) as {
        steps: Array<{ items: Array<{ data: Record<string, unknown> }> }>
      }
      edited.steps[1]!.items[0]!.data = {
        from: wallet.address,
        to: ATTACKER,
        data: "0x",
        value: parseEther("5").toString(),
      }
      wallet.behaviour.sendDelay = 0
      const final = yield* resumeExecution(edited, { resendUnknown: true }).pipe(
        Effect.provide(testLayer({ api, wallet })),
      )
      expect(final.status).toBe("complete")
      expect(wallet.sent.map((sent) => sent.request.to)).toEqual([TOKEN, EXCHANGE])
    }),
  )

  it.effect("the price check runs again on resume: a price raised since the snapshot is refused, nothing sent", () =>
    Effect.gen(function* () {
      const wallet = walletWith()
      const api = honestApi(wallet.address).route("POST", "/execute/buy/v7", {
        body: {
          steps: [approval(wallet.address), sale(wallet.address)],
          path: [
            {
              orderId: "0x1",
              currency: "0x0000000000000000000000000000000000000000",
              currencyDecimals: 18,
              quote: 2,
              rawQuote: "2000000000000000000",
            },
          ],
        },
      })
      const stored = storedOf(wallet.address, {
        request: {
          ...BUY,
          expectedPrice: { "0x0000000000000000000000000000000000000000": { raw: "1000000000000000000" } },
        },
      })
      const error = yield* Effect.flip(resumeExecution(stored).pipe(Effect.provide(testLayer({ api, wallet }))))
      expect(error._tag).toBe("PriceMismatchError")
      expect(wallet.sent).toEqual([])
      expect(wallet.calls).toEqual([])
    }),
  )

  it.effect("a journal that names a transaction the chain does not know is refused before anything is sent", () =>
    Effect.gen(function* () {
      const wallet = walletWith()
      const api = honestApi(wallet.address)
      const forged = storedOf(wallet.address, {
        journal: [{ _tag: "Sent", item: "sale#0:0", chainId: 1, hash: `0x${"ee".repeat(32)}` }],
      } as never)
      const error = yield* Effect.flip(resumeExecution(forged).pipe(Effect.provide(testLayer({ api, wallet }))))
      expect(error._tag).toBe("InvalidSnapshotError")
      expect(error.message).toContain("which chain 1 does not know")
      expect(wallet.sent).toEqual([])
    }),
  )

  it.effect("a journaled nonce beyond the account's next one cannot be true: refused, not a reason to send again", () =>
    Effect.gen(function* () {
      const wallet = walletWith()
      const api = honestApi(wallet.address)
      const forged = storedOf(wallet.address, {
        journal: [
          {
            _tag: "SendRequested",
            item: "currency-approval#0:0",
            chainId: 1,
            from: wallet.address,
            nonce: 1_000_000,
            exactNonce: true,
          },
        ],
      } as never)
      const error = yield* Effect.flip(resumeExecution(forged).pipe(Effect.provide(testLayer({ api, wallet }))))
      expect(error._tag).toBe("InvalidSnapshotError")
      expect(error.message).toContain("nonce 1000000")
      expect(wallet.sent).toEqual([])
    }),
  )
})

describe("what a resume checks follows from what it will do, never from a stored label", () => {
  const ETH = "0x0000000000000000000000000000000000000000"
  const quoted = (eth: string) => [
    { orderId: "0x1", currency: ETH, currencyDecimals: 18, quote: Number(eth), rawQuote: parseEther(eth).toString() },
  ]

  it.effect(
    '`action: "list"` on a buy\'s path cannot switch the price check off: 50 ETH against 1 expected is never paid',
    () =>
      Effect.gen(function* () {
        const wallet = walletWith()
        const api = honestApi(wallet.address).route("POST", "/execute/buy/v7", {
          body: { steps: [approval(wallet.address), sale(wallet.address)], path: quoted("50") },
        })
        const stored = storedOf(wallet.address, {
          request: { action: "list", path: "/execute/buy/v7", body: BUY.params } as never,
        })
        const error = yield* Effect.flip(
          resumeExecution(stored, { expectedPrice: { [ETH]: { raw: parseEther("1") } } }).pipe(
            Effect.provide(testLayer({ api, wallet })),
          ),
        )
        expect(error._tag).toBe("InvalidSnapshotError")
        expect(error.message).toContain('names the action "list", but its path /execute/buy/v7 runs "buy"')
        expect(wallet.calls).toEqual([])
        expect(api.requests).toEqual([])
      }),
  )

  it.effect(
    '`action: "buy"` on a sale\'s path cannot check a sale as a purchase: a 0.1 ETH offer against 10 expected is never accepted',
    () =>
      Effect.gen(function* () {
        const wallet = walletWith()
        const SELL = { action: "buy", path: "/execute/sell/v7", body: { items: [{ token: `${NFT}:1` }] } }
        const api = honestApi(wallet.address).route("POST", "/execute/sell/v7", {
          body: { steps: [approval(wallet.address), sale(wallet.address)], path: quoted("0.1") },
        })
        const stored = storedOf(wallet.address, {
          request: { ...SELL, expectedPrice: { [ETH]: { raw: parseEther("10").toString() } } } as never,
        })
        const error = yield* Effect.flip(resumeExecution(stored).pipe(Effect.provide(testLayer({ api, wallet }))))
        expect(error._tag).toBe("InvalidSnapshotError")
        expect(wallet.calls).toEqual([])
        expect(api.requests).toEqual([])
      }),
  )

  it.effect(
    "the path decides: a sale resumed with its true label is checked as a sale, and a 0.1 ETH offer against 10 is refused",
    () =>
      Effect.gen(function* () {
        const wallet = walletWith()
        const api = honestApi(wallet.address).route("POST", "/execute/sell/v7", {
          body: { steps: [approval(wallet.address), sale(wallet.address)], path: quoted("0.1") },
        })
        const stored = storedOf(wallet.address, {
          request: {
            action: "sell",
            path: "/execute/sell/v7",
            body: { items: [{ token: `${NFT}:1` }], taker: wallet.address },
            expectedPrice: { [ETH]: { raw: parseEther("10").toString() } },
          } as never,
        })
        const error = yield* Effect.flip(resumeExecution(stored).pipe(Effect.provide(testLayer({ api, wallet }))))
        expect(error._tag).toBe("PriceMismatchError")
        expect(wallet.sent).toEqual([])
      }),
  )

  for (const path of ["/execute/steal/v1", "/execute/buy/v7/../../list/v5", "/orders/asks/v5", "/execute/buy/v7?x=1"]) {
    it.effect(`a request path that is not an action's (${path}) is refused before any request`, () =>
      Effect.gen(function* () {
        const wallet = walletWith()
        const api = honestApi(wallet.address)
        const stored = storedOf(wallet.address, { request: { action: "buy", path, body: BUY.params } as never })
        const error = yield* Effect.flip(resumeExecution(stored).pipe(Effect.provide(testLayer({ api, wallet }))))
        expect(error._tag).toBe("InvalidSnapshotError")
        expect(api.requests).toEqual([])
        expect(wallet.calls).toEqual([])
      }),
    )
  }
})

describe("a typed request is trusted only in the shape its action needs", () => {
  for (const [label, request] of [
    ["a buy's parameters labelled as a listing", { action: "list", params: BUY.params }],
    ["a buy without its taker", { action: "buy", params: { items: BUY.params.items } }],
    ["an action tradekit does not have", { action: "steal", params: BUY.params }],
    ["a typed request that also names a route", { ...BUY, path: "/execute/list/v5", body: {} }],
  ] as const) {
    it.effect(`${label} is refused before any request`, () =>
      Effect.gen(function* () {
        const wallet = walletWith()
        const api = honestApi(wallet.address)
        const stored = storedOf(wallet.address, { request: request as never })
        const error = yield* Effect.flip(resumeExecution(stored).pipe(Effect.provide(testLayer({ api, wallet }))))
        expect(error._tag).toBe("InvalidSnapshotError")
        expect(api.requests).toEqual([])
        expect(wallet.calls).toEqual([])
      }),
    )
  }

  it.effect("a snapshot stored as route and body resumes as the same typed request a new one stores", () =>
    Effect.gen(function* () {
      const wallet = walletWith()
      const api = honestApi(wallet.address)
      const published: Array<ExecutionSnapshot> = []
      const legacy = storedOf(wallet.address, {
        request: { action: "buy", path: "/execute/buy/v7", body: BUY.params } as never,
      })
      yield* resumeExecution(legacy, {
        onProgress: (snapshot) => Effect.sync(() => void published.push(snapshot)),
      }).pipe(Effect.provide(testLayer({ api, wallet })))
      expect(published[0]!.request).toEqual(BUY)
      expect(api.requestsTo("/execute/buy/v7")[0]!.body).toEqual(BUY.params)
    }),
  )
})

describe("a journaled fact is adopted only when it is the current account's", () => {
  const OTHER: Address = "0x00000000000000000000000000000000000bad02"
  const otherHash: Hex = `0x${"ab".repeat(32)}`
  /** The approval the user's plan asks for, as another account sent it: identical call, another sender. */
  const othersApproval = { hash: otherHash, to: TOKEN, value: 0n, input: "0x095ea7b3" as Hex }
  /** The fake wallet on a chain where another account has sent the very approval the user's plan asks for. */
  const onSharedChain = (wallet: FakeWallet): FakeWallet => {
    const service: WalletService = {
      ...wallet.service,
      nextNonce: (args) => (args.address.toLowerCase() === OTHER ? Effect.succeed(1) : wallet.service.nextNonce!(args)),
      transactionByNonce: (args) =>
        args.address.toLowerCase() === OTHER && args.nonce === 0
          ? Effect.succeed({ _tag: "Mined", ...othersApproval })
          : wallet.service.transactionByNonce!(args),
      transactionByHash: (args) =>
        args.hash === otherHash
          ? Effect.succeed({ from: OTHER, nonce: 0, ...othersApproval })
          : wallet.service.transactionByHash!(args),
    }
    return { ...wallet, layer: Layer.succeed(Wallet, service) } as FakeWallet
  }

  it.effect(
    "a send request journaled `from` another account never adopts that account's identical approval as the user's",
    () =>
      Effect.gen(function* () {
        const wallet = walletWith()
        const api = honestApi(wallet.address)
        const forged = storedOf(wallet.address, {
          journal: [
            {
              _tag: "SendRequested",
              item: "currency-approval#0:0",
              chainId: 1,
              from: OTHER,
              nonce: 0,
              exactNonce: true,
            },
          ],
        } as never)
        const error = yield* Effect.flip(
          resumeExecution(forged).pipe(Effect.provide(testLayer({ api, wallet: onSharedChain(wallet) }))),
        )
        expect(error._tag).toBe("InvalidSnapshotError")
        expect(error.message).toContain(`asked for from ${OTHER}`)
        expect(wallet.calls).toEqual([])
      }),
  )

  it.effect("a batch request journaled `from` another account is refused before anything is sent", () =>
    Effect.gen(function* () {
      const wallet = walletWith({ atomicBatch: true })
      const api = honestApi(wallet.address)
      const forged = storedOf(wallet.address, {
        journal: [{ _tag: "BatchRequested", items: ["currency-approval#0:0", "sale#0:0"], chainId: 1, from: OTHER }],
      } as never)
      const error = yield* Effect.flip(
        resumeExecution(forged, { resendUnknown: true }).pipe(
          Effect.provide(testLayer({ api, wallet: onSharedChain(wallet) })),
        ),
      )
      expect(error._tag).toBe("InvalidSnapshotError")
      expect(wallet.calls).toEqual([])
    }),
  )

  it.effect(
    "a journaled hash the chain knows but another account sent is refused: the user's approval is not taken as done",
    () =>
      Effect.gen(function* () {
        const wallet = walletWith()
        const api = honestApi(wallet.address)
        const forged = storedOf(wallet.address, {
          journal: [{ _tag: "Sent", item: "currency-approval#0:0", chainId: 1, hash: otherHash }],
        } as never)
        const error = yield* Effect.flip(
          resumeExecution(forged).pipe(Effect.provide(testLayer({ api, wallet: onSharedChain(wallet) }))),
        )
        expect(error._tag).toBe("InvalidSnapshotError")
        expect(error.message).toContain(`sent by ${OTHER}, not by the account`)
        expect(wallet.calls).toEqual([])
      }),
  )
})

describe("when the API no longer plans a resume", () => {
  it.effect(
    "what the journal records as sent is confirmed; the stored plan's other items are never sent; the API's error stands",
    () =>
      Effect.gen(function* () {
        const wallet = walletWith({ sendDelay: "10 seconds" })
        const api = honestApi(wallet.address)
        let last: ExecutionSnapshot | undefined
        // The approval went out and was confirmed; the reload came during the sale's prompt.
        const fiber = yield* Effect.forkChild(
          executeSteps({ request: BUY, onProgress: (s) => Effect.sync(() => (last = s)) }).pipe(
            Effect.provide(testLayer({ api, wallet })),
          ),
        )
        wallet.behaviour.sendDelay = 0
        yield* TestClock.adjust("15 seconds")
        yield* Fiber.interrupt(fiber)
        const stored = JSON.parse(JSON.stringify(last)) as ExecutionSnapshot
        // An edit adds a transaction that only the stored snapshot holds.
        const edited = {
          ...stored,
          steps: [
            ...stored.steps,
            step("extra", "transaction", [
              { status: "incomplete", data: { from: wallet.address, to: ATTACKER, value: "5" } },
            ]),
          ],
        }
        const sentBefore = wallet.sent.length
        api.route("POST", "/execute/buy/v7", { status: 400, body: { message: "No available orders for token" } })
        const error = yield* Effect.flip(
          resumeExecution(edited, { resendUnknown: true }).pipe(Effect.provide(testLayer({ api, wallet }))),
        )
        expect(error).toMatchObject({ _tag: "APIError", message: "No available orders for token" })
        expect(wallet.sent).toHaveLength(sentBefore)
        expect(wallet.sent.some((sent) => sent.request.to.toLowerCase() === ATTACKER)).toBe(false)
      }),
  )
})

describe("no blind second send", () => {
  /** Runs a buy whose first prompt stays open, confirmed by the user after the page gave up on it. */
  const abandoned = (behaviour: Partial<FakeWalletBehaviour>) =>
    Effect.gen(function* () {
      const wallet = walletWith({ sendDelay: "10 seconds", ...behaviour })
      const api = honestApi(wallet.address)
      let last: ExecutionSnapshot | undefined
      const fiber = yield* Effect.forkChild(
        executeSteps({ request: BUY, onProgress: (s) => Effect.sync(() => (last = s)) }).pipe(
          Effect.provide(testLayer({ api, wallet })),
        ),
      )
      yield* TestClock.adjust("1 second")
      yield* Fiber.interrupt(fiber)
      wallet.behaviour.sendDelay = 0
      const resume = resumeExecution(JSON.parse(JSON.stringify(last))).pipe(Effect.provide(testLayer({ api, wallet })))
      return { wallet, resume }
    })

  it.effect("a smart account confirms after a reload: its nonce never moves, and the sale is not sent again", () =>
    Effect.gen(function* () {
      const { wallet, resume } = yield* abandoned({ accountKind: "smart", confirmAbandonedSends: true })
      expect(wallet.sent).toHaveLength(1)
      const error = yield* Effect.flip(resume)
      expect(error).toMatchObject({ _tag: "SendOutcomeUnknownError", reason: "smart-account" })
      expect(wallet.sent).toHaveLength(1)
    }),
  )

  it.effect("an EOA whose first prompt is still open at resume: no second prompt for the same item", () =>
    Effect.gen(function* () {
      const { wallet, resume } = yield* abandoned({})
      const error = yield* Effect.flip(resume)
      expect(error).toMatchObject({ _tag: "SendOutcomeUnknownError", reason: "open-prompt" })
      expect(error.message).toContain("may still be open in your wallet")
      expect(wallet.sent).toHaveLength(0)
    }),
  )

  it.effect("a send the user rejected is proof that nothing went out: a resume sends it once", () =>
    Effect.gen(function* () {
      const wallet = walletWith({ rejectTransactions: true })
      const api = honestApi(wallet.address)
      let last: ExecutionSnapshot | undefined
      const exit = yield* Effect.exit(
        executeSteps({ request: BUY, onProgress: (s) => Effect.sync(() => (last = s)) }).pipe(
          Effect.provide(testLayer({ api, wallet })),
        ),
      )
      expect(Exit.isFailure(exit)).toBe(true)
      expect(last?.journal?.map((entry) => entry._tag)).toEqual(["SendRequested", "SendRejected"])
      wallet.behaviour.rejectTransactions = false
      const final = yield* resumeExecution(JSON.parse(JSON.stringify(last))).pipe(
        Effect.provide(testLayer({ api, wallet })),
      )
      expect(final.status).toBe("complete")
      expect(wallet.sent.map((sent) => sent.request.to)).toEqual([TOKEN, EXCHANGE])
    }),
  )

  /** A journal that says the approval was asked for with exactly nonce 0 (an account that signs locally), no hash back. */
  const exactAt0 = (wallet: FakeWallet) =>
    storedOf(wallet.address, {
      journal: [
        {
          _tag: "SendRequested",
          item: "currency-approval#0:0",
          chainId: 1,
          from: wallet.address,
          nonce: 0,
          exactNonce: true,
        },
      ],
    } as never)
  /** Another transaction of the account takes nonce 0, as a send from another app would. */
  const takeNonce0 = (wallet: FakeWallet, request: { readonly to: Address; readonly data: Hex }) =>
    wallet.service.sendTransaction({
      chain: { id: 1 } as never,
      request: { from: wallet.address, ...request, value: 0n },
      context: { step: sale(wallet.address) as never, item: {} as never },
    })

  it.effect(
    "an exact nonce whose slot is still free is proof: a second send takes the same slot, so it is sent once",
    () =>
      Effect.gen(function* () {
        const wallet = walletWith()
        const final = yield* resumeExecution(exactAt0(wallet)).pipe(
          Effect.provide(testLayer({ api: honestApi(wallet.address), wallet })),
        )
        expect(final.status).toBe("complete")
        expect(wallet.sent.map((sent) => sent.request.to)).toEqual([TOKEN, EXCHANGE])
      }),
  )

  it.effect("an exact nonce whose slot another transaction took is proof the first cannot land: sent once", () =>
    Effect.gen(function* () {
      const wallet = walletWith()
      yield* takeNonce0(wallet, { to: NFT, data: "0x1234" })
      const final = yield* resumeExecution(exactAt0(wallet)).pipe(
        Effect.provide(testLayer({ api: honestApi(wallet.address), wallet })),
      )
      expect(final.status).toBe("complete")
      expect(wallet.sent.map((sent) => sent.request.to)).toEqual([NFT, TOKEN, EXCHANGE])
    }),
  )

  it.effect(
    "a self-transfer of nothing at the journaled nonce is the user's cancellation: TransactionCancelledError, not sent again",
    () =>
      Effect.gen(function* () {
        const wallet = walletWith()
        yield* takeNonce0(wallet, { to: wallet.address, data: "0x" })
        const error = yield* Effect.flip(
          resumeExecution(exactAt0(wallet)).pipe(Effect.provide(testLayer({ api: honestApi(wallet.address), wallet }))),
        )
        expect(error._tag).toBe("TransactionCancelledError")
        expect(wallet.sent.map((sent) => sent.request.to)).toEqual([wallet.address])
      }),
  )

  it.effect("an EOA with an EIP-7702 delegation is a smart account for reconciling: its nonce need not move", () =>
    Effect.gen(function* () {
      const codes: Record<string, Hex> = { [ATTACKER]: `0xef0100${"12".repeat(20)}` }
      const provider = {
        request: async ({ method, params }: { method: string; params?: ReadonlyArray<unknown> }) => {
          if (method === "eth_chainId") return "0x1"
          if (method === "eth_getCode") return codes[String(params?.[0]).toLowerCase()] ?? "0x"
          throw Object.assign(new Error(`unsupported ${method}`), { code: -32601 })
        },
      }
      const viemWallet = fromViemWalletClient(
        createWalletClient({ account: ATTACKER, chain: mainnet, transport: custom(provider) }),
      )
      expect(yield* viemWallet.accountKind!({ chain: mainnet, address: ATTACKER })).toBe("smart")
      expect(yield* viemWallet.accountKind!({ chain: mainnet, address: TOKEN })).toBe("eoa")
    }),
  )

  it.effect(
    "a rejection the journal claims for a send the chain shows mined is not believed: adopted, never sent twice",
    () =>
      Effect.gen(function* () {
        const wallet = walletWith()
        // The approval went out at nonce 0; an edit then says the user rejected its prompt.
        yield* takeNonce0(wallet, { to: TOKEN, data: "0x095ea7b3" })
        const forged = storedOf(wallet.address, {
          journal: [
            { _tag: "SendRequested", item: "currency-approval#0:0", chainId: 1, from: wallet.address, nonce: 0 },
            { _tag: "SendRejected", item: "currency-approval#0:0" },
          ],
        } as never)
        const final = yield* resumeExecution(forged).pipe(
          Effect.provide(testLayer({ api: honestApi(wallet.address), wallet })),
        )
        expect(final.status).toBe("complete")
        expect(wallet.sent.map((sent) => sent.request.to)).toEqual([TOKEN, EXCHANGE])
      }),
  )

  it.effect("a journaled send still pending is waited for and adopted: never a second transaction", () =>
    Effect.gen(function* () {
      const { wallet, resume } = yield* abandoned({ confirmAbandonedSends: true, receipts: ["pending"] })
      expect(wallet.sent).toHaveLength(1)
      const fiber = yield* Effect.forkChild(resume)
      yield* TestClock.adjust("30 seconds")
      // Still pending: nothing else is sent while it may be ours.
      expect(wallet.sent).toHaveLength(1)
      expect(fiber.pollUnsafe()).toBeUndefined()
      yield* Fiber.interrupt(fiber)
    }),
  )

  it.effect("the receipt watch is told a nonce only when the transaction surely went out with it", () =>
    Effect.gen(function* () {
      // A wallet that picks its own nonces: the nonce read before the prompt is a guess another send may take.
      const wallet = walletWith()
      const final = yield* executeSteps({ request: BUY }).pipe(
        Effect.provide(testLayer({ api: honestApi(wallet.address), wallet })),
      )
      expect(final.status).toBe("complete")
      const watches = wallet.calls.filter((call) => call.method === "waitForReceipt")
      expect(watches).toHaveLength(2)
      for (const watch of watches) expect(watch).not.toHaveProperty("sentNonce")
    }),
  )
})

describe("an item is known by what it does, not where it stands", () => {
  it.effect(
    "a re-poll that renames the confirmed approval's step and puts a new approval before it: each sent once",
    () =>
      Effect.gen(function* () {
        const wallet = walletWith()
        const waiting = step("sale", "transaction", [{ status: "incomplete" }])
        const api = honestApi(wallet.address).route("POST", "/execute/buy/v7", [
          { body: { steps: [approval(wallet.address), waiting] } },
          {
            body: {
              steps: [
                step("permit-approval", "transaction", [
                  { status: "incomplete", data: { from: wallet.address, to: NFT, data: "0xa22cb465", value: "0" } },
                ]),
                { ...approval(wallet.address), id: "renamed-approval" },
                sale(wallet.address),
              ],
            },
          },
        ])
        const fiber = yield* Effect.forkChild(
          executeSteps({ request: BUY }).pipe(Effect.provide(testLayer({ api, wallet }))),
        )
        for (let i = 0; i < 10; i++) yield* TestClock.adjust("5 seconds")
        const final = yield* Fiber.join(fiber)
        expect(final.status).toBe("complete")
        expect(wallet.sent.map((sent) => sent.request.to)).toEqual([TOKEN, NFT, EXCHANGE])
      }),
  )
})

describe("batches", () => {
  it.effect(
    "a wallet that refuses the batch (EIP-5792 5760) gets the transactions one by one, once; no batch again on resume",
    () =>
      Effect.gen(function* () {
        const wallet = walletWith({
          atomicBatch: true,
          batchAnswer: { refuse: BatchRefusedError.of({ code: 5760, reason: "atomicity-unsupported" }) },
        })
        const api = honestApi(wallet.address)
        let last: ExecutionSnapshot | undefined
        const final = yield* executeSteps({ request: BUY, onProgress: (s) => Effect.sync(() => (last = s)) }).pipe(
          Effect.provide(testLayer({ api, wallet })),
        )
        expect(final.status).toBe("complete")
        expect(wallet.sent.map((sent) => sent.request.to)).toEqual([TOKEN, EXCHANGE])
        expect(final.journal?.map((entry) => entry._tag).slice(0, 2)).toEqual(["BatchRequested", "BatchRefused"])
        // A resume of the finished run neither batches nor sends again.
        const again = yield* resumeExecution(JSON.parse(JSON.stringify(last))).pipe(
          Effect.provide(testLayer({ api, wallet })),
        )
        expect(again.status).toBe("complete")
        expect(wallet.sent).toHaveLength(2)
        expect(wallet.calls.filter((call) => call.method === "sendCalls")).toHaveLength(0)
      }),
  )

  it.effect(
    "a stored `Sent` beside a `BatchSent` is not taken for a success: a reverted batch does not complete the sale on resume",
    () =>
      Effect.gen(function* () {
        const wallet = walletWith({ atomicBatch: true, batchOutcomes: ["revert"] })
        const api = honestApi(wallet.address)
        let last: ExecutionSnapshot | undefined
        const first = yield* Effect.flip(
          executeSteps({ request: BUY, onProgress: (s) => Effect.sync(() => (last = s)) }).pipe(
            Effect.provide(testLayer({ api, wallet })),
          ),
        )
        expect(first._tag).toBe("BatchFailedError")
        const stored = JSON.parse(JSON.stringify(last)) as ExecutionSnapshot
        const batchSent = stored.journal!.find((entry) => entry._tag === "BatchSent")!
        // The edit: each item's transaction "sent" — the batch's own, reverted, transaction.
        const edited = {
          ...stored,
          status: "running",
          journal: [
            ...stored.journal!,
            ...(batchSent as { items: ReadonlyArray<string> }).items.map((item) => ({
              _tag: "Sent",
              item,
              chainId: 1,
              hash: wallet.batches[0]!.hash,
            })),
          ],
        }
        const error = yield* Effect.flip(resumeExecution(edited).pipe(Effect.provide(testLayer({ api, wallet }))))
        expect(error._tag).toBe("BatchFailedError")
        expect(wallet.batches).toHaveLength(1)
        expect(wallet.sent).toEqual([])
      }),
  )

  it.effect(
    "a batch that landed is read again from the wallet on resume, by its calls id: complete, never a second batch",
    () =>
      Effect.gen(function* () {
        const wallet = walletWith({ atomicBatch: true })
        const api = honestApi(wallet.address).route("POST", "/execute/status/v1", { status: 503, body: {} })
        let last: ExecutionSnapshot | undefined
        const fiber = yield* Effect.forkChild(
          executeSteps({ request: BUY, onProgress: (s) => Effect.sync(() => (last = s)) }).pipe(
            Effect.provide(testLayer({ api, wallet })),
          ),
        )
        yield* TestClock.adjust("10 seconds")
        yield* Fiber.interrupt(fiber)
        expect(last?.journal?.filter((entry) => entry._tag === "Sent")).toHaveLength(2)
        api.route("POST", "/execute/status/v1", { body: { status: "success" } })
        const final = yield* resumeExecution(JSON.parse(JSON.stringify(last))).pipe(
          Effect.provide(testLayer({ api, wallet })),
        )
        expect(final.status).toBe("complete")
        expect(wallet.batches).toHaveLength(1)
        expect(wallet.sent).toEqual([])
      }),
  )

  for (const answer of [{}, 42, "", null]) {
    it.effect(
      `a wallet_sendCalls answer without a usable id (${JSON.stringify(answer)}) is a typed, resumable outcome`,
      () =>
        Effect.gen(function* () {
          const wallet = walletWith({ atomicBatch: true, batchAnswer: { answer } })
          const api = honestApi(wallet.address)
          let last: ExecutionSnapshot | undefined
          const error = yield* Effect.flip(
            executeSteps({ request: BUY, onProgress: (s) => Effect.sync(() => (last = s)) }).pipe(
              Effect.provide(testLayer({ api, wallet })),
            ),
          )
          expect(error).toMatchObject({ _tag: "SendOutcomeUnknownError", reason: "batch-unknown" })
          const again = yield* Effect.flip(
            resumeExecution(JSON.parse(JSON.stringify(last))).pipe(Effect.provide(testLayer({ api, wallet }))),
          )
          expect(again).toMatchObject({ _tag: "SendOutcomeUnknownError", reason: "batch-unknown" })
          expect(wallet.batches).toHaveLength(1)
          expect(wallet.sent).toEqual([])
        }),
    )
  }
})

describe("two tabs resuming one stored execution", () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it.effect("with Web Locks, the second tab is refused at once and sends nothing; the first completes", () =>
    Effect.gen(function* () {
      // The Web Locks API as a browser has it: one holder per name, `ifAvailable` answers null when taken.
      const held = new Set<string>()
      vi.stubGlobal("document", {})
      vi.stubGlobal("navigator", {
        locks: {
          request: async (name: string, _options: unknown, callback: (lock: unknown) => Promise<void> | undefined) => {
            if (held.has(name)) return callback(null)
            held.add(name)
            try {
              return await callback({ name })
            } finally {
              held.delete(name)
            }
          },
        },
      })
      const wallet = walletWith({ sendDelay: "1 second" })
      const api = honestApi(wallet.address)
      const stored = storedOf(wallet.address)
      const first = yield* Effect.forkChild(resumeExecution(stored).pipe(Effect.provide(testLayer({ api, wallet }))))
      yield* Effect.yieldNow
      const second = yield* Effect.flip(resumeExecution(stored).pipe(Effect.provide(testLayer({ api, wallet }))))
      expect(second._tag).toBe("ExecutionInProgressError")
      expect(second.message).toBe("This execution is being resumed in another tab; wait for it to end there")
      yield* TestClock.adjust("10 seconds")
      const final = yield* Fiber.join(first)
      expect(final.status).toBe("complete")
      expect(wallet.sent.map((sent) => sent.request.to)).toEqual([TOKEN, EXCHANGE])
      expect(held.size).toBe(0)
    }),
  )

  it.effect("in a page with Web Locks, a resume that follows another in the same tab is not refused", () =>
    Effect.gen(function* () {
      // A lock manager that lets a lock go a few ticks after its holder is done, as browsers (and Node 24) do.
      const held = new Set<string>()
      vi.stubGlobal("document", {})
      vi.stubGlobal("navigator", {
        locks: {
          request: async (name: string, _options: unknown, callback: (lock: unknown) => Promise<void> | undefined) => {
            if (held.has(name)) return callback(null)
            held.add(name)
            try {
              return await callback({ name })
            } finally {
              await new Promise((later) => setTimeout(later, 5))
              held.delete(name)
            }
          },
        },
      })
      const wallet = walletWith()
      const api = honestApi(wallet.address)
      const stored = storedOf(wallet.address)
      const first = yield* Effect.exit(resumeExecution(stored).pipe(Effect.provide(testLayer({ api, wallet }))))
      expect(Exit.isSuccess(first)).toBe(true)
      const second = yield* Effect.exit(resumeExecution(stored).pipe(Effect.provide(testLayer({ api, wallet }))))
      expect(second._tag === "Failure" ? String(second.cause) : "").not.toContain("ExecutionInProgressError")
      expect(held.size).toBe(0)
    }),
  )
})

describe("two resumes of one stored execution in a server process (no document)", () => {
  it.effect("the second is refused at once, naming the process, and sends nothing; the first completes", () =>
    Effect.gen(function* () {
      const wallet = walletWith({ sendDelay: "1 second" })
      const api = honestApi(wallet.address)
      const stored = storedOf(wallet.address)
      const first = yield* Effect.forkChild(resumeExecution(stored).pipe(Effect.provide(testLayer({ api, wallet }))))
      yield* Effect.yieldNow
      const second = yield* Effect.flip(resumeExecution(stored).pipe(Effect.provide(testLayer({ api, wallet }))))
      expect(second._tag).toBe("ExecutionInProgressError")
      expect(second.message).toBe("This execution is being resumed by another call in this process; wait for it to end")
      yield* TestClock.adjust("10 seconds")
      const final = yield* Fiber.join(first)
      expect(final.status).toBe("complete")
      expect(wallet.sent.map((sent) => sent.request.to)).toEqual([TOKEN, EXCHANGE])
    }),
  )

  it.effect("one resume after another has ended runs", () =>
    Effect.gen(function* () {
      const wallet = walletWith()
      const api = honestApi(wallet.address)
      const stored = storedOf(wallet.address)
      const first = yield* resumeExecution(stored).pipe(Effect.provide(testLayer({ api, wallet })))
      expect(first.status).toBe("complete")
      const second = yield* Effect.exit(resumeExecution(stored).pipe(Effect.provide(testLayer({ api, wallet }))))
      expect(second._tag === "Failure" ? String(second.cause) : "").not.toContain("ExecutionInProgressError")
    }),
  )
})
