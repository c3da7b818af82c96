import { describe, expect, it } from "@effect/vitest"
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as TestClock from "effect/testing/TestClock"
import { zeroAddress } from "viem"
import { type ResumeOptions, resumeExecution } from "../../../src/actions/resume.js"
import { ApiClient } from "../../../src/apis/reservoir/ApiClient.js"
import { withReservoirBook } from "../../../src/apis/reservoir/reservoirBook.js"
import { allCapabilities } from "../../../src/capabilities/allCapabilities.js"
import { capabilitiesLayer } from "../../../src/capabilities/capabilitiesLayer.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import { executeSteps } from "../../../src/pipeline/executeSteps.js"
import { ClientConfig } from "../../../src/services/ClientConfig.js"
import { HttpTransport } from "../../../src/services/HttpTransport.js"
import { NO_RETRY } from "../../../src/services/RetryPolicy.js"
import { Wallet, type WalletService } from "../../../src/services/Wallet.js"
import { makeFakeApi } from "../../../src/testing/FakeApi.js"
import { type FakeWalletBehaviour, makeFakeWallet } from "../../../src/testing/FakeWallet.js"
import { TEST_CHAIN } from "../../../src/testing/testLayer.js"
import { EXCHANGE, NFT, step } from "../fixtures.js"

const typed = {
  signatureKind: "eip712",
  domain: { name: "Exchange", version: "1", chainId: 1, verifyingContract: EXCHANGE },
  types: {
    Order: [
      { name: "maker", type: "address" },
      { name: "price", type: "uint256" },
    ],
  },
  primaryType: "Order",
  value: { maker: NFT, price: "1000" },
}

const REQUEST = { action: "list", params: { maker: zeroAddress, params: [{ token: `${NFT}:1` }] } } as const

/**
 * A listing that needs every kind of side effect: an approval transaction (confirmed by the synced poll), an
 * order signature posted to the API and then checked, and a second transaction confirmed by its check.
 */
const scriptedFlow = (from: string) => {
  const api = makeFakeApi()
  api
    .route("POST", "/execute/list/v5", {
      body: {
        requestId: "req-1",
        steps: [
          step("nft-approval", "transaction", [
            { status: "incomplete", data: { from, to: NFT, data: "0xa22cb465", value: "0" } },
          ]),
          step("order-signature", "signature", [
            {
              status: "incomplete",
              data: {
                sign: typed,
                post: { endpoint: "/order/v4", method: "POST", body: { items: [{ order: { kind: "x" } }] } },
              },
              check: { endpoint: "/execute/status/v1", method: "POST", body: { kind: "order" } },
            },
          ]),
          step("sale", "transaction", [
            {
              status: "incomplete",
              data: { from, to: EXCHANGE, data: "0xdeadbeef", value: "1000" },
              check: { endpoint: "/execute/status/v1", method: "POST", body: { kind: "transaction" } },
            },
          ]),
        ],
      },
    })
    .route("POST", "/order/v4", { body: { results: [{ orderId: "0xorder", orderIndex: 0 }] } })
    .route("POST", "/execute/status/v1", { body: { status: "success" } })
    .route("GET", /synced/, { body: { synced: true } })
    .route("POST", "/execute/results/v1", { body: {} })
  return api
}

/** Counts every wallet call and API request; from the `stopAt`-th on, a call interrupts the execution before it is made. */
const makeGate = (stopAt: number) => {
  let count = 0
  const gate = Effect.suspend(() => (count++ >= stopAt ? Effect.interrupt : Effect.void))
  return { gate, count: () => count }
}

const gatedWallet = (service: WalletService, gate: Effect.Effect<void>): WalletService => ({
  address: Effect.andThen(gate, service.address),
  chainId: Effect.andThen(gate, service.chainId),
  blockNumber: (chain) => Effect.andThen(gate, service.blockNumber(chain)),
  signMessage: (args) => Effect.andThen(gate, service.signMessage(args)),
  signTypedData: (args) => Effect.andThen(gate, service.signTypedData(args)),
  sendTransaction: (args) => Effect.andThen(gate, service.sendTransaction(args)),
  nextNonce: (args) => Effect.andThen(gate, service.nextNonce!(args)),
  transactionByNonce: (args) => Effect.andThen(gate, service.transactionByNonce!(args)),
  waitForReceipt: (args) => Effect.andThen(gate, service.waitForReceipt(args)),
})

