import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { OpenSeaError } from "../book/OpenSeaError.js"

/**
 * A numeric trait an offer asks for: a token whose trait `type` is a number within `min`..`max` (either bound may be
 * left open), as OpenSea's criteria name it (`NumericTraitCriteria`).
 */
export interface NumericTrait {
  readonly type: string
  readonly min?: number | undefined
  readonly max?: number | undefined
}

/** "Level 3–7", "Level ≥ 3", "Level ≤ 7": a numeric trait as the precheck and the errors name it. */
export const numericTraitLabel = (trait: NumericTrait): string =>
  trait.min !== undefined && trait.max !== undefined
    ? `${trait.type} ${trait.min}–${trait.max}`
    : trait.min !== undefined
      ? `${trait.type} ≥ ${trait.min}`
      : `${trait.type} ≤ ${trait.max}`

const isBound = (value: unknown): value is number | undefined =>
  value === undefined || (typeof value === "number" && Number.isFinite(value))

/**
 * The numeric traits a bid names (`numericTraits: [{ type, min?, max? }]`), none when it names none. Each needs a
 * type and at least one finite bound, `min` at most `max`, and no type twice; anything else is refused.
 */
export const numericTraitsOfBid = (param: {
  readonly numericTraits?: ReadonlyArray<NumericTrait> | undefined
}): Result.Result<ReadonlyArray<NumericTrait>, OpenSeaError> => {
  const traits = param.numericTraits ?? []
  const types = new Set<string>()
  for (const trait of traits) {
    const { type, min, max } = trait
    const valid =
      typeof type === "string" &&
      type !== "" &&
      isBound(min) &&
      isBound(max) &&
      (min !== undefined || max !== undefined) &&
      (min === undefined || max === undefined || min <= max) &&
      !types.has(type)
    if (!valid)
      return Result.fail(
        OpenSeaError.invalid(
          `${JSON.stringify(trait)} is not a numeric trait: ` +
            "give a type once, with a finite min and/or max (min ≤ max)",
        ),
      )
    types.add(type)
  }
  return Result.succeed(traits.map(({ type, min, max }) => ({ type, min, max })))
}

const sameTrait = (a: NumericTrait, b: NumericTrait) => a.type === b.type && a.min === b.min && a.max === b.max

/**
 * Holds an offer OpenSea built for numeric traits to them: a range cannot be proven by a criteria root, so the root
 * must be 0 (any token on chain, OpenSea's signed zone holding each fill to the ranges) and OpenSea must echo exactly
 * the ranges asked. Anything else is refused (`criteria`).
 */
export const checkNumericTraitsBuilt = (
  asked: ReadonlyArray<NumericTrait>,
  echoed: ReadonlyArray<NumericTrait>,
  root: bigint,
): Effect.Effect<void, OpenSeaError> => {
  if (asked.length === 0) return Effect.void
  const names = (traits: ReadonlyArray<NumericTrait>) => traits.map(numericTraitLabel).join(", ") || "none"
  if (root !== 0n)
    return Effect.fail(
      OpenSeaError.failedCheck("criteria", "OpenSea built a numeric-trait offer on a criteria root", {
        Traits: names(asked),
        Got: `root ${root}`,
      }),
    )
  const same = echoed.length === asked.length && asked.every((trait) => echoed.some((echo) => sameTrait(trait, echo)))
  return same
    ? Effect.void
    : Effect.fail(
        OpenSeaError.failedCheck("criteria", "OpenSea built the offer for other numeric traits than the ones asked", {
          Expected: names(asked),
          Got: names(echoed),
        }),
      )
}

/**
 * The first of `traits` the token does not satisfy, given its traits as OpenSea's get-NFT route shows them: its value
 * for the type is a number within the range. Undefined when it satisfies them all.
 */
export const unmetNumericTrait = (
  traits: ReadonlyArray<NumericTrait>,
  held: ReadonlyArray<{ readonly trait_type: string; readonly value: string | number }>,
): NumericTrait | undefined =>
  traits.find((trait) => {
    const has = held.find((entry) => entry.trait_type === trait.type)
    const value = has === undefined ? Number.NaN : Number(has.value)
    return (
      !Number.isFinite(value) ||
      (trait.min !== undefined && value < trait.min) ||
      (trait.max !== undefined && value > trait.max)
    )
  })
