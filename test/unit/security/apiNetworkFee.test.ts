import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/testing/TestClock"
import { buy, type ExecutionSnapshot, type StepItem } from "../../../src/index.js"
import { makeFakeApi, makeFakeWallet, testLayer } from "../../../src/testing/index.js"

const NFT = "0x1111111111111111111111111111111111111111"
const EXCHANGE = "0x2222222222222222222222222222222222222222"
const FORGED = { gas: "1", maxFeePerGas: "1", fee: "1" }

const itemsOf = (snapshot: ExecutionSnapshot): ReadonlyArray<StepItem> =>
  snapshot.steps.flatMap((step): ReadonlyArray<StepItem> => step.items ?? [])

describe("an API-supplied networkFee is never shown as tradekit's estimate", () => {
  for (const simulate of [false, true]) {
    it.effect(`a step item's networkFee from the API is dropped (simulate: ${simulate})`, () =>
      Effect.gen(function* () {
        const wallet = makeFakeWallet()
        const sale = {
          id: "sale",
          action: "Buy",
          description: "Buy",
          kind: "transaction",
          items: [
            {
              status: "incomplete",
              networkFee: FORGED,
              data: { from: wallet.address, to: EXCHANGE, data: "0xdeadbeef", value: "1000" },
            },
          ],
        }
        const api = makeFakeApi()
          .route("POST", "/execute/buy/v7", { body: { steps: [sale] } })
          .route("GET", /synced/, { body: { synced: true } })
          .route("GET", "/transfers/bulk/v2", (request) => ({
            body: {
              transfers: request.query.txHash!.map((txHash) => ({
                txHash,
                token: { contract: NFT, tokenId: "1" },
                from: EXCHANGE,
                to: wallet.address,
              })),
            },
          }))
        wallet.behaviour.simulations.push({ gas: 50_000n })
        const snapshots: Array<ExecutionSnapshot> = []
        const fiber = yield* Effect.forkChild(
          buy({
            items: [{ token: `${NFT}:1` }],
            onProgress: (snapshot) => Effect.sync(() => void snapshots.push(snapshot)),
          }).pipe(Effect.provide(testLayer({ api, wallet, options: { simulate } }))),
        )
        for (let i = 0; i < 20 && fiber.pollUnsafe() === undefined; i++) yield* TestClock.adjust("1 second")
        expect(yield* Fiber.join(fiber)).toBe(true)
        expect(snapshots.length).toBeGreaterThan(1)
        const fees = snapshots.flatMap(itemsOf).map((item) => item.networkFee)
        if (simulate) {
          // Only tradekit's own estimate: the simulated gas at the chain's max fee.
          expect(fees.filter((fee) => fee !== undefined)).not.toContainEqual(FORGED)
          expect(fees.at(-1)).toEqual({ gas: "50000", maxFeePerGas: "2000000000", fee: "100000000000000" })
        } else {
          expect(fees.every((fee) => fee === undefined)).toBe(true)
        }
      }),
    )
  }
})
