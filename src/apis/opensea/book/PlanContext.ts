import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import type * as Schema from "effect/Schema"
import { type Address, getAddress } from "viem"
import type { ChainConfig } from "../../../chains/ChainConfig.js"
import type { ChainReads } from "../chain/chainReads.js"
import type { OpenSeaChainConfig } from "../config/OpenSeaConfig.js"
import { CollectionAnswer, ContractAnswer, OrderByHashAnswer } from "../wire/answers.js"
import type { OpenSeaClient, OpenSeaMethod } from "../wire/OpenSeaClient.js"
import { type OpenSeaOrder, orderOf } from "../wire/orderOf.js"
import type { CrossChainPurchases } from "./crossChainPurchases.js"
import { OpenSeaError } from "./OpenSeaError.js"

/** What every plan of the OpenSea layer works with: the chain, its OpenSea name, the API and the chain's reads. */
export interface PlanContext {
  readonly chain: ChainConfig
  readonly chainName: string
  /** The chain's protocol addresses and the client's fee bound. */
  readonly config: OpenSeaChainConfig
  readonly client: OpenSeaClient
  readonly reads: ChainReads
  /** The book that carries a purchase paid on another chain, when the client has one (`openSea({ crossChain })`). */
  readonly crossChain?: CrossChainPurchases | undefined
}

/** Asks OpenSea and decodes its answer with `schema` (an answer of another shape is unreadable). */
export const ask = <A, I>(
  ctx: PlanContext,
  schema: Schema.Codec<A, I>,
  method: OpenSeaMethod,
  path: string,
  body?: unknown,
): Effect.Effect<A, OpenSeaError> => ctx.client.ask(schema, method, path, body)

/**
 * Runs a reading that may throw in a library's hands (viem's address check, `BigInt`) as an Effect: such a throw is
 * OpenSea's unusable answer.
 */
export const attempt = <A>(reading: () => A): Effect.Effect<A, OpenSeaError> =>
  Effect.try({
    try: reading,
    catch: (error) => OpenSeaError.unreadable(`OpenSea sent an unusable answer: ${String(error)}`),
  })

/** Runs a reading of OpenSea's wire that refuses with an OpenSeaError of its own (a Result) as an Effect. */
export const read = <A>(reading: () => Result.Result<A, OpenSeaError>): Effect.Effect<A, OpenSeaError> =>
  Effect.flatMap(attempt(reading), Effect.fromResult)

/** A collection as a plan needs it: its slug, standard, required fees and offer currency. */
export interface OpenSeaCollection {
  readonly slug: string
  readonly standard: string
  readonly fees: ReadonlyArray<{ readonly recipient: Address; readonly basisPoints: bigint }>
  readonly offerCurrency: Address | undefined
  /** The currency OpenSea prices the collection's listings in (WETH on Polygon, say); native when none is named. */
  readonly listingCurrency: Address | undefined
  /** The zone every listing of the collection must name (`required_zone`), when it has one. */
  readonly requiredZone: Address | undefined
}

const addressAt = (value: unknown): Address | undefined =>
  typeof value === "string" && value !== "" ? getAddress(value) : undefined

/**
 * A fee in percent as OpenSea writes it (`2.5`, `"1.005"`), in basis points, counted in decimals rather than
 * floats and rounded half up as OpenSea counts it: 1.005 % is 101 basis points, where `Math.round(1.005 * 100)` says
 * 100.
 */
export const basisPointsOf = (percent: unknown): Result.Result<bigint, OpenSeaError> => {
  const text = typeof percent === "number" ? percent.toFixed(10) : String(percent)
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text.trim())
  if (match === null)
    return Result.fail(
      OpenSeaError.unreadable(`OpenSea sent ${JSON.stringify(percent)} as a fee, which is not a percentage`),
    )
  // Percent to basis points moves the point two places: the whole part, two decimals, then the rest to round on.
  const decimals = (match[2] ?? "").padEnd(3, "0")
  const basisPoints = BigInt(match[1]!) * 100n + BigInt(decimals.slice(0, 2))
  return Result.succeed(decimals[2]! >= "5" ? basisPoints + 1n : basisPoints)
}

/** The slug of the collection OpenSea files a contract under on the chain, with the contract's standard. */
export const contractOf = (
  ctx: PlanContext,
  contract: Address,
): Effect.Effect<{ readonly slug: string; readonly standard: string | undefined }, OpenSeaError> =>
  Effect.gen(function* () {
    const info = yield* ask(ctx, ContractAnswer, "GET", `/api/v2/chain/${ctx.chainName}/contract/${contract}`)
    const slug = info.collection ?? ""
    if (slug === "")
      return yield* Effect.fail(
        OpenSeaError.notFound(`OpenSea knows no collection for ${contract} on ${ctx.chainName}`),
      )
    return { slug, standard: info.contract_standard }
  })

/** The collection of a contract on the chain, with its required fees (OpenSea gives them in percent). */
export const collectionOf = (ctx: PlanContext, contract: Address): Effect.Effect<OpenSeaCollection, OpenSeaError> =>
  Effect.gen(function* () {
    const { slug, standard } = yield* contractOf(ctx, contract)
    const collection = yield* ask(ctx, CollectionAnswer, "GET", `/api/v2/collections/${encodeURIComponent(slug)}`)
    return yield* read(() =>
      Result.map(
        Result.all(
          (collection.fees ?? [])
            .filter((fee) => fee.required === true)
            .map((fee) =>
              Result.map(basisPointsOf(fee.fee), (basisPoints) => ({
                recipient: getAddress(fee.recipient),
                basisPoints,
              })),
            ),
        ),
        (fees) => ({
          slug,
          standard: (standard ?? "erc721").toLowerCase(),
          fees,
          offerCurrency: addressAt(collection.pricing_currencies?.offer_currency?.address),
          listingCurrency: addressAt(collection.pricing_currencies?.listing_currency?.address),
          requiredZone: addressAt(collection.required_zone),
        }),
      ),
    )
  })

/** An order by its hash (a tradekit order id on this API is the Seaport order hash). */
export const orderByHash = (ctx: PlanContext, hash: unknown): Effect.Effect<OpenSeaOrder, OpenSeaError> =>
  Effect.gen(function* () {
    if (typeof hash !== "string" || !/^0x[0-9a-fA-F]{64}$/.test(hash)) {
      return yield* Effect.fail(
        OpenSeaError.invalid(`${JSON.stringify(hash)} is not an OpenSea order id (a Seaport order hash)`),
      )
    }
    const answer = yield* ask(
      ctx,
      OrderByHashAnswer,
      "GET",
      `/api/v2/orders/chain/${ctx.chainName}/protocol/${ctx.config.seaport}/${hash}`,
    )
    return yield* read(() => orderOf(answer.order))
  })

/** The amount a fee of `basisPoints` takes from `price`. */
export const feeOf = (price: bigint, basisPoints: bigint): bigint => (price * basisPoints) / 10_000n
