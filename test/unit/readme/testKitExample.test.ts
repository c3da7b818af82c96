// The README's test-kit example, verbatim but for the import paths: it must keep working as written.
import { expect, it } from "@effect/vitest"
import { Effect, Fiber, TestClock } from "effect"
import { executeSteps } from "../../../src/pipeline/executeSteps.js"
import { makeFakeApi, makeFakeWallet, testLayer } from "../../../src/testing/index.js"

it.effect("follows a sped-up transaction", () =>
  Effect.gen(function* () {
    const api = makeFakeApi()
    const wallet = makeFakeWallet()
    wallet.behaviour.receipts.push({ replace: "repriced" })
    const approval = {
      id: "nft-approval",
      kind: "transaction",
      items: [{ status: "incomplete", data: { from: wallet.address, to: "0x2222222222222222222222222222222222222222", data: "0x" } }],
    }
    api
      .route("POST", "/execute/list/v5", { body: { steps: [approval] } })
      .route("GET", /synced/, (request) => ({ body: { synced: !request.path.includes(wallet.sent[0]!.hash) } }))
    const fiber = yield* Effect.fork(
      executeSteps({ request: { path: "/execute/list/v5", body: {} } }).pipe(Effect.provide(testLayer({ api, wallet }))),
    )
    yield* TestClock.adjust("10 seconds")
    const final = yield* Fiber.join(fiber)
    expect(final.status).toBe("complete")
    expect(final.steps[0]!.items![0]!.internalTxHashes![0]!.txHash).not.toBe(wallet.sent[0]!.hash)
  }))
