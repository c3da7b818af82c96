import * as Exit from "effect/Exit"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { FakeResponse } from "../../../src/testing/FakeApi.js"
import {
  FUZZ_SEED,
  happyRoutes,
  mutate,
  mutation,
  nastyJson,
  oracleProblems,
  runExecution,
  untypedFailure,
  validResponse,
  walletCallProblems,
} from "./fuzzKit.js"

const BUY = "/execute/buy/v7"

/** An answer of a status endpoint: arbitrary JSON, a mutated valid answer, text, or a failing status. */
const statusAnswer = (valid: unknown): fc.Arbitrary<FakeResponse> =>
  fc.oneof(
    { weight: 3, arbitrary: nastyJson.map((body) => ({ body })) },
    {
      weight: 3,
      arbitrary: fc.array(mutation, { minLength: 1, maxLength: 2 }).map((ms) => ({ body: mutate(valid, ms) })),
    },
    { weight: 2, arbitrary: fc.constant({ body: valid }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<FakeResponse>(
        { body: "{not json" },
        { status: 500, body: { message: "boom" } },
        { status: 429, body: {}, headers: { "retry-after": "1" } },
        { status: 404 },
      ),
    },
  )

const answers = fc.record({
  check: fc.array(statusAnswer({ status: "success", txHashes: [`0x${"cd".repeat(32)}`] }), {
    minLength: 1,
    maxLength: 4,
  }),
  post: fc.array(statusAnswer({ results: [{ orderId: "0xorder", crossPostingOrderId: null, orderIndex: 0 }] }), {
    minLength: 1,
    maxLength: 3,
  }),
  synced: fc.array(statusAnswer({ synced: true }), { minLength: 1, maxLength: 3 }),
  transfers: fc.array(statusAnswer({ transfers: [] }), { minLength: 1, maxLength: 3 }),
})

describe("fuzz: check, post, synced and transfers answers", () => {
  it("whatever the status endpoints answer: a typed failure or a complete execution, each item sent at most once, only decoded data signed", async () => {
    let completed = 0
    await fc.assert(
      fc.asyncProperty(answers, async ({ check, post, synced, transfers }) => {
        const { exit, wallet, attempts, last } = await runExecution("buy", (api, w) => {
          happyRoutes(api, w)
            .route("POST", BUY, { body: validResponse(w.address) })
            .route("POST", "/execute/status/v1", check)
            .route("POST", "/order/v4", post)
            .route("GET", /\/synced\/v1$/, synced)
            // The last answer repeats: end with a real one half of the time, so some executions get through.
            .route("GET", "/transfers/bulk/v2", (request, call) =>
              call < transfers.length
                ? transfers[call]!
                : { body: { transfers: (request.query.txHash ?? []).map((txHash) => ({ txHash, to: w.address })) } },
            )
        })
        expect(untypedFailure(exit)).toBeUndefined()
        expect(oracleProblems(attempts, wallet)).toEqual([])
        expect(walletCallProblems(wallet, validResponse(wallet.address))).toEqual([])
        if (Exit.isSuccess(exit)) {
          completed++
          expect(
            exit.value.steps
              .flatMap((s) => (s.items ?? []) as ReadonlyArray<{ status: string }>)
              .every((item) => item.status === "complete"),
          ).toBe(true)
        } else {
          expect(last?.status).toBe("error")
        }
      }),
      { seed: FUZZ_SEED, numRuns: 250 },
    )
    expect(completed).toBeGreaterThan(5)
  }, 120_000)
})
