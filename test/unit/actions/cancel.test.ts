import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { cancel } from "../../../src/actions/cancel.js"
import { setupRecording } from "../../support/recordingBook.js"

describe("cancel", () => {
  it.effect("hands the book the order ids and the options", () =>
    Effect.gen(function* () {
      const { planned, run } = setupRecording()
      expect(yield* run(cancel({ orderIds: ["0xa", "0xb"], options: { orderKind: "seaport-v1.6" } }))).toBe(true)
      expect(planned).toEqual([
        { chainId: 1, request: { action: "cancel", params: { orderIds: ["0xa", "0xb"], orderKind: "seaport-v1.6" } } },
      ])
    }),
  )

  it.effect("no order id is a NoOrderIdsError before the book is asked", () =>
    Effect.gen(function* () {
      const { planned, run } = setupRecording()
      expect((yield* Effect.flip(run(cancel({ orderIds: [] }))))._tag).toBe("NoOrderIdsError")
      expect(planned).toEqual([])
    }),
  )
})
