import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Logger from "effect/Logger"
import * as References from "effect/References"
import { executeSteps } from "../../../src/pipeline/executeSteps.js"
import { makeFakeApi, makeFakeWallet, testLayer } from "../../../src/testing/index.js"
import { blankRequest } from "../../support/blankRequest.js"
import { step, txItem } from "../fixtures.js"

const capture = () => {
  const lines: Array<string> = []
  const logger = Logger.make(({ logLevel, message }) => lines.push(`${logLevel.toUpperCase()} ${String(message)}`))
  return { lines, layer: Logger.layer([logger]) }
}

const run = (logLevel: 0 | 4) =>
  Effect.gen(function* () {
    const logs = capture()
    const api = makeFakeApi()
    const wallet = makeFakeWallet()
    wallet.behaviour.receipts.push({ replace: "repriced" })
    api
      .route("POST", "/execute/list/v5", {
        body: { steps: [step("x", "transaction", [txItem(wallet.address)])] },
        headers: { deprecation: "true" },
      })
      .route("GET", /synced/, (request) => ({ body: { synced: !request.path.includes(wallet.sent[0]!.hash) } }))
    yield* Effect.log("the app's own line").pipe(
      Effect.andThen(executeSteps({ request: blankRequest("list") })),
      Effect.provide(testLayer({ api, wallet, options: { logLevel } })),
      Effect.provide(logs.layer),
      Effect.provideService(References.MinimumLogLevel, "Info"),
    )
    return logs.lines
  })

describe("log level", () => {
  it.effect("tradekit says nothing by default, and leaves the app's own logs alone", () =>
    Effect.gen(function* () {
      expect(yield* run(0)).toEqual(["INFO the app's own line"])
    }),
  )

  it.effect("at level 4 (verbose) it logs its requests, the deprecation warning and the replacement", () =>
    Effect.gen(function* () {
      const lines = yield* run(4)
      expect(lines).toContain("WARN tradekit: the API marks /execute/list/v5 as deprecated")
      expect(lines.some((line) => line.startsWith("DEBUG tradekit: POST /execute/list/v5"))).toBe(true)
      expect(
        lines.some((line) => line.startsWith("INFO tradekit: transaction 0x") && line.includes("replaced by")),
      ).toBe(true)
    }),
  )
})

describe("a failed execution", () => {
  it.effect("is logged at error level with the chain's block number", () =>
    Effect.gen(function* () {
      const logs = capture()
      const api = makeFakeApi().route("POST", "/execute/list/v5", {
        body: { steps: [step("x", "transaction", [txItem("0x4444444444444444444444444444444444444444")])] },
      })
      const wallet = makeFakeWallet()
      yield* Effect.exit(executeSteps({ request: blankRequest("list") })).pipe(
        Effect.provide(testLayer({ api, wallet, options: { logLevel: 1 } })),
        Effect.provide(logs.layer),
      )
      expect(logs.lines).toEqual([
        "ERROR tradekit: reservoir:list failed (WalletAddressMismatchError): Refused to send a transaction from another account\n\nStep's from: 0x4444444444444444444444444444444444444444\nWallet: 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266,block 1",
      ])
    }),
  )
})
