import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { zeroAddress } from "viem"
import { InvalidSnapshotError } from "../../../../src/errors/index.js"
import { decodeSnapshot } from "../../../../src/pipeline/history/decodeSnapshot.js"
import { blankRequest } from "../../../support/blankRequest.js"

const stored = (request: unknown, more: object = {}) => ({ status: "running", request, chainId: 1, steps: [], ...more })
/** A translator that must not be called: the snapshot is typed. */
const noRoutes = () => Effect.die("the typed snapshot was translated as a route")

describe("decodeSnapshot", () => {
  it.effect("trusts a typed request in its action's shape, keeping unknown top-level fields and adding txHashes", () =>
    Effect.gen(function* () {
      const snapshot = yield* decodeSnapshot(stored(blankRequest("list"), { appField: 1 }), noRoutes)
      expect(snapshot.request).toEqual(blankRequest("list"))
      expect(snapshot.txHashes).toEqual([])
      expect((snapshot as unknown as { appField: number }).appField).toBe(1)
    }),
  )

  it.effect("hands a route and body to the translator, and takes the typed request it answers", () =>
    Effect.gen(function* () {
      const seen: Array<unknown> = []
      const snapshot = yield* decodeSnapshot(stored({ path: "/execute/sell/v7", body: { x: 1 } }), (route) => {
        seen.push(route)
        return Effect.succeed(blankRequest("sell"))
      })
      expect(seen).toEqual([{ path: "/execute/sell/v7", body: { x: 1 } }])
      expect(snapshot.request).toEqual(blankRequest("sell"))
    }),
  )

  it.effect("keeps the translator's refusal", () =>
    Effect.gen(function* () {
      const refusal = InvalidSnapshotError.of({ issue: "not an action's path" })
      const error = yield* Effect.flip(decodeSnapshot(stored({ path: "/steal", body: {} }), () => Effect.fail(refusal)))
      expect(error).toBe(refusal)
    }),
  )

  for (const [label, input] of [
    ["a request that is both shapes", stored({ ...blankRequest("buy"), path: "/execute/buy/v7", body: {} })],
    ["a buy without its taker", stored({ action: "buy", params: { items: [] } })],
    ["an unknown status", { ...stored(blankRequest("buy")), status: "paused" }],
    ["a chain id of 0", { ...stored(blankRequest("buy")), chainId: 0 }],
    ["a string", "snapshot"],
  ] as const) {
    it.effect(`refuses ${label} with an InvalidSnapshotError`, () =>
      Effect.gen(function* () {
        const error = yield* Effect.flip(decodeSnapshot(input, noRoutes))
        expect(error._tag).toBe("InvalidSnapshotError")
      }),
    )
  }

  it.effect("a stored __proto__ key never becomes a prototype", () =>
    Effect.gen(function* () {
      const input = JSON.parse(
        `{"status":"running","chainId":1,"steps":[],"__proto__":{"polluted":true},"request":${JSON.stringify({
          action: "buy",
          params: { items: [], taker: zeroAddress },
        })}}`,
      )
      const snapshot = yield* decodeSnapshot(input, noRoutes)
      expect((snapshot as unknown as { polluted?: boolean }).polluted).toBeUndefined()
    }),
  )
})
