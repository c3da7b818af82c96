import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { makeFakeWallet } from "../../../src/testing/FakeWallet.js"
import {
  EXCHANGE,
  FUZZ_SEED,
  happyRoutes,
  mutate,
  mutation,
  oracleProblems,
  type Path,
  runExecution,
  tagOf,
  untypedFailure,
  validResponse,
  type WalletAttempt,
} from "./fuzzKit.js"

const BUY = "/execute/buy/v7"

/** Only the nodes inside an item's `data`: what the executor hands to the wallet. */
const insideItemData = (path: Path) =>
  path[0] === "steps" && path[2] === "items" && path[4] === "data" && path.length > 5

const typedDataAnswer = (sign: Record<string, unknown>) => ({
  steps: [
    {
      id: "order-signature",
      action: "Authorize",
      kind: "signature",
      items: [{ status: "incomplete", data: { sign: { signatureKind: "eip712", ...sign } } }],
    },
  ],
})
const validSign = (wallet: `0x${string}`) => ({
  domain: { name: "Exchange", version: "1", chainId: 1, verifyingContract: EXCHANGE },
  types: { Order: [{ name: "maker", type: "address" }] },
  primaryType: "Order",
  value: { maker: wallet },
})

describe("the wallet oracle (independent of tradekit's schemas)", () => {
  const wallet = makeFakeWallet()
  const send = (request: Record<string, unknown>): WalletAttempt => ({
    method: "sendTransaction",
    chainId: 1,
    request: { from: wallet.address, to: EXCHANGE, ...request },
  })

  it("passes well-formed requests", () => {
    const { domain, types, primaryType, value } = validSign(wallet.address)
    expect(
      oracleProblems(
        [
          send({ data: "0xdeadbeef", value: 1000n, gas: 21000n }),
          { method: "signMessage", message: "hello" },
          { method: "signMessage", message: { raw: `0x${"12".repeat(32)}` } },
          { method: "signTypedData", typedData: { domain, types, primaryType, message: value } },
        ],
        wallet,
      ),
    ).toEqual([])
  })

  it("names every malformed field it is shown", () => {
    const smuggled = Object.create({ data: "0x" }) as Record<string, unknown>
    smuggled.raw = `0x${"12".repeat(32)}`
    expect(
      oracleProblems(
        [
          send({ to: "0x12", data: "0xZZ", value: -1n, gas: "1e3", nonce: 7 }),
          send({ from: EXCHANGE }),
          { method: "sendTransaction", chainId: 0, request: { from: wallet.address, to: `${EXCHANGE.slice(0, 41)}G` } },
          { method: "signMessage", message: { raw: "0x12" } },
          { method: "signMessage", message: smuggled },
          {
            method: "signTypedData",
            typedData: {
              domain: { name: 5, chainId: -1, verifyingContract: "0x2", salt: "0x01" },
              types: { Order: [{ name: "maker" }] },
              primaryType: "Missing",
              message: [],
            },
          },
        ],
        wallet,
      ),
    ).toEqual([
      "a transaction carrying nonce",
      "a transaction to 0x12, not an address",
      "calldata 0xZZ, not hex",
      "a value of -1",
      "a gas of 1e3",
      `a transaction from ${EXCHANGE}, not the wallet`,
      `a transaction to ${EXCHANGE.slice(0, 41)}G, not an address`,
      "a send on chain 0",
      "an eip191 message that is neither text nor 32 raw bytes: [object Object]",
      "an eip191 message that is neither text nor 32 raw bytes: [object Object]",
      "a domain name of 5",
      "a domain chain id of -1",
      'a verifying contract of "0x2"',
      'a domain salt of "0x01"',
      "a type Order that is not a list of { name, type }",
      'a primary type "Missing" that is not among the types',
      "a typed-data message that is not a plain object",
    ])
  })
})

describe("fuzz: what reaches the wallet", () => {
  it("mutated item data (addresses, calldata, amounts, messages, typed data): every request that reaches the wallet passes the oracle", async () => {
    let reached = 0
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 3 }), async (mutations) => {
        const { exit, wallet, attempts } = await runExecution("buy", (api, w) => {
          happyRoutes(api, w).route("POST", BUY, {
            body: mutate(validResponse(w.address), mutations, insideItemData) as never,
          })
        })
        expect(untypedFailure(exit)).toBeUndefined()
        expect(oracleProblems(attempts, wallet)).toEqual([])
        if (attempts.length > 0) reached++
      }),
      { seed: FUZZ_SEED, numRuns: 250 },
    )
    // Enough mutated answers must get through to the wallet for the oracle to judge something.
    expect(reached).toBeGreaterThan(50)
  }, 60_000)

  // The minimal answers the property above found reaching the wallet: typed data with a malformed domain or
  // a primary type that is not among its types. Each must be refused before the wallet, as a malformed answer.
  const malformedTypedData: ReadonlyArray<readonly [string, (wallet: `0x${string}`) => Record<string, unknown>]> = [
    ["a domain name that is not a string", (w) => ({ ...validSign(w), domain: { ...validSign(w).domain, name: 5 } })],
    [
      "a domain version that is not a string",
      (w) => ({ ...validSign(w), domain: { ...validSign(w).domain, version: [] } }),
    ],
    [
      "a verifying contract that is not an address",
      (w) => ({ ...validSign(w), domain: { ...validSign(w).domain, verifyingContract: "0x12" } }),
    ],
    ["a primary type that is not among the types", (w) => ({ ...validSign(w), primaryType: "Missing" })],
  ]
  for (const [what, sign] of malformedTypedData) {
    it(`typed data with ${what} is refused before the wallet (MalformedResponseError, nothing signed)`, async () => {
      const { exit, attempts, wallet } = await runExecution("list", (api, w) => {
        api.route("POST", "/execute/list/v5", { body: typedDataAnswer(sign(w.address)) })
      })
      expect(oracleProblems(attempts, wallet)).toEqual([])
      expect(attempts).toEqual([])
      expect(tagOf(exit)).toBe("MalformedResponseError")
    })
  }

  it("the same typed data, well formed, is signed (the control of the refusals above)", async () => {
    const { exit, attempts, wallet } = await runExecution("list", (api, w) => {
      api.route("POST", "/execute/list/v5", { body: typedDataAnswer(validSign(w.address)) })
    })
    expect(tagOf(exit)).toBeUndefined()
    expect(attempts.map((attempt) => attempt.method)).toEqual(["signTypedData"])
    expect(oracleProblems(attempts, wallet)).toEqual([])
  })
})
