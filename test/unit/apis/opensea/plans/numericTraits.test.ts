import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import {
  checkNumericTraitsBuilt,
  numericTraitLabel,
  numericTraitsOfBid,
  unmetNumericTrait,
} from "../../../../../src/apis/opensea/plans/numericTraits.js"

describe("numericTraitsOfBid", () => {
  it("takes ranges with a type and at least one finite bound; none when the bid names none", () => {
    expect(Result.getOrThrow(numericTraitsOfBid({}))).toEqual([])
    expect(Result.getOrThrow(numericTraitsOfBid({ numericTraits: [{ type: "Level", min: 2, max: 5 }] }))).toEqual([
      { type: "Level", min: 2, max: 5 },
    ])
  })

  it("refuses a range with no bound, min above max, a bound that is not finite, an empty type, or a type twice", () => {
    const refused = [
      [{ type: "Level" }],
      [{ type: "Level", min: 5, max: 2 }],
      [{ type: "Level", min: Number.NaN }],
      [{ type: "", min: 1 }],
      [
        { type: "Level", min: 1 },
        { type: "Level", max: 3 },
      ],
    ]
    for (const numericTraits of refused) expect(Result.isFailure(numericTraitsOfBid({ numericTraits }))).toBe(true)
  })
})

describe("checkNumericTraitsBuilt", () => {
  const level = { type: "Level", min: 2, max: 5 }

  it.effect("accepts root 0 with exactly the ranges asked echoed, in any order", () =>
    Effect.gen(function* () {
      const rank = { type: "Rank", max: 10 }
      yield* checkNumericTraitsBuilt([level, rank], [rank, level], 0n)
      yield* checkNumericTraitsBuilt([], [], 123n)
    }),
  )

  it.effect("refuses a criteria root, and an echo with other ranges", () =>
    Effect.gen(function* () {
      const rooted = yield* Effect.flip(checkNumericTraitsBuilt([level], [level], 7n))
      expect(rooted.message).toContain("on a criteria root")
      const widened = yield* Effect.flip(checkNumericTraitsBuilt([level], [{ ...level, max: 50 }], 0n))
      expect(widened.facts).toMatchObject({ Expected: "Level 2–5", Got: "Level 2–50" })
      const dropped = yield* Effect.flip(checkNumericTraitsBuilt([level], [], 0n))
      expect(dropped.facts).toMatchObject({ Got: "none" })
    }),
  )
})

describe("unmetNumericTrait", () => {
  it("holds a token's value to each range, bounds included; a missing or non-numeric value does not meet it", () => {
    const range = { type: "Level", min: 2, max: 5 }
    expect(unmetNumericTrait([range], [{ trait_type: "Level", value: 2 }])).toBeUndefined()
    expect(unmetNumericTrait([range], [{ trait_type: "Level", value: "5" }])).toBeUndefined()
    expect(unmetNumericTrait([range], [{ trait_type: "Level", value: 6 }])).toBe(range)
    expect(unmetNumericTrait([range], [{ trait_type: "Level", value: "high" }])).toBe(range)
    expect(unmetNumericTrait([range], [])).toBe(range)
    expect(numericTraitLabel({ type: "Level", max: 5 })).toBe("Level ≤ 5")
  })
})