const layerOf = (api: ReturnType<typeof makeFakeApi>, wallet: WalletService, gate: Effect.Effect<void>) => {
  const config = ClientConfig.layer({ chains: [TEST_CHAIN], retry: NO_RETRY })
  const http = Layer.effect(
    HttpTransport,
    Effect.map(HttpTransport, (transport) => ({ send: (request) => Effect.andThen(gate, transport.send(request)) })),
  ).pipe(Layer.provide(api.layer))
  return Layer.mergeAll(
    config,
    withReservoirBook(ApiClient.layer.pipe(Layer.provide(Layer.merge(http, config)))),
    Layer.succeed(Wallet, wallet),
    capabilitiesLayer(allCapabilities),
  )
}

/** Runs `effect` and aborts it (interrupts it) once the TestClock has moved by `after`. */
const abortAfter =
  (after: Duration.Input) =>
  <A, E>(effect: Effect.Effect<A, E>) =>
    Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(effect)
      yield* TestClock.adjust(after)
      yield* Fiber.interrupt(fiber)
      return yield* Fiber.join(fiber)
    })

/**
 * Runs the scripted flow with a wallet whose send prompt stays open, aborts it while the first prompt is open,
 * then gives what resuming from the last stored snapshot would do (with prompts answered at once).
 */
const abandonFirstSend = (behaviour: Partial<FakeWalletBehaviour>, tellsNonces = true) =>
  Effect.gen(function* () {
    const wallet = makeFakeWallet({ behaviour, tellsNonces })
    const api = scriptedFlow(wallet.address)
    let last: ExecutionSnapshot | undefined
    const layer = layerOf(api, wallet.service, Effect.void)
    const exit = yield* Effect.exit(
      executeSteps({ request: REQUEST, onProgress: (snapshot) => Effect.sync(() => (last = snapshot)) }).pipe(
        Effect.provide(layer),
        abortAfter("1 second"),
      ),
    )
    wallet.behaviour.sendDelay = 0
    const resumeWith = (options: ResumeOptions) =>
      Effect.suspend(() => resumeExecution(JSON.parse(JSON.stringify(last)) as ExecutionSnapshot, options)).pipe(
        Effect.provide(layer),
      )
    return { wallet, exit, last, resume: resumeWith({}), resumeWith }
  })

/** What the world saw: the wallet's signatures and sends, and the orders posted. */
const sideEffectsOf = (wallet: ReturnType<typeof makeFakeWallet>, api: ReturnType<typeof makeFakeApi>) => ({
  wallet: wallet.calls.flatMap(
    (call): ReadonlyArray<Record<string, unknown>> =>
      call.method === "sendTransaction"
        ? [{ method: call.method, to: call.request.to, data: call.request.data, nonce: call.nonce }]
        : call.method === "signTypedData" || call.method === "signMessage"
          ? [{ method: call.method, signature: call.signature }]
          : [],
  ),
  posts: api.requestsTo("/order/v4").map((request) => ({ query: request.query, body: request.body })),
})

