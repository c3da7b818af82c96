/**
 * The OpenSea API v2 routes the devnet serves (see README.md next to this file), behind an `x-api-key` check.
 * Bodies and answers follow OpenSea's published spec; every refusal is `{ errors: [message] }` with its status.
 * Rate limiting (429 with `retry-after`) and other faults come from the devnet's fault knobs, keyed by these paths.
 */
import { type Address, type Hex, zeroAddress, zeroHash } from "viem"
import { failureOf, Reply, type Route } from "../server/http.js"
import type { OpenSeaOrderKind } from "./book.js"
import { criteriaRoot, type NumericTraitCriteria, type TraitCriteria } from "./criteria.js"
import { OpenSeaError, type OpenSeaMarket } from "./market.js"
import { readAddress, readOrderComponents, readUint, WireError } from "./seaport.js"
import { errorsJson, protocolData } from "./wire.js"

type Body = Record<string, unknown>

const record = (value: unknown, field: string): Body => {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new WireError(`${field} must be an object`)
  return value as Body
}

const text = (value: unknown, field: string): string => {
  if (typeof value !== "string" || value === "") throw new WireError(`${field} must be a non-empty string`)
  return value
}

const signatureOf = (value: unknown, field: string): Hex => {
  if (typeof value !== "string" || !/^0x([0-9a-fA-F]{2})*$/.test(value))
    throw new WireError(`${field} must be hex bytes`)
  return value as Hex
}

/**
 * The trait of a criteria request: the spec's `traits` (one: the devnet makes single-trait offers) or the deprecated
 * `trait`, each `{ type, value }`; undefined for a collection offer.
 */
const traitOf = (criteria: Body): TraitCriteria | undefined => {
  const traits =
    criteria.traits === undefined ? (criteria.trait === undefined ? [] : [criteria.trait]) : criteria.traits
  if (!Array.isArray(traits)) throw new WireError("criteria.traits must be an array of { type, value }")
  if (traits.length > 1)
    throw new OpenSeaError(400, "The devnet makes offers on one trait: give one in criteria.trait or criteria.traits")
  if (traits.length === 0) return undefined
  const trait = record(traits[0], "criteria.trait")
  return { type: text(trait.type, "criteria.trait.type"), value: text(trait.value, "criteria.trait.value") }
}

/** A range's bound: a finite number, or absent. */
const boundOf = (value: unknown, at: string): number | undefined => {
  if (value === undefined || value === null) return undefined
  if (typeof value !== "number" || !Number.isFinite(value)) throw new WireError(`${at} must be a number`)
  return value
}

/** The numeric traits of a criteria request (`numericTraits`, each `{ type, min?, max? }`); none when absent. */
const numericTraitsOf = (criteria: Body): ReadonlyArray<NumericTraitCriteria> => {
  const ranges = criteria.numericTraits ?? []
  if (!Array.isArray(ranges)) throw new WireError("criteria.numericTraits must be an array of { type, min?, max? }")
  return ranges.map((entry, i) => {
    const range = record(entry, `criteria.numericTraits[${i}]`)
    return {
      type: text(range.type, `criteria.numericTraits[${i}].type`),
      min: boundOf(range.min, `criteria.numericTraits[${i}].min`),
      max: boundOf(range.max, `criteria.numericTraits[${i}].max`),
    }
  })
}

/** The trait filter of `GET /collection/{slug}/nfts` (`traits=[{"traitType":…,"value":…}]`), or undefined for none. */
const traitFilterOf = (query: URLSearchParams): TraitCriteria | undefined => {
  const param = query.get("traits")
  if (param === null) return undefined
  let filters: unknown
  try {
    filters = JSON.parse(param)
  } catch {
    throw new WireError("traits must be a JSON array of { traitType, value }")
  }
  if (!Array.isArray(filters) || filters.length !== 1)
    throw new OpenSeaError(400, "The devnet filters on exactly one trait: traits=[{ traitType, value }]")
  const filter = record(filters[0], "traits[0]")
  return { type: text(filter.traitType, "traits[0].traitType"), value: text(filter.value, "traits[0].value") }
}

