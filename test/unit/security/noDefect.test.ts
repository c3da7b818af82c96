// Issue 10, property 3, "No defect escapes": whatever the API answers, whatever the wallet does, whatever
// snapshot is handed to resume, an execution ends — with a success or a failure from the error catalogue, an
// error snapshot and an error event — never with a defect (a throw that escaped a service boundary).
import fc from "fast-check"
import { privateKeyToAccount } from "viem/accounts"
import { beforeAll, describe, expect, it } from "vitest"
import type { ExpectedPrices } from "../../../src/plugins/ExpectedPrice.js"
import type { FakeResponse } from "../../../src/testing/FakeApi.js"
import { TEST_PRIVATE_KEY } from "../../../src/testing/FakeWallet.js"
import { FUZZ_SEED, type Mutation, mutate, mutation, NFT, nastyJson, TOKEN, validResponse } from "../fuzz/fuzzKit.js"
import { type HostileWallet, hostileWallet, runHostile, verdictOn } from "./noDefectKit.js"

const address = privateKeyToAccount(TEST_PRIVATE_KEY).address
const VALID = validResponse(address)
/**
 * The quote of the template answer, as the caller expects it, so that the price check runs on every answer:
 * with the caller's decimals, or with the API's (the caller gives none), raw or as an amount.
 */
const expected = fc.constantFrom<ExpectedPrices>(
  { [TOKEN]: { raw: 12500000n, currencyDecimals: 6 } },
  { [TOKEN]: { raw: "12500000" } },
  { [TOKEN]: { amount: 12.5 } },
)

/** Keys that reach an object's prototype when an object is built carelessly from JSON. */
const prototypeKey = fc.constantFrom("__proto__", "constructor", "prototype")
const smuggled = fc.oneof(
  nastyJson,
  fc.constantFrom<unknown>(
    { data: { sign: { signatureKind: "eip191", message: { raw: "0x12" } } } },
    { status: "complete" },
    { polluted: true, toString: "not a function", valueOf: 1 },
  ),
)
const prototypeMutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constant("extra" as const),
  pick: fc.nat(),
  key: prototypeKey,
  value: smuggled,
})
/** Numbers that break arithmetic on decimals and amounts. */
const hostileNumber = fc.constantFrom(-1, 1.5, 40, 400, 1e21, 2 ** 53, -0, Number.MAX_VALUE, Number.MIN_VALUE)

/** Answers of the execute endpoint: arbitrary JSON, mutated valid answers (prototype keys included), hostile path numbers. */
const hostileAnswer: fc.Arbitrary<FakeResponse> = fc.oneof(
  { weight: 2, arbitrary: nastyJson.map((body) => ({ body })) },
  {
    weight: 3,
    arbitrary: fc
      .array(fc.oneof(mutation, prototypeMutation), { minLength: 1, maxLength: 4 })
      .map((ms) => ({ body: mutate(VALID, ms) })),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({
        field: fc.constantFrom("currencyDecimals", "buyInCurrencyDecimals", "quote", "rawQuote", "buyInRawQuote"),
        value: fc.oneof(hostileNumber, fc.constantFrom("-1", "1.5", "1e400", "9".repeat(100))),
      })
      .map(({ field, value }) => ({
        body: { ...VALID, path: [{ ...VALID.path[0], buyInCurrency: TOKEN, [field]: value }] },
      })),
  },
)

/** Answers of the status endpoints, each hostile or not. */
const hostileStatus = fc.option(
  nastyJson.map((body): FakeResponse => ({ body })),
  { nil: undefined },
)