describe("the journal: an execution interrupted after any wallet call or API request resumes exactly", () => {
  it.effect(
    "resuming after each interruption point makes the same signatures, sends and posts as one uninterrupted run",
    () =>
      Effect.gen(function* () {
        const reference = makeFakeWallet()
        const referenceApi = scriptedFlow(reference.address)
        const counter = makeGate(Number.POSITIVE_INFINITY)
        const done = yield* executeSteps({ request: REQUEST }).pipe(
          Effect.provide(layerOf(referenceApi, gatedWallet(reference.service, counter.gate), counter.gate)),
        )
        expect(done.status).toBe("complete")
        const expected = sideEffectsOf(reference, referenceApi)
        expect(expected.wallet.map((call) => call.method)).toEqual([
          "sendTransaction",
          "signTypedData",
          "sendTransaction",
        ])
        expect(expected.posts).toHaveLength(1)
        const points = counter.count()
        expect(points).toBeGreaterThan(10)

        for (let stopAt = 0; stopAt < points; stopAt++) {
          const wallet = makeFakeWallet()
          const api = scriptedFlow(wallet.address)
          let last: ExecutionSnapshot | undefined
          const gate = makeGate(stopAt)
          const first = yield* Effect.exit(
            executeSteps({ request: REQUEST, onProgress: (snapshot) => Effect.sync(() => (last = snapshot)) }).pipe(
              Effect.provide(layerOf(api, gatedWallet(wallet.service, gate.gate), gate.gate)),
            ),
          )
          if (Exit.isSuccess(first)) {
            // The call was one a finished race no longer needed (a receipt watch, a results post): nothing to resume.
            expect(sideEffectsOf(wallet, api), `side effects when call ${stopAt} was cut`).toEqual(expected)
            continue
          }
          expect(Exit.hasInterrupts(first), `interrupted at call ${stopAt}`).toBe(true)
          // What a page would have stored: the last snapshot, through JSON. Before the first answer there is
          // none, and the action simply starts again.
          const open = layerOf(api, wallet.service, Effect.void)
          const stored = () => JSON.parse(JSON.stringify(last)) as ExecutionSnapshot
          const resumed = yield* Effect.exit(
            (last === undefined ? executeSteps({ request: REQUEST }) : resumeExecution(stored())).pipe(
              Effect.provide(open),
            ),
          )
          if (Exit.isFailure(resumed)) {
            // Cut between the journaled request and the wallet's answer: with a wallet that picks its own nonces there is
            // no proof the prompt cannot still land, so nothing is sent until the app asks the user and opts in.
            expect(resumed.cause.toString(), `resume after call ${stopAt}`).toContain("SendOutcomeUnknownError")
            expect(last?.journal?.at(-1)?._tag).toBe("SendRequested")
            const again = yield* resumeExecution(stored(), { resendUnknown: true }).pipe(Effect.provide(open))
            expect(again.status, `resumed with resendUnknown after call ${stopAt}`).toBe("complete")
          }
          expect(sideEffectsOf(wallet, api), `side effects when interrupted at call ${stopAt}`).toEqual(expected)
        }
      }),
  )

  it.effect("a send whose prompt was abandoned and confirmed later is adopted on resume, not sent again", () =>
    Effect.gen(function* () {
      const { wallet, resume, last, exit } = yield* abandonFirstSend({
        sendDelay: "10 seconds",
        confirmAbandonedSends: true,
      })
      expect(Exit.hasInterrupts(exit)).toBe(true)
      // The user confirmed the abandoned prompt: one transaction is out, and the snapshot does not know its hash.
      expect(wallet.sent).toHaveLength(1)
      expect(last?.journal?.map((entry) => entry._tag)).toEqual(["SendRequested"])
      const resumed = yield* resume
      expect(resumed.status).toBe("complete")
      expect(wallet.sent.map((call) => call.request.to)).toEqual([NFT, EXCHANGE])
      expect(resumed.steps[0]?.items?.[0]?.txHashes?.[0]?.txHash).toBe(wallet.sent[0]?.hash)
    }),
  )

  it.effect(
    "a send abandoned and never confirmed has an unknown outcome on resume; sent once when the app opts in",
    () =>
      Effect.gen(function* () {
        const { wallet, resume, resumeWith } = yield* abandonFirstSend({ sendDelay: "10 seconds" })
        expect(wallet.sent).toHaveLength(0)
        // The prompt may still be open in the wallet: no second prompt for the same item.
        const unknown = yield* Effect.flip(resume)
        expect(unknown).toMatchObject({ _tag: "SendOutcomeUnknownError", reason: "open-prompt" })
        expect(wallet.sent).toHaveLength(0)
        const resumed = yield* resumeWith({ resendUnknown: true })
        expect(resumed.status).toBe("complete")
        expect(wallet.sent.map((call) => call.request.to)).toEqual([NFT, EXCHANGE])
      }),
  )

  it.effect("a wallet that cannot look nonces up: an unknown send is refused on resume, never sent blindly", () =>
    Effect.gen(function* () {
      const { wallet, resume } = yield* abandonFirstSend(
        { sendDelay: "10 seconds", confirmAbandonedSends: true },
        false,
      )
      const resumed = yield* Effect.flip(resume)
      expect(resumed._tag).toBe("SendOutcomeUnknownError")
      expect(resumed.message).toBe(
        `A transaction of this step may already have been sent, so it is not sent again\n\nAccount: ${wallet.address}\nChain: 1\n\nDetails: The wallet cannot look the account's transactions up by nonce. Check the wallet's activity; to send again, resume with resendUnknown: true.`,
      )
      expect(wallet.sent).toHaveLength(1)
    }),
  )
})