/** A route behind the API key, answering refusals (and its own failures, as 500s) in the spec's error shape. */
export function route(
  method: Route["method"],
  pattern: string,
  apiKey: string,
  handler: (req: Parameters<Route["handler"]>[1]) => Promise<unknown>,
): Route {
  return {
    method,
    pattern,
    handler: async (_ctx, req) => {
      if (req.headers["x-api-key"] !== apiKey)
        return new Reply(401, errorsJson("Invalid or missing API key (x-api-key)"))
      try {
        return await handler(req)
      } catch (error) {
        if (error instanceof OpenSeaError) return new Reply(error.status, errorsJson(error.message))
        if (error instanceof WireError) return new Reply(400, errorsJson(error.message))
        const { status, message } = failureOf(error)
        return new Reply(status, errorsJson(message))
      }
    },
  }
}

/** Every OpenSea route of `market`, answering requests that carry `apiKey`. */
export function openSeaRoutes(market: OpenSeaMarket, apiKey: string): ReadonlyArray<Route> {
  const { seaport, chainId } = market.deployment
  const chainName = market.options.chainName
  const checkChain = (chain: unknown) => {
    if (chain !== chainName)
      throw new OpenSeaError(
        400,
        `Unknown chain ${JSON.stringify(chain)}: this devnet serves "${chainName}" (chain id ${chainId})`,
      )
  }
  const checkProtocol = (address: unknown) => {
    if (typeof address !== "string" || address.toLowerCase() !== seaport.toLowerCase()) {
      throw new OpenSeaError(400, `protocol_address must be the devnet's Seaport 1.6 ${seaport}`)
    }
  }
  const collectionOf = (slug: string) => {
    const collection = market.collectionBySlug(slug)
    if (collection === undefined) throw new OpenSeaError(404, `Collection ${slug} not found`)
    return collection
  }

  const fulfillment = (side: "listing" | "offer") => async (req: Parameters<Route["handler"]>[1]) => {
    const body = record(req.body, "body")
    const target = record(body[side], side)
    checkChain(target.chain)
    checkProtocol(target.protocol_address)
    const fulfiller = readAddress(record(body.fulfiller, "fulfiller").address, "fulfiller.address")
    const consideration = body.consideration === undefined ? undefined : record(body.consideration, "consideration")
    const { order, transaction } = await market.fulfil(text(target.hash, `${side}.hash`), side, {
      fulfiller,
      recipient: body.recipient === undefined ? fulfiller : readAddress(body.recipient, "recipient"),
      tokenId: consideration === undefined ? undefined : readUint(consideration.token_id, "consideration.token_id"),
      contract:
        consideration === undefined
          ? undefined
          : readAddress(consideration.asset_contract_address, "consideration.asset_contract_address"),
      units: body.units_to_fill === undefined ? undefined : readUint(body.units_to_fill, "units_to_fill"),
    })
    return { protocol: "seaport1.6", fulfillment_data: { transaction, orders: [protocolData(order, order.signature)] } }
  }

  const post = (kind: OpenSeaOrderKind) => async (req: Parameters<Route["handler"]>[1]) => {
    checkChain(req.params.chain)
    if (req.params.protocol !== "seaport")
      throw new OpenSeaError(400, `Unknown protocol ${req.params.protocol}: the devnet takes "seaport"`)
    const body = record(req.body, "body")
    checkProtocol(body.protocol_address)
    const order = await market.accept(
      readOrderComponents(body.parameters),
      signatureOf(body.signature, "signature"),
      kind,
    )
    return market.describe(order)
  }

  const best = (side: "listing" | "offer") => async (req: Parameters<Route["handler"]>[1]) => {
    const collection = collectionOf(req.params.slug!)
    const tokenId = readUint(req.params.identifier, "identifier")
    const now = await market.now()
    // As OpenSea, the best order is the best one its maker can still deliver: a moved token or a revoked approval hides it.
    const order = await market.firstFillable(
      side === "listing"
        ? market.book.listingsOf(chainId, collection.contract, tokenId, now)
        : market.book.offersFor(chainId, collection.contract, tokenId, now),
    )
    if (order === undefined) throw new OpenSeaError(404, `No active ${side} for ${collection.slug} #${tokenId}`)
    return market.describe(order)
  }

  const byHash = async (req: Parameters<Route["handler"]>[1]) => {
    checkChain(req.params.chain)
    checkProtocol(req.params.protocol_address)
    const order = market.book.get(req.params.order_hash!)
    if (order === undefined) throw new OpenSeaError(404, `Order ${req.params.order_hash} not found`)
    return order
  }

  return [
    route("POST", "/api/v2/listings/fulfillment_data", apiKey, fulfillment("listing")),
    route("POST", "/api/v2/offers/fulfillment_data", apiKey, fulfillment("offer")),
    route("POST", "/api/v2/orders/:chain/:protocol/listings", apiKey, post("listing")),
    route("POST", "/api/v2/orders/:chain/:protocol/offers", apiKey, post("item-offer")),
    route("POST", "/api/v2/offers", apiKey, async (req) => {
      const body = record(req.body, "body")
      checkProtocol(body.protocol_address)
      const criteria = record(body.criteria, "criteria")
      const slug = text(record(criteria.collection, "criteria.collection").slug, "criteria.collection.slug")
      const collection = collectionOf(slug)
      const data = record(body.protocol_data, "protocol_data")
      const components = readOrderComponents(data.parameters, "protocol_data.parameters")
      if (components.consideration[0]?.token.toLowerCase() !== collection.contract.toLowerCase()) {
        throw new OpenSeaError(400, `The offer's criteria item must be ${collection.contract}, the contract of ${slug}`)
      }
      const signature = signatureOf(data.signature, "protocol_data.signature")
      return market.describe(
        await market.accept(components, signature, "collection-offer", traitOf(criteria), numericTraitsOf(criteria)),
      )
    }),
    route("POST", "/api/v2/offers/build", apiKey, async (req) => {
      const body = record(req.body, "body")
      checkProtocol(body.protocol_address)
      const offerer: Address = readAddress(body.offerer, "offerer")
      const quantity = body.quantity === undefined ? 1n : readUint(body.quantity, "quantity")
      const criteria = record(body.criteria, "criteria")
      const slug = text(record(criteria.collection, "criteria.collection").slug, "criteria.collection.slug")
      const collection = collectionOf(slug)
      // A trait offer's criteria item is the root of the tokens with the trait (OpenSea's merkle route), or 0 on a
      // supported collection, whose zone holds fills to the trait; a collection offer's is 0 (any token).
      const trait = traitOf(criteria)
      const numeric = numericTraitsOf(criteria)
      const tokenIds =
        trait === undefined && numeric.length === 0 ? undefined : market.tokensWithTrait(collection, trait, numeric)
      if (tokenIds !== undefined && tokenIds.length === 0)
        throw new OpenSeaError(400, `No token of ${slug} meets the offer's traits`)
      return {
        partialParameters: {
          consideration: [
            {
              itemType: collection.standard === "erc721" ? 4 : 5,
              token: collection.contract,
              identifierOrCriteria:
                // Numeric ranges are validated server-side at fill time, never by a root.
                tokenIds === undefined || numeric.length > 0 || market.zoneEnforcesTraits(collection)
                  ? "0"
                  : criteriaRoot(tokenIds).toString(),
              startAmount: quantity.toString(),
              endAmount: quantity.toString(),
              recipient: offerer,
            },
          ],
          zone: market.deployment.signedZone,
          zoneHash: zeroHash,
        },
        criteria: {
          collection: { slug },
          contract: { address: collection.contract },
          ...(trait === undefined ? {} : { traits: [trait] }),
          ...(numeric.length === 0 ? {} : { numeric_traits: numeric }),
        },
        encodedTokenIds: tokenIds === undefined ? "*" : tokenIds.join(","),
      }
    }),
    route("GET", "/api/v2/listings/collection/:slug/nfts/:identifier/best", apiKey, best("listing")),
    route("GET", "/api/v2/offers/collection/:slug/nfts/:identifier/best", apiKey, best("offer")),
    route("GET", "/api/v2/chain/:chain/contract/:address", apiKey, async (req) => {
      checkChain(req.params.chain)
      const collection = market.collectionByContract(req.params.address!)
      if (collection === undefined)
        throw new OpenSeaError(404, `Contract ${req.params.address} not found on ${chainName}`)
      return {
        address: collection.contract,
        chain: chainName,
        collection: collection.slug,
        contract_standard: collection.standard,
        name: collection.name,
      }
    }),
    route("GET", "/api/v2/chain/:chain/contract/:address/nfts/:identifier", apiKey, async (req) => {
      checkChain(req.params.chain)
      const collection = market.collectionByContract(req.params.address!)
      if (collection === undefined)
        throw new OpenSeaError(404, `Contract ${req.params.address} not found on ${chainName}`)
      const nft = await market.nft(collection, readUint(req.params.identifier, "identifier"))
      if (nft === undefined)
        throw new OpenSeaError(404, `NFT ${req.params.identifier} of ${collection.contract} not found on ${chainName}`)
      return { nft }
    }),
    route("GET", "/api/v2/collection/:slug/nfts", apiKey, async (req) => {
      const collection = collectionOf(req.params.slug!)
      const trait = traitFilterOf(req.query)
      const ids =
        trait === undefined ? market.options.tokenIds(collection.contract) : market.tokensWithTrait(collection, trait)
      const limit = req.query.get("limit") === null ? 20 : Number(readUint(req.query.get("limit"), "limit"))
      if (limit < 1 || limit > 200) throw new OpenSeaError(400, "limit must be between 1 and 200")
      const from = req.query.get("next") === null ? 0 : Number(readUint(req.query.get("next"), "next"))
      const page = ids.slice(from, from + limit)
      return {
        nfts: page.map((id) => ({
          identifier: id.toString(),
          collection: collection.slug,
          contract: collection.contract,
          token_standard: collection.standard,
          name: `${collection.name} #${id}`,
          description: `${collection.name} #${id} on the tradekit devnet`,
          image_url: "",
          metadata_url: "",
          opensea_url: `https://opensea.io/assets/${chainName}/${collection.contract}/${id}`,
          updated_at: new Date(0).toISOString(),
          is_disabled: false,
          is_nsfw: false,
        })),
        ...(from + limit < ids.length ? { next: String(from + limit) } : {}),
      }
    }),
    route("GET", "/api/v2/collections/:slug", apiKey, async (req) => {
      const collection = collectionOf(req.params.slug!)
      const currency = (address: Address) => {
        const info = market.options.currency(address)
        return {
          symbol: info?.symbol,
          address,
          chain: chainName,
          image: "",
          name: info?.symbol,
          decimals: info?.decimals ?? 18,
          eth_price: "1",
          usd_price: "0",
        }
      }
      return {
        collection: collection.slug,
        name: collection.name,
        description: `${collection.name} on the tradekit devnet`,
        image_url: "",
        owner: zeroAddress,
        safelist_status: "not_requested",
        category: "",
        is_disabled: false,
        is_nsfw: false,
        trait_offers_enabled: true,
        collection_offers_enabled: true,
        opensea_url: `https://opensea.io/collection/${collection.slug}`,
        contracts: [{ address: collection.contract, chain: chainName }],
        editors: [],
        // OpenSea's fee is a percentage (2.5 = 250 basis points).
        fees: collection.fees.map((fee) => ({
          fee: Number(fee.basisPoints) / 100,
          recipient: fee.recipient,
          required: fee.required,
        })),
        total_supply: 0,
        unique_item_count: 0,
        created_date: "2026-01-01",
        pricing_currencies: { listing_currency: currency(zeroAddress), offer_currency: currency(market.options.weth) },
      }
    }),
    route("GET", "/api/v2/orders/chain/:chain/protocol/:protocol_address/:order_hash", apiKey, async (req) => ({
      order: await market.describe(await byHash(req)),
    })),
    route("POST", "/api/v2/orders/chain/:chain/protocol/:protocol_address/:order_hash/cancel", apiKey, async (req) => {
      const order = await byHash(req)
      const body = req.body === undefined ? {} : record(req.body, "body")
      await market.cancelOffChain(
        order.hash,
        body.offererSignature === undefined ? undefined : signatureOf(body.offererSignature, "offererSignature"),
      )
      return { last_signature_issued_valid_until: new Date().toISOString() }
    }),
  ]
}