describe("no defect escapes (issue 10, property 3)", () => {
  it("hostile API answers: arbitrary JSON, mutated answers, prototype keys, huge and fractional numbers", async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileAnswer,
        expected,
        hostileStatus,
        hostileStatus,
        hostileStatus,
        async (answer, expectedPrice, check, post, synced) => {
          const outcome = await runHostile({
            answer,
            expectedPrice,
            routes: (api) => {
              if (check !== undefined) api.route("POST", "/execute/status/v1", check)
              if (post !== undefined) api.route("POST", "/order/v4", post)
              if (synced !== undefined) api.route("GET", /\/synced\/v1$/, synced)
            },
          })
          expect(verdictOn(outcome, "action")).toBeUndefined()
        },
      ),
      { seed: FUZZ_SEED, numRuns: 80 },
    )
  }, 30_000)

  it("hostile wallets: synchronous throws, rejections with non-Error values, garbage hashes and signatures, hangs", async () => {
    await fc.assert(
      fc.asyncProperty(hostileWallet, async (wallet) => {
        const outcome = await runHostile({ answer: { body: VALID }, wallet })
        expect(verdictOn(outcome, "action")).toBeUndefined()
      }),
      { seed: FUZZ_SEED, numRuns: 80 },
    )
  }, 30_000)

  // The smallest hostile wallets the property above has found; each must end as a typed failure, in bounded time.
  const ok = { kind: "ok" } as const
  const honest = { chainId: ok, accounts: ok, send: ok, sign: ok, reads: ok }
  const throwingGetter = () =>
    Object.defineProperty({}, "message", {
      get: () => {
        throw new Error("a getter that throws")
      },
      enumerable: true,
    })
  const found: ReadonlyArray<readonly [string, () => HostileWallet]> = [
    [
      "an address() that never settles",
      () => ({ kind: "reservoir", address: { kind: "hang" }, sign: ok, send: ok, rpc: honest }),
    ],
    [
      "an address() that throws an object without a prototype",
      () => ({
        kind: "reservoir",
        address: { kind: "throw", value: Object.create(null) },
        sign: ok,
        send: ok,
        rpc: honest,
      }),
    ],
    [
      "an address() that throws an object whose message getter throws",
      () => ({
        kind: "reservoir",
        address: { kind: "throw", value: throwingGetter() },
        sign: ok,
        send: ok,
        rpc: honest,
      }),
    ],
    [
      "an address() that resolves to an object whose getter throws",
      () => ({
        kind: "reservoir",
        address: { kind: "resolve", value: throwingGetter() },
        sign: ok,
        send: ok,
        rpc: honest,
      }),
    ],
    [
      "a viem wallet whose node never answers a read",
      () => ({ kind: "viem", account: "local", rpc: { ...honest, reads: { kind: "hang" } } }),
    ],
    [
      "a signature that resolves to an object whose getter throws",
      () => ({
        kind: "reservoir",
        address: ok,
        sign: { kind: "resolve", value: throwingGetter() },
        send: ok,
        rpc: null,
      }),
    ],
  ]
  for (const [what, wallet] of found) {
    it(`a hostile wallet with ${what}: a typed failure, in bounded time`, async () => {
      expect(verdictOn(await runHostile({ answer: { body: VALID }, wallet: wallet() }), "action")).toBeUndefined()
    })
  }

  it("hostile inputs: bigints where strings are expected, expected prices with impossible decimals", async () => {
    const items = fc.constantFrom<ReadonlyArray<Record<string, unknown>>>(
      [{ token: `${NFT}:42`, quantity: 1n }],
      [{ token: 42n }],
      [{ token: `${NFT}:42`, quantity: 1, fillType: { nested: [10n ** 30n] } }],
      [{ token: `${NFT}:42`, quantity: 1 }],
    )
    const expectedPrice = fc.record({
      raw: fc.oneof(
        fc.constant(undefined),
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 80n }),
        fc.constantFrom("12500000", "-1", "1.5", "abc", ""),
      ),
      amount: fc.option(fc.oneof(hostileNumber, fc.double()), { nil: undefined }),
      currencyDecimals: fc.option(fc.oneof(hostileNumber, fc.integer({ min: -5, max: 100 })), { nil: undefined }),
    })
    await fc.assert(
      fc.asyncProperty(items, expectedPrice, async (items, price) => {
        const outcome = await runHostile({ answer: { body: VALID }, items, expectedPrice: { [TOKEN]: price } })
        expect(verdictOn(outcome, "action")).toBeUndefined()
      }),
      { seed: FUZZ_SEED, numRuns: 40 },
    )
  }, 30_000)

  describe("hostile stored snapshots given to resumeExecution", () => {
    let stored: ReadonlyArray<unknown> = []
    beforeAll(async () => {
      // Every snapshot a real execution of the template answer published: what an app would have stored.
      const { snapshots } = await runHostile({ answer: { body: VALID } })
      stored = JSON.parse(JSON.stringify(snapshots)) as ReadonlyArray<unknown>
      expect(stored.length).toBeGreaterThan(5)
    })

    it("arbitrary JSON, mutated stored snapshots, prototype keys, bigints where strings are expected", async () => {
      const bigintMutation: fc.Arbitrary<Mutation> = fc.record({
        kind: fc.constant("replace" as const),
        pick: fc.nat(),
        value: fc.bigInt(),
      })
      const snapshot = fc.oneof(
        { weight: 1, arbitrary: nastyJson },
        {
          weight: 4,
          arbitrary: fc
            .tuple(
              fc.nat(),
              fc.array(fc.oneof(mutation, prototypeMutation, bigintMutation), { minLength: 1, maxLength: 4 }),
            )
            .map(([which, ms]) => mutate(stored[which % stored.length], ms)),
        },
      )
      await fc.assert(
        fc.asyncProperty(snapshot, async (hostile) => {
          const outcome = await runHostile({ snapshot: hostile })
          expect(verdictOn(outcome, "resume")).toBeUndefined()
        }),
        { seed: FUZZ_SEED, numRuns: 80 },
      )
    }, 30_000)
  })
})
