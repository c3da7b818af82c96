import * as Exit from "effect/Exit"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  decodes,
  FUZZ_SEED,
  happyRoutes,
  mutate,
  mutation,
  nastyJson,
  oracleProblems,
  runExecution,
  tagOf,
  untypedFailure,
  validResponse,
  walletCallProblems,
} from "./fuzzKit.js"

const BUY = "/execute/buy/v7"

/** Raw bodies that are not JSON at all, or JSON cut short. */
const notJson = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.constantFrom(
    '{"steps": [{"id": "sale", "kind": ',
    "<html>502 Bad Gateway</html>",
    "{",
    "[",
    '{"steps":[]',
    "\u0000",
    "\ufeff{}",
  ),
)

describe("fuzz: execute answers", () => {
  it("the template answer completes, signing and sending only what it holds (the fuzz baseline)", async () => {
    const { exit, wallet, attempts } = await runExecution("buy", (api, w) => {
      happyRoutes(api, w).route("POST", BUY, { body: validResponse(w.address) })
    })
    expect(Exit.isSuccess(exit)).toBe(true)
    expect(attempts.map((attempt) => attempt.method)).toEqual([
      "sendTransaction",
      "signTypedData",
      "signMessage",
      "sendTransaction",
    ])
    expect(oracleProblems(attempts, wallet)).toEqual([])
    expect(wallet.sent).toHaveLength(2)
    expect(wallet.calls.filter((c) => c.method === "signTypedData" || c.method === "signMessage")).toHaveLength(2)
    expect(walletCallProblems(wallet, validResponse(wallet.address))).toEqual([])
  })

  it("arbitrary JSON or text as the answer: a typed failure and zero wallet calls whenever it does not decode", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(nastyJson, notJson), async (body) => {
        const { exit, wallet, attempts } = await runExecution("buy", (api, w) => {
          happyRoutes(api, w).route("POST", BUY, { body: body as never })
        })
        expect(untypedFailure(exit)).toBeUndefined()
        expect(oracleProblems(attempts, wallet)).toEqual([])
        const answer = typeof body === "string" ? undefined : body
        if (answer === undefined || !decodes(answer)) {
          expect(wallet.calls).toEqual([])
          expect(["MalformedResponseError", "APIError"]).toContain(tagOf(exit))
        } else {
          expect(walletCallProblems(wallet, answer)).toEqual([])
        }
      }),
      { seed: FUZZ_SEED, numRuns: 300 },
    )
  }, 120_000)

  it("mutated valid answers (wrong types, missing fields, huge or negative numbers, unicode, nesting, extra fields): typed failure or correct progress, never a wallet call for data that does not decode", async () => {
    let decoded = 0
    let completed = 0
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 4 }), async (mutations) => {
        let body: unknown
        const { exit, wallet, attempts, last } = await runExecution("buy", (api, w) => {
          body = mutate(validResponse(w.address), mutations)
          happyRoutes(api, w).route("POST", BUY, { body: body as never })
        })
        expect(untypedFailure(exit)).toBeUndefined()
        expect(oracleProblems(attempts, wallet)).toEqual([])
        if (!decodes(body)) {
          expect(wallet.calls).toEqual([])
          expect(["MalformedResponseError", "APIError"]).toContain(tagOf(exit))
          return
        }
        decoded++
        expect(walletCallProblems(wallet, body)).toEqual([])
        if (Exit.isSuccess(exit)) {
          completed++
          const final = exit.value
          expect(final.status).toBe("complete")
          expect(
            final.steps
              .flatMap((s) => (s.items ?? []) as ReadonlyArray<{ status: string }>)
              .every((item) => item.status === "complete"),
          ).toBe(true)
        } else {
          expect(last?.status).toBe("error")
          expect(last?.error?._tag).toBe(tagOf(exit))
        }
      }),
      { seed: FUZZ_SEED, numRuns: 400 },
    )
    // The mutations must leave enough answers valid to exercise the executor past decoding.
    expect(decoded).toBeGreaterThan(40)
    expect(completed).toBeGreaterThan(10)
  }, 120_000)
})
