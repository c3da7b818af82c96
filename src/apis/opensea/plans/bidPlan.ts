import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { type Address, getAddress, type Hex } from "viem"
import { marketplaceFeesOf, refuseUnsupported } from "../book/bookOptions.js"
import { checkedOrderItem } from "../book/checked.js"
import { OpenSeaError } from "../book/OpenSeaError.js"
import { ask, attempt, collectionOf, type OpenSeaCollection, type PlanContext, read } from "../book/PlanContext.js"
import { offerCurrencyOf } from "../config/tradeCurrency.js"
import { ItemType, OrderType } from "../seaport/SeaportOrder.js"
import { BuildAnswer } from "../wire/answers.js"
import { decodeRequest } from "../wire/decode.js"
import { endTimeOf, feeItems, orderSignatureItem, type WireItem, wireItem } from "../wire/orderComponents.js"
import { bigIntOf, tokenOf } from "../wire/orderOf.js"
import { BidRequest } from "../wire/requests.js"
import { bulkOrderItems } from "./bulkOrderItem.js"
import { checkNumericTraitsBuilt, type NumericTrait, numericTraitLabel, numericTraitsOfBid } from "./numericTraits.js"
import { currencyApprovalStep, type PlanStep, wrapStep } from "./planSteps.js"
import { checkTraitRoot, type Trait, traitCriteria, traitOfBid, withTraitCriteria } from "./traitOffer.js"
import { numericTraitsOfCriteria, traitsOfCriteria } from "./traitSale.js"

/** One offer of a bid request. */
type BidParam = BidRequest["params"][number]

/** What an offer asks for (its consideration before fees) and the zone that authorises its fills. */
interface OfferTerms {
  readonly wanted: ReadonlyArray<WireItem>
  readonly zone: { readonly zone: Address; readonly zoneHash?: Hex }
  /**
   * A trait or numeric-trait offer built with root 0: what OpenSea's signed zone enforces at fill time, Seaport not
   * at all ("Background: Blue", "Level 3–7").
   */
  readonly zoneTraits?: ReadonlyArray<string> | undefined
}

/**
 * A collection or trait offer's terms, from OpenSea's `offers/build`: its criteria item to the maker, in OpenSea's
 * signed zone; a trait offer's root held to the tokens OpenSea lists with the trait.
 */
const builtOfferTerms = (
  ctx: PlanContext,
  maker: Address,
  collection: OpenSeaCollection,
  trait: Trait | undefined,
  numeric: ReadonlyArray<NumericTrait>,
  quantity: bigint,
) =>
  Effect.gen(function* () {
    const built = yield* ask(ctx, BuildAnswer, "POST", "/api/v2/offers/build", {
      offerer: maker,
      quantity: Number(quantity),
      criteria: traitCriteria(collection.slug, trait, numeric),
      protocol_address: ctx.config.seaport,
      offer_protection_enabled: true,
    })
    const partial = built.partialParameters
    const wanted = yield* attempt(() =>
      partial.consideration.map((item) => ({
        itemType: Number(item.itemType),
        token: getAddress(item.token),
        identifierOrCriteria: String(item.identifierOrCriteria),
        startAmount: String(item.startAmount),
        endAmount: String(item.endAmount),
        recipient: maker,
      })),
    )
    const builtZone = yield* attempt(() => getAddress(partial.zone))
    if (builtZone !== ctx.config.signedZone) {
      return yield* Effect.fail(
        OpenSeaError.failedCheck("zone", "OpenSea built the collection offer outside its signed zone", {
          Expected: ctx.config.signedZone,
          Got: builtZone,
        }),
      )
    }
    // A trait offer's root names exactly the tokens with the trait, or is 0 with the trait left to the zone.
    const root = wanted[0]?.identifierOrCriteria ?? "0"
    if (trait !== undefined) yield* checkTraitRoot(ctx, collection.slug, trait, root, traitsOfCriteria(built.criteria))
    // Numeric ranges are held by the zone alone: root 0, the ranges echoed exactly.
    const rootValue = yield* attempt(() => BigInt(root))
    yield* checkNumericTraitsBuilt(numeric, numericTraitsOfCriteria(built.criteria), rootValue)
    const zone = { zone: builtZone, ...(partial.zoneHash !== undefined ? { zoneHash: partial.zoneHash as Hex } : {}) }
    const zoneTraits =
      rootValue === 0n
        ? [...(trait === undefined ? [] : [`${trait.type}: ${trait.value}`]), ...numeric.map(numericTraitLabel)]
        : []
    return { wanted, zone, zoneTraits } satisfies OfferTerms
  })

/**
 * One offer's signature item, checked against what the user named: an item offer for its token, or a collection
 * (or trait) offer, paying the collection's required fees and the marketplace's out of the price.
 */
