import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Stream from "effect/Stream"
import { executionStream } from "../../../src/actions/executionStream.js"
import { transfer } from "../../../src/actions/transfer.js"
import { UserRejectedError } from "../../../src/errors/index.js"
import { NFT, OTHER, step, txItem } from "../fixtures.js"
import { failureOf, setupActions } from "./actionFixtures.js"

describe("executionStream", () => {
  it.effect("emits every snapshot of the action and ends when it completes", () =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions()
      api
        .route("POST", "/execute/transfer/v1", {
          body: { steps: [step("transfer", "transaction", [txItem(wallet.address)])] },
        })
        .route("GET", /synced/, { body: { synced: true } })
      const snapshots = yield* run(
        Stream.runCollect(
          executionStream((onProgress) => transfer({ to: OTHER, items: [{ token: `${NFT}:1` }], onProgress })),
        ),
      )
      const list = snapshots
      expect(list[0]!.status).toBe("running")
      expect(list.at(-1)!.status).toBe("complete")
      expect(wallet.sent).toHaveLength(1)
    }),
  )

  it.effect("fails with the action's error", () =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions()
      wallet.behaviour.rejectTransactions = true
      api.route("POST", "/execute/transfer/v1", {
        body: { steps: [step("transfer", "transaction", [txItem(wallet.address)])] },
      })
      const exit = yield* Effect.exit(
        run(Stream.runCollect(executionStream((onProgress) => transfer({ to: OTHER, items: [], onProgress })))),
      )
      expect(Exit.isFailure(exit)).toBe(true)
      expect(failureOf(exit)).toBeInstanceOf(UserRejectedError)
    }),
  )
})
