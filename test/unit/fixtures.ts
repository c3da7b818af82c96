import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/testing/TestClock"
import type { Address } from "viem"
import { zeroAddress } from "viem"
import type { Capability } from "../../src/capabilities/Capability.js"
import type { ExecutionSnapshot } from "../../src/pipeline/ExecutionSnapshot.js"
import { type ExecuteStepsOptions, executeSteps } from "../../src/pipeline/executeSteps.js"
import type { ClientOptions } from "../../src/services/ClientConfig.js"
import { type FakeApi, makeFakeApi } from "../../src/testing/FakeApi.js"
import { type FakeWallet, makeFakeWallet } from "../../src/testing/FakeWallet.js"
import { TEST_CHAIN, testLayer } from "../../src/testing/testLayer.js"

export const NFT: Address = "0x1111111111111111111111111111111111111111"
export const EXCHANGE: Address = "0x2222222222222222222222222222222222222222"
export const TOKEN: Address = "0x3333333333333333333333333333333333333333"
export const OTHER: Address = "0x4444444444444444444444444444444444444444"

/** A transaction item from `from` to the exchange. */
export const txItem = (from: Address, extra: Record<string, unknown> = {}) => ({
  status: "incomplete" as const,
  data: { from, to: EXCHANGE, data: "0xdeadbeef", value: "1000" },
  ...extra,
})

/** A step of `kind` with `items`. */
export const step = (id: string, kind: "transaction" | "signature", items: ReadonlyArray<unknown>) => ({
  id,
  action: `Action ${id}`,
  description: `Description ${id}`,
  kind,
  items,
})

/** An ERC-20 approval's calldata selector (`approve`). */
export const APPROVE = "0x095ea7b3"

/** An ERC-20 approval step then the sale step, both with their data: the buy reservoir-sdk confirms twice. */
export const buyNeedingApproval = (wallet: FakeWallet) => [
  step("currency-approval", "transaction", [
    { status: "incomplete", data: { from: wallet.address, to: TOKEN, data: APPROVE } },
  ]),
  step("sale", "transaction", [txItem(wallet.address)]),
]

/** Routes a buy planned as `steps` (request id `req-1`), its synced checks, results and transfers of `NFT` #1. */
export const routeBuy = (api: FakeApi, steps: ReadonlyArray<unknown>) =>
  api
    .route("POST", "/execute/buy/v7", { body: { requestId: "req-1", steps } })
    .route("GET", /synced/, { body: { synced: true } })
    .route("POST", "/execute/results/v1", { body: {} })
    .route("GET", "/transfers/bulk/v2", (request) => ({
      body: {
        transfers: request.query.txHash!.map((txHash) => ({
          txHash,
          token: { contract: NFT, tokenId: "1" },
          from: EXCHANGE,
          to: TOKEN,
        })),
      },
    }))

/**
 * A fake API, a fake wallet, and a runner of executeSteps over them that collects every snapshot; with every
 * capability of the executor unless `capabilities` names fewer.
 */
export const setup = (options: ClientOptions = {}, capabilities?: ReadonlyArray<Capability>) => {
  const api = makeFakeApi()
  const wallet = makeFakeWallet()
  const snapshots: Array<ExecutionSnapshot> = []
  const frozen: Array<string> = []
  const layer = testLayer({
    api,
    wallet,
    options: { chains: [TEST_CHAIN], ...options },
    ...(capabilities !== undefined ? { capabilities } : {}),
  })
  const execute = <E = never>(opts: Partial<ExecuteStepsOptions<E>> = {}) =>
    executeSteps<E>({
      request: { action: "buy", params: { items: [{ token: `${NFT}:1` }], taker: zeroAddress } },
      onProgress: (snapshot) =>
        Effect.sync(() => {
          snapshots.push(snapshot)
          frozen.push(JSON.stringify(snapshot))
        }),
      ...opts,
    }).pipe(Effect.provide(layer))
  return { api, wallet, snapshots, frozen, execute }
}

/** Runs `effect` in a fiber while the TestClock moves forward by `step` at a time, `times` times; returns its exit. */
export const runWithClock = <A, E>(effect: Effect.Effect<A, E>, step: Duration.Input, times: number) =>
  Effect.gen(function* () {
    const fiber = yield* Effect.forkChild(effect)
    for (let i = 0; i < times; i++) yield* TestClock.adjust(step)
    return yield* Fiber.await(fiber)
  })

export type { FakeApi, FakeWallet }
