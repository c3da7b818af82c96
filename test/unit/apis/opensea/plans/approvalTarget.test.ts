import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { zeroHash } from "viem"
import type { PlanContext } from "../../../../../src/apis/opensea/book/PlanContext.js"
import { approvalTarget } from "../../../../../src/apis/opensea/plans/approvalTarget.js"

const seaport = "0x0000000000000068F116a894984e2DB1123eB395"
const conduit = "0x1E0049783F008A0085193E00003D00cd54003c71"
const conduitKey = "0x0000007b02230091a7ed01230072f7006a004d60a8d4e71d599b8104250f0000"
const ctx = { config: { seaport, conduit, conduitKey } } as unknown as PlanContext

describe("approvalTarget", () => {
  it.effect("names Seaport itself for the zero conduit key", () =>
    Effect.gen(function* () {
      expect(yield* approvalTarget(ctx, zeroHash)).toBe(seaport)
    }),
  )

  it.effect("names the chain's conduit for its key, in any letter case", () =>
    Effect.gen(function* () {
      expect(yield* approvalTarget(ctx, conduitKey)).toBe(conduit)
      expect(yield* approvalTarget(ctx, conduitKey.toUpperCase().replace("0X", "0x") as `0x${string}`)).toBe(conduit)
    }),
  )

  it.effect("refuses a conduit tradekit does not know, naming the key and what it expected", () =>
    Effect.gen(function* () {
      const unknownKey = `0x${"11".repeat(32)}` as const
      const error = yield* Effect.flip(approvalTarget(ctx, unknownKey))
      expect(error._tag).toBe("OpenSeaError")
      expect(error.reason._tag).toBe("CheckFailed")
      expect(error.message).toContain("neither Seaport itself nor the chain's")
      expect(error.facts).toMatchObject({ "Conduit key": unknownKey, Expected: `${zeroHash} or ${conduitKey}` })
    }),
  )
})