const offerItem = (ctx: PlanContext, maker: Address, counter: bigint, now: bigint, param: BidParam) =>
  Effect.gen(function* () {
    const price = yield* read(() => bigIntOf(param.weiPrice, "weiPrice"))
    const quantity = yield* read(() =>
      param.quantity === undefined ? Result.succeed(1n) : bigIntOf(param.quantity, "quantity"),
    )
    const token = param.token === undefined ? undefined : yield* read(() => tokenOf(param.token))
    const contract = token?.contract ?? (yield* attempt(() => getAddress(param.collection ?? "")))
    const collection = yield* collectionOf(ctx, contract)
    const trait = token === undefined ? yield* read(() => traitOfBid(param)) : undefined
    const numeric = yield* read(() => numericTraitsOfBid(param))
    if (token !== undefined && numeric.length > 0)
      return yield* Effect.fail(
        OpenSeaError.invalid("Numeric traits are for a collection offer (`collection`), not an offer on one token"),
      )
    const currency = yield* offerCurrencyOf(ctx, param.currency, collection)
    // Offers are restricted orders in OpenSea's signed zone: it authorises each fill, and an off-chain cancel
    // stops it. A criteria offer must be one (OpenSea checks the zone against the order type).
    const terms: OfferTerms =
      token !== undefined
        ? {
            wanted: [
              wireItem(
                collection.standard === "erc1155" ? ItemType.ERC1155 : ItemType.ERC721,
                token.contract,
                token.tokenId,
                quantity,
                maker,
              ),
            ],
            zone: { zone: ctx.config.signedZone },
          }
        : yield* builtOfferTerms(ctx, maker, collection, trait, numeric, quantity)
    const unposted = orderSignatureItem(
      ctx,
      {
        offerer: maker,
        offer: [wireItem(ItemType.ERC20, currency, "0", price)],
        consideration: [
          ...terms.wanted,
          ...feeItems([...collection.fees, ...(yield* read(() => marketplaceFeesOf(param)))], currency, price),
        ],
        orderType: quantity > 1n ? OrderType.PARTIAL_RESTRICTED : OrderType.FULL_RESTRICTED,
        startTime: now,
        endTime: endTimeOf(param.expirationTime, now),
        counter,
        ...terms.zone,
      },
      token !== undefined ? { kind: "item-offer" } : { kind: "collection-offer", slug: collection.slug },
    )
    const item =
      trait === undefined && numeric.length === 0
        ? unposted
        : withTraitCriteria(unposted, collection.slug, trait, numeric)
    const basics = { maker, conduitKey: ctx.config.conduitKey, currency, price, signedZone: ctx.config.signedZone }
    const itemType = collection.standard === "erc1155" ? 3 : 2
    const checked = yield* checkedOrderItem(
      ctx,
      token !== undefined
        ? {
            ...basics,
            kind: "item-offer",
            token: { contract: token.contract, tokenId: BigInt(token.tokenId), amount: quantity, itemType },
          }
        : { ...basics, kind: "collection-offer", contract, quantity },
      item,
    )
    return { currency, price, item: checked, zoneTraits: terms.zoneTraits ?? [] }
  })

/**
 * What the signature step says it signs: an offer, and for a trait offer OpenSea built with root 0, that the trait
 * is held by OpenSea's signed zone when a fill is authorised, not by Seaport on chain.
 */
const signatureDescription = (zoneTraits: ReadonlyArray<string>): string =>
  zoneTraits.length === 0
    ? "A free off-chain signature to make an offer on OpenSea"
    : "A free off-chain signature to make an offer on OpenSea. On chain it takes any token of the collection: " +
      `OpenSea's signed zone enforces the trait (${zoneTraits.join(", ")}) ` +
      "when it authorises a fill"

/**
 * `POST /execute/bid/v5` on OpenSea: an item offer for a `token`, or a collection offer for a `collection`
 * (its criteria item from OpenSea's `offers/build`) — a trait offer with `attributeKey` / `attributeValue`, its
 * criteria root held to the tokens OpenSea lists with the trait —, in the collection's offer currency (WETH) when
 * trusted (see tradeCurrency) unless `currency` says otherwise, paying the collection's required fees out of the
 * price. Before the signature: the wrapped native currency the maker lacks is wrapped, and the conduit is approved
 * when its allowance is short.
 */
export const bidPlan = (ctx: PlanContext, body: unknown) =>
  Effect.gen(function* () {
    const request = yield* decodeRequest(BidRequest, body)
    yield* read(() => refuseUnsupported(request))
    const maker = yield* attempt(() => getAddress(request.maker))
    const counter = yield* ctx.reads.counterOf(ctx.config.seaport, maker)
    const now = yield* ctx.reads.now
    const offers = yield* Effect.forEach(request.params, (param) => offerItem(ctx, maker, counter, now, param))
    // What the offers spend, per currency: wrapped and approved up front for all of them.
    const amounts = new Map<Address, bigint>()
    for (const { currency, price } of offers) amounts.set(currency, (amounts.get(currency) ?? 0n) + price)
    const wraps: Array<PlanStep> = []
    for (const [currency, amount] of amounts) wraps.push(...(yield* wrapStep(ctx, maker, currency, amount)))
    const approvals = yield* currencyApprovalStep(
      ctx,
      maker,
      [...amounts].map(([token, amount]) => ({ token, spender: ctx.config.conduit, amount })),
    )
    const signature = {
      id: "order-signature",
      action: "Authorize offer",
      description: signatureDescription(offers.flatMap((offer) => offer.zoneTraits)),
      kind: "signature",
      items: yield* bulkOrderItems(
        ctx,
        offers.map((offer) => offer.item),
      ),
    }
    return { steps: [...wraps, ...approvals, signature] }
  })
