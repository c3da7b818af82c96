import * as Effect from "effect/Effect"
import { type Address, numberToHex } from "viem"
import { OpenSeaError } from "../book/OpenSeaError.js"
import { ask, type PlanContext } from "../book/PlanContext.js"
import { provesCriteria } from "../seaport/criteriaTree.js"
import type { SeaportFulfilment } from "../seaport/decodeSeaportCall.js"
import { isCriteriaItem } from "../seaport/SeaportOrder.js"
import { NftAnswer, type OrderAnswer, OrderByHashAnswer } from "../wire/answers.js"
import { type NumericTrait, numericTraitLabel, unmetNumericTrait } from "./numericTraits.js"
import type { Trait } from "./traitOffer.js"

/** The traits a criteria offer names: the spec's `criteria.traits`, or the older single `criteria.trait`. */
export const traitsOfCriteria = (criteria: OrderAnswer["criteria"]): ReadonlyArray<Trait> =>
  criteria?.traits ?? (criteria?.trait != null ? [criteria.trait] : [])

/** The numeric traits a criteria offer names (`criteria.numeric_traits`), their open bounds undefined. */
export const numericTraitsOfCriteria = (criteria: OrderAnswer["criteria"]): ReadonlyArray<NumericTrait> =>
  (criteria?.numeric_traits ?? []).map(({ type, min, max }) => ({ type, min: min ?? undefined, max: max ?? undefined }))

/**
 * What the criteria offer `hash` asks of a token as OpenSea files it: its traits and numeric traits (none for a
 * collection offer).
 */
export const offerTraitsOf = (ctx: PlanContext, hash: string) =>
  Effect.map(
    ask(ctx, OrderByHashAnswer, "GET", `/api/v2/orders/chain/${ctx.chainName}/protocol/${ctx.config.seaport}/${hash}`),
    (answer) => ({
      traits: traitsOfCriteria(answer.order.criteria),
      numeric: numericTraitsOfCriteria(answer.order.criteria),
    }),
  )

/**
 * Refuses, before anything is sent, to sell into a trait offer a token that lacks one of its traits: the token's
 * traits as OpenSea's get-NFT route gives them.
 */
export const checkTokenTraits = (
  ctx: PlanContext,
  token: { readonly contract: Address; readonly tokenId: string },
  { traits, numeric }: { readonly traits: ReadonlyArray<Trait>; readonly numeric: ReadonlyArray<NumericTrait> },
) =>
  Effect.gen(function* () {
    if (traits.length === 0 && numeric.length === 0) return
    const answer = yield* ask(
      ctx,
      NftAnswer,
      "GET",
      `/api/v2/chain/${ctx.chainName}/contract/${token.contract}/nfts/${token.tokenId}`,
    )
    const held = answer.nft.traits ?? []
    const missing = traits.find(
      (trait) => !held.some((has) => has.trait_type === trait.type && String(has.value) === trait.value),
    )
    if (missing !== undefined) {
      return yield* Effect.fail(
        OpenSeaError.failedCheck("criteria", "The token does not have the trait the offer is for", {
          Token: `${token.contract} #${token.tokenId}`,
          Expected: `${missing.type}: ${missing.value}`,
          Got: held.map((has) => `${has.trait_type}: ${String(has.value)}`).join("; ") || "no traits",
        }),
      )
    }
    const unmet = unmetNumericTrait(numeric, held)
    if (unmet !== undefined) {
      const value = held.find((has) => has.trait_type === unmet.type)?.value
      return yield* Effect.fail(
        OpenSeaError.failedCheck("criteria", "The token's numeric trait is outside the range the offer is for", {
          Token: `${token.contract} #${token.tokenId}`,
          Expected: numericTraitLabel(unmet),
          Got: value === undefined ? `no ${unmet.type}` : `${unmet.type} ${String(value)}`,
        }),
      )
    }
  })

/**
 * Refuses a fulfilment whose criteria resolver does not prove the sold token against its order's criteria root, as
 * Seaport verifies it on chain (sorted keccak256 pairs): so a proof for another token, or against another root, never
 * reaches the wallet. A root of 0 (any token) takes no proof.
 */
export const checkCriteriaProofs = (call: SeaportFulfilment, tokenId: bigint) =>
  Effect.gen(function* () {
    for (const resolver of call.criteriaResolvers) {
      const item = call.orders[Number(resolver.orderIndex)]?.parameters.consideration[Number(resolver.index)]
      // checkFulfillment refuses a resolver that names no criteria item.
      if (item === undefined || !isCriteriaItem(item)) continue
      if (
        resolver.identifier !== tokenId ||
        !provesCriteria(item.identifierOrCriteria, tokenId, resolver.criteriaProof)
      ) {
        return yield* Effect.fail(
          OpenSeaError.failedCheck(
            "criteria",
            "The fulfilment's criteria proof does not prove the token sold against the offer's root",
            {
              Token: `#${tokenId}`,
              Root: numberToHex(item.identifierOrCriteria, { size: 32 }),
              Got: `#${resolver.identifier}, proof of ${resolver.criteriaProof.length} hashes`,
            },
          ),
        )
      }
    }
  })