describe("the journal with batched transactions: an interrupted batch is never sent twice", () => {
  /** An ERC-20 approval then the sale, both ready: one batch with a batching wallet. */
  const batchedFlow = (from: string) =>
    makeFakeApi()
      .route("POST", "/execute/buy/v7", {
        body: {
          requestId: "req-1",
          steps: [
            step("currency-approval", "transaction", [
              { status: "incomplete", data: { from, to: NFT, data: "0x095ea7b3" } },
            ]),
            step("sale", "transaction", [
              {
                status: "incomplete",
                data: { from, to: EXCHANGE, data: "0xdeadbeef", value: "1000" },
                check: { endpoint: "/execute/status/v1", method: "POST", body: { kind: "transaction" } },
              },
            ]),
          ],
        },
      })
      .route("POST", "/execute/status/v1", { body: { status: "success" } })
      .route("GET", /synced/, { body: { synced: true } })
      .route("POST", "/execute/results/v1", { body: {} })
      .route("GET", "/transfers/bulk/v2", (request) => ({
        body: { transfers: request.query.txHash!.map((txHash) => ({ txHash })) },
      }))
  const BUY = { action: "buy", params: { items: [{ token: `${NFT}:1` }], taker: zeroAddress } } as const
  const gatedBatchingWallet = (service: WalletService, gate: Effect.Effect<void>): WalletService => ({
    ...gatedWallet(service, gate),
    atomicBatch: (chain) => Effect.andThen(gate, service.atomicBatch!(chain)),
    sendCalls: (args) => Effect.andThen(gate, service.sendCalls!(args)),
    callsStatus: (args) => Effect.andThen(gate, service.callsStatus!(args)),
  })

  it.effect(
    "resuming after each interruption point sends one batch at most, and completes unless its outcome is unknown",
    () =>
      Effect.gen(function* () {
        const reference = makeFakeWallet({ behaviour: { atomicBatch: true } })
        const counter = makeGate(Number.POSITIVE_INFINITY)
        const done = yield* executeSteps({ request: BUY }).pipe(
          Effect.provide(
            layerOf(batchedFlow(reference.address), gatedBatchingWallet(reference.service, counter.gate), counter.gate),
          ),
        )
        expect(done.status).toBe("complete")
        expect(reference.batches).toHaveLength(1)
        expect(reference.sent).toEqual([])
        const points = counter.count()
        expect(points).toBeGreaterThan(8)

        let refused = 0
        for (let stopAt = 0; stopAt < points; stopAt++) {
          const wallet = makeFakeWallet({ behaviour: { atomicBatch: true } })
          const api = batchedFlow(wallet.address)
          let last: ExecutionSnapshot | undefined
          const gate = makeGate(stopAt)
          const first = yield* Effect.exit(
            executeSteps({ request: BUY, onProgress: (snapshot) => Effect.sync(() => (last = snapshot)) }).pipe(
              Effect.provide(layerOf(api, gatedBatchingWallet(wallet.service, gate.gate), gate.gate)),
            ),
          )
          if (Exit.isSuccess(first)) {
            expect(wallet.batches, `batches when call ${stopAt} was cut`).toHaveLength(1)
            continue
          }
          const open = layerOf(api, wallet.service, Effect.void)
          const resumed = yield* Effect.exit(
            (last === undefined
              ? executeSteps({ request: BUY })
              : resumeExecution(JSON.parse(JSON.stringify(last)) as ExecutionSnapshot)
            ).pipe(Effect.provide(open)),
          )
          expect(wallet.sent, `single sends when interrupted at call ${stopAt}`).toEqual([])
          if (Exit.isSuccess(resumed)) {
            expect(wallet.batches, `batches when interrupted at call ${stopAt}`).toHaveLength(1)
            continue
          }
          // Cut while the wallet was being asked: no calls id came back, so the batch is refused, not sent blindly.
          expect(last?.journal?.at(-1)?._tag, `journal when interrupted at call ${stopAt}`).toBe("BatchRequested")
          expect(resumed.cause.toString()).toContain("SendOutcomeUnknownError")
          expect(wallet.batches).toHaveLength(0)
          refused++
        }
        expect(refused).toBe(1)
      }),
  )
})
