import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { numberToHex } from "viem"
import { OpenSeaError } from "../book/OpenSeaError.js"
import { ask, attempt, type PlanContext } from "../book/PlanContext.js"
import { criteriaRootOf } from "../seaport/criteriaTree.js"
import { NftListAnswer } from "../wire/answers.js"
import type { NumericTrait } from "./numericTraits.js"

/** A trait as OpenSea's criteria name it (`TraitCriteria { type, value }`). */
export interface Trait {
  readonly type: string
  readonly value: string
}

/**
 * The trait a bid names (`attributeKey` with `attributeValue`), or undefined for none; one without the other is
 * refused.
 */
export const traitOfBid = (param: {
  readonly attributeKey?: string | undefined
  readonly attributeValue?: string | undefined
}): Result.Result<Trait | undefined, OpenSeaError> => {
  const type = param.attributeKey
  const value = param.attributeValue
  if (type === undefined && value === undefined) return Result.succeed(undefined)
  if (typeof type !== "string" || type === "" || typeof value !== "string" || value === "") {
    return Result.fail(
      OpenSeaError.invalid("A trait offer needs both attributeKey and attributeValue, as non-empty strings"),
    )
  }
  return Result.succeed({ type, value })
}

/** How many pages of OpenSea's NFT list a trait may span (200 tokens a page): past that the answer is not believed. */
const MAX_PAGES = 250

/** The ids of the collection's tokens with `trait`, from OpenSea's NFT list filtered by it, every page. */
export const tokensWithTrait = (ctx: PlanContext, slug: string, trait: Trait) =>
  Effect.gen(function* () {
    const filter = encodeURIComponent(JSON.stringify([{ traitType: trait.type, value: trait.value }]))
    const ids: Array<bigint> = []
    let next: string | undefined
    for (let page = 0; page < MAX_PAGES; page++) {
      const cursor = next === undefined ? "" : `&next=${encodeURIComponent(next)}`
      const answer = yield* ask(
        ctx,
        NftListAnswer,
        "GET",
        `/api/v2/collection/${encodeURIComponent(slug)}/nfts?traits=${filter}&limit=200${cursor}`,
      )
      for (const nft of answer.nfts) ids.push(yield* attempt(() => BigInt(nft.identifier)))
      next = typeof answer.next === "string" && answer.next !== "" ? answer.next : undefined
      if (next === undefined) return ids
    }
    return yield* Effect.fail(
      OpenSeaError.unreadable(`OpenSea's list of ${slug} tokens with ${trait.type} ${trait.value} does not end`),
    )
  })

const rootText = (root: bigint) => numberToHex(root, { size: 32 })

/**
 * Holds the criteria root OpenSea built for a trait offer to the trait. A non-zero root must be exactly the root of
 * the tokens OpenSea lists with the trait, so the signed order buys only a token with it. A root of 0 is how OpenSea
 * builds trait offers on its "supported collections": on chain it takes any token of the collection, and the trait is
 * enforced by OpenSea's signed zone when it authorises a fill, not by Seaport — accepted only when OpenSea echoes
 * exactly the trait asked (the caller keeps the offer a restricted order in that zone).
 */
export const checkTraitRoot = (
  ctx: PlanContext,
  slug: string,
  trait: Trait,
  identifierOrCriteria: string,
  echoed: ReadonlyArray<Trait>,
) =>
  Effect.gen(function* () {
    const root = yield* attempt(() => BigInt(identifierOrCriteria))
    const named = `${trait.type}: ${trait.value}`
    if (root === 0n) {
      const [only, ...more] = echoed
      if (only !== undefined && more.length === 0 && only.type === trait.type && only.value === trait.value) return
      return yield* Effect.fail(
        OpenSeaError.failedCheck(
          "criteria",
          "OpenSea built a trait offer for any token (root 0) without the trait asked",
          {
            Trait: named,
            Echoed: echoed.map((echo) => `${echo.type}: ${echo.value}`).join(", ") || "none",
          },
        ),
      )
    }
    const ids = yield* tokensWithTrait(ctx, slug, trait)
    const expected = criteriaRootOf(ids)
    if (ids.length === 0 || root !== expected) {
      return yield* Effect.fail(
        OpenSeaError.failedCheck(
          "criteria",
          "OpenSea built the trait offer on other tokens than the ones with the trait",
          {
            Trait: named,
            Expected:
              ids.length === 0
                ? "a token with the trait (OpenSea lists none)"
                : `${rootText(expected)} (${ids.length} tokens)`,
            Got: rootText(root),
          },
        ),
      )
    }
  })

/**
 * A trait offer's post names its traits (and numeric traits), as `offers/build` was asked (OpenSea would file it as a
 * collection offer otherwise).
 */
export const withTraitCriteria = <
  I extends { readonly data: { readonly post: { readonly body: Record<string, unknown> } } },
>(
  item: I,
  slug: string,
  trait: Trait | undefined,
  numeric: ReadonlyArray<NumericTrait> = [],
): I => ({
  ...item,
  data: {
    ...item.data,
    post: { ...item.data.post, body: { ...item.data.post.body, criteria: traitCriteria(slug, trait, numeric) } },
  },
})

/**
 * OpenSea's criteria of a collection, trait or numeric-trait offer (`CriteriaRequest`): the collection, its trait in
 * `traits`, a one-element array as OpenSea's SDK sends it since 12.13.2 (the single `criteria.trait` is deprecated;
 * the API reads both alike), and its ranges in `numericTraits`.
 */
export const traitCriteria = (slug: string, trait: Trait | undefined, numeric: ReadonlyArray<NumericTrait> = []) => ({
  collection: { slug },
  ...(trait !== undefined ? { traits: [trait] } : {}),
  ...(numeric.length > 0 ? { numericTraits: numeric } : {}),
})
