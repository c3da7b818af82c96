import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { zeroAddress } from "viem"
import { resumeExecution } from "../../../src/actions/resume.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import { setupRecording } from "../../support/recordingBook.js"
import { NFT } from "../fixtures.js"

const params = { items: [{ token: `${NFT}:1` }], taker: zeroAddress }
const storedWith = (request: unknown) => ({ status: "running", request, chainId: 1, steps: [], txHashes: [] })

describe("resumeExecution", () => {
  it.effect("asks the book for the stored typed request's plan again, and ends with its snapshot", () =>
    Effect.gen(function* () {
      const { planned, run } = setupRecording()
      const published: Array<ExecutionSnapshot> = []
      const final = yield* run(
        resumeExecution(storedWith({ action: "buy", params }), {
          onProgress: (snapshot) => Effect.sync(() => void published.push(snapshot)),
        }),
      )
      expect(planned).toEqual([{ chainId: 1, request: { action: "buy", params } }])
      expect(final.status).toBe("complete")
      expect(published.at(-1)?.request).toEqual({ action: "buy", params })
    }),
  )

  it.effect("a snapshot stored as route and body by an earlier version is asked as the typed request it runs", () =>
    Effect.gen(function* () {
      const { planned, run } = setupRecording()
      yield* run(resumeExecution(storedWith({ path: "/execute/buy/v7", body: params })))
      expect(planned).toEqual([{ chainId: 1, request: { action: "buy", params } }])
    }),
  )

  it.effect("a snapshot that is not one is an InvalidSnapshotError, and the book is never asked", () =>
    Effect.gen(function* () {
      const { planned, run } = setupRecording()
      const error = yield* Effect.flip(run(resumeExecution(storedWith({ action: "buy", params: { items: [] } }))))
      expect(error._tag).toBe("InvalidSnapshotError")
      expect(planned).toEqual([])
    }),
  )

  it.effect("a snapshot of a chain the client does not have is refused before the book is asked", () =>
    Effect.gen(function* () {
      const { planned, run } = setupRecording()
      const error = yield* Effect.flip(run(resumeExecution({ ...storedWith({ action: "buy", params }), chainId: 999 })))
      expect(error._tag).toBe("MissingChainConfigurationError")
      expect(planned).toEqual([])
    }),
  )
})
