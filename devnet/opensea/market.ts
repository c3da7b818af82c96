/**
 * The devnet's OpenSea market on one chain: takes signed Seaport orders after checking them as OpenSea does (the
 * signature as Seaport verifies it — compact and bulk ones too —, the maker's counter, the order's status, every
 * required fee of the collection, no zero amounts, an expiry at most 6 months ahead, the signed zone for criteria
 * offers with a restricted order type, the maker's tokens and approvals), hands out the Seaport call that fills one
 * (with the signed zone's fresh `extraData` for a signed-zone order), and follows Seaport's events so that filled
 * and cancelled orders are no longer handed out.
 */
import {
  type Address,
  decodeEventLog,
  erc20Abi,
  erc721Abi,
  erc1155Abi,
  type Hex,
  hashStruct,
  isAddressEqual,
  type PublicClient,
  zeroAddress,
  zeroHash,
} from "viem"
import { seaportAbi } from "../artifacts/seaport/index.js"
import type { RpcLog } from "../core/indexer.js"
import { kindOf, OpenSeaBook, type OpenSeaOrder, type OpenSeaOrderKind, termsOf } from "./book.js"
import type { OpenSeaCollection } from "./collections.js"
import {
  criteriaProof,
  criteriaRoot,
  type NumericTraitCriteria,
  punkLevel,
  type TraitCriteria,
  withinRange,
} from "./criteria.js"
import type { SeaportDeployment } from "./deploy.js"
import { buildFulfillment, type FillRequest, type FulfillmentTransaction } from "./fulfillment.js"
import { ItemType, type OrderComponents, OrderType, orderHash, orderHashTypes } from "./seaport.js"
import { verifySeaportSignature } from "./signatures.js"
import { type OrderContext, orderJson } from "./wire.js"
import { ZONE_SIGNATURE_LIFETIME, type ZoneSigner } from "./zone.js"

/** How far ahead an order may expire, in calendar months (opensea-js `MAX_EXPIRATION_MONTHS`, since PR 1722). */
export const MAX_EXPIRATION_MONTHS = 6

/** The latest endTime an order posted at `now` may have: `now` plus {@link MAX_EXPIRATION_MONTHS} calendar months (UTC). */
export function latestEndTime(now: bigint): bigint {
  const date = new Date(Number(now) * 1000)
  date.setUTCMonth(date.getUTCMonth() + MAX_EXPIRATION_MONTHS)
  return BigInt(Math.floor(date.getTime() / 1000))
}

/** A refusal with the status and message the client sees (`{ errors: [message] }`). */
export class OpenSeaError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

const refuse = (message: string) => new OpenSeaError(400, message)

/** What the market is built from. */
export interface OpenSeaMarketOptions {
  readonly deployment: SeaportDeployment
  readonly client: PublicClient
  /** The chain's OpenSea name (`chain` in paths and bodies). */
  readonly chainName: string
  readonly collections: ReadonlyArray<OpenSeaCollection>
  /** The chain's wrapped native currency: what offers pay in. */
  readonly weth: Address
  readonly currency: (address: string) => { readonly symbol: string; readonly decimals: number } | undefined
  /** A token's traits (`trait_type` / `value`), as the get-NFT route shows them. */
  readonly attributes: (
    contract: Address,
    tokenId: bigint,
  ) => ReadonlyArray<{ readonly key: string; readonly value: string }>
  /** The ids of the tokens of a contract that exist on the chain. */
  readonly tokenIds: (contract: Address) => ReadonlyArray<bigint>
  /** Signs the `extraData` of fills of orders in the signed zone (`deployment.signedZone`). */
  readonly zoneSigner: ZoneSigner
  /**
   * OpenSea's "supported collections" (slugs): their trait offers are built with criteria root 0, and the signed zone
   * holds each fill to the trait (it signs only for a token with it), as OpenSea builds them today.
   */
  readonly supportedCollections?: ReadonlySet<string> | undefined
}

/** The OpenSea side of a devnet chain. */
export class OpenSeaMarket {
  readonly book = new OpenSeaBook()
  /** Fulfilment answers handed out per order: the fulfiller conduit key alternates on it. */
  private readonly answers = new Map<string, number>()

  constructor(readonly options: OpenSeaMarketOptions) {}

  get deployment(): SeaportDeployment {
    return this.options.deployment
  }

  collectionBySlug(slug: string): OpenSeaCollection | undefined {
    return this.options.collections.find((c) => c.slug === slug)
  }

  /** Whether the collection's trait offers are built with root 0 and enforced by the signed zone. */
  zoneEnforcesTraits(collection: OpenSeaCollection): boolean {
    return this.options.supportedCollections?.has(collection.slug) ?? false
  }

  collectionByContract(contract: string): OpenSeaCollection | undefined {
    return this.options.collections.find((c) => c.contract.toLowerCase() === contract.toLowerCase())
  }

  /** The chain's clock: the latest block's timestamp (a test may have moved it past the wall clock). */
  async now(): Promise<bigint> {
    return (await this.options.client.getBlock()).timestamp
  }

  /** How the routes describe orders. */
  orderContext(now: bigint): OrderContext {
    return {
      chainName: this.options.chainName,
      seaport: this.deployment.seaport,
      currency: this.options.currency,
      collection: (contract) => this.collectionByContract(contract),
      status: (order) => {
        if (order.status === "filled") return "FULFILLED"
        if (order.status === "cancelled" || order.offChainCancelled) return "CANCELLED"
        if (order.components.endTime <= now) return "EXPIRED"
        return order.components.startTime > now ? "INACTIVE" : "ACTIVE"
      },
    }
  }

  /** The spec's `Listing` / `Offer` of an order. */
  async describe(order: OpenSeaOrder): Promise<Record<string, unknown>> {
    return orderJson(order, this.orderContext(await this.now()))
  }

  /** The spec's `DetailedNftModel` of a token of `collection`, or undefined when the token does not exist. */
  async nft(collection: OpenSeaCollection, tokenId: bigint): Promise<Record<string, unknown> | undefined> {
    const { client } = this.options
    const owners =
      collection.standard === "erc721"
        ? await client
            .readContract({ address: collection.contract, abi: erc721Abi, functionName: "ownerOf", args: [tokenId] })
            .then((owner) => [{ address: owner, quantity: 1 }])
            .catch(() => undefined)
        : []
    if (owners === undefined) return undefined
    return {
      identifier: tokenId.toString(),
      collection: collection.slug,
      contract: collection.contract,
      token_standard: collection.standard,
      name: `${collection.name} #${tokenId}`,
      description: `${collection.name} #${tokenId} on the tradekit devnet`,
      image_url: "",
      metadata_url: "",
      opensea_url: `https://opensea.io/assets/${this.options.chainName}/${collection.contract}/${tokenId}`,
      updated_at: new Date(0).toISOString(),
      is_disabled: false,
      is_nsfw: false,
      is_suspicious: false,
      creator: zeroAddress,
      traits: [
        ...this.options.attributes(collection.contract, tokenId).map((a) => ({
          trait_type: a.key,
          display_type: null,
          max_value: null,
          value: a.value,
        })),
        ...(this.levelOf(collection, tokenId) === undefined
          ? []
          : [{ trait_type: "Level", display_type: "number", max_value: 10, value: this.levelOf(collection, tokenId) }]),
      ],
      owners,
      rarity: null,
    }
  }

  /** The numeric trait `Level` of a token of a collection with traits (Devnet Punks); undefined for any other. */
  levelOf(collection: OpenSeaCollection, tokenId: bigint): number | undefined {
    return this.options.attributes(collection.contract, tokenId).length === 0 ? undefined : punkLevel(tokenId)
  }

  /** The ids of the tokens of `collection` with `trait` (any, when none) and within each of `numeric`, ascending. */
  tokensWithTrait(
    collection: OpenSeaCollection,
    trait: TraitCriteria | undefined,
    numeric: ReadonlyArray<NumericTraitCriteria> = [],
  ): ReadonlyArray<bigint> {
    return this.options
      .tokenIds(collection.contract)
      .filter(
        (id) =>
          (trait === undefined ||
            this.options
              .attributes(collection.contract, id)
              .some((a) => a.key === trait.type && a.value === trait.value)) &&
          numeric.every((range) => range.type === "Level" && withinRange(this.levelOf(collection, id), range)),
      )
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  }

  /**
   * Checks a signed order against the rules and the contract, and puts it in the book. A criteria offer posted with
   * a `trait` is a trait offer: its root must be the criteria root of exactly the collection's tokens with the trait;
   * without one it is a collection offer, root 0.
   */
  async accept(
    components: OrderComponents,
    signature: Hex,
    expected: OpenSeaOrderKind,
    trait?: TraitCriteria,
    numeric: ReadonlyArray<NumericTraitCriteria> = [],
  ): Promise<OpenSeaOrder> {
    const kind = kindOf(components)
    if (kind !== expected) {
      throw refuse(
        `Expected ${expected === "listing" ? "a listing (one NFT offered)" : `an ${expected} (one ERC-20 offered)`}, got ${kind ?? "neither"}`,
      )
    }
    const terms = termsOf(components, kind)
    const collection = this.collectionByContract(terms.contract)
    if (collection === undefined)
      throw refuse(`No collection for contract ${terms.contract} on ${this.options.chainName}`)
    const traitTerms = this.checkCriteria(components, kind, collection, trait, numeric)
    this.checkShape(components, kind, terms.currency)
    this.checkFees(components, kind, collection, terms)
    const now = await this.now()
    if (components.endTime <= now) throw refuse(`The order expired at ${components.endTime} (now ${now})`)
    if (components.startTime >= components.endTime) throw refuse("The order's startTime must be before its endTime")
    const latest = latestEndTime(now)
    if (components.endTime > latest) {
      throw refuse(
        `The order's endTime ${components.endTime} is more than ${MAX_EXPIRATION_MONTHS} months ahead: at most ${latest} (now ${now})`,
      )
    }
    const hash = orderHash(components)
    await this.checkOnChain(components, signature, hash, kind, terms)
    const existing = this.book.get(hash)
    if (existing !== undefined) return existing
    const order: OpenSeaOrder = {
      hash,
      chainId: this.deployment.chainId,
      kind,
      components,
      signature,
      ...terms,
      trait: traitTerms,
      createdAt: Date.now(),
      status: "active",
      offChainCancelled: false,
    }
    this.book.add(order)
    return order
  }

  /** A trait offer's trait and tokens, after checking its root; undefined for any other order, whose root must be 0. */
  private checkCriteria(
    c: OrderComponents,
    kind: OpenSeaOrderKind,
    collection: OpenSeaCollection,
    trait: TraitCriteria | undefined,
    numeric: ReadonlyArray<NumericTraitCriteria>,
  ): OpenSeaOrder["trait"] {
    const root = kind === "collection-offer" ? c.consideration[0]!.identifierOrCriteria : 0n
    if (numeric.length > 0) {
      // Numeric traits are validated when a fill is asked for, never by a root: the root is 0, the zone holds them.
      if (kind !== "collection-offer") throw refuse("Only a criteria offer takes numeric traits")
      if (root !== 0n) throw refuse(`A numeric-trait offer's identifierOrCriteria must be 0, not ${root}`)
      const tokenIds = this.tokensWithTrait(collection, trait, numeric)
      if (tokenIds.length === 0) throw refuse(`No token of ${collection.slug} meets the offer's traits`)
      return { criteria: trait, numeric, tokenIds, zoneEnforced: true }
    }
    if (trait === undefined) {
      if (root !== 0n)
        throw refuse(
          `A criteria root (identifierOrCriteria ${root}) needs the trait it stands for in criteria.trait; a collection offer's is 0`,
        )
      return undefined
    }
    if (kind !== "collection-offer") throw refuse("Only a criteria offer takes a trait")
    const tokenIds = this.tokensWithTrait(collection, trait)
    if (tokenIds.length === 0)
      throw refuse(`No token of ${collection.slug} has the trait ${trait.type}: ${trait.value}`)
    // On a supported collection the root is 0 (any token on chain) and the zone holds the fill to the trait.
    if (root === 0n && this.zoneEnforcesTraits(collection)) return { criteria: trait, tokenIds, zoneEnforced: true }
    const expected = criteriaRoot(tokenIds)
    if (root !== expected) {
      throw refuse(
        `The trait offer's identifierOrCriteria ${root} is not the criteria root ${expected} of the ${tokenIds.length} tokens of ${collection.slug} with ${trait.type}: ${trait.value}`,
      )
    }
    return { criteria: trait, tokenIds }
  }

  private checkShape(c: OrderComponents, kind: OpenSeaOrderKind, currency: Address): void {
    const { signedZone } = this.deployment
    const restricted = c.orderType === OrderType.FULL_RESTRICTED || c.orderType === OrderType.PARTIAL_RESTRICTED
    if (isAddressEqual(c.zone, signedZone)) {
      if (kind === "listing")
        throw refuse(`The signed zone ${signedZone} is for offers: a listing's zone is ${zeroAddress}`)
      if (!restricted) {
        throw refuse(
          `An order in the signed zone ${signedZone} must be restricted: orderType 2 (FULL_RESTRICTED) or 3 (PARTIAL_RESTRICTED), got ${c.orderType}`,
        )
      }
    } else if (c.zone === zeroAddress) {
      if (kind === "collection-offer") {
        throw refuse(
          `A criteria (collection or trait) offer must be a signed-zone order: zone ${signedZone} and orderType 2 or 3`,
        )
      }
      if (c.orderType !== OrderType.FULL_OPEN && c.orderType !== OrderType.PARTIAL_OPEN) {
        throw refuse(`orderType must be 0 (FULL_OPEN) or 1 (PARTIAL_OPEN) without a zone, got ${c.orderType}`)
      }
    } else {
      throw refuse(`zone must be ${zeroAddress} or the signed zone ${signedZone}, got ${c.zone}`)
    }
    const zero = [
      ...c.offer.map((item, i) => ({ item, at: `offer[${i}]` })),
      ...c.consideration.map((item, i) => ({ item, at: `consideration[${i}]` })),
    ].find(({ item }) => item.startAmount === 0n || item.endAmount === 0n)
    if (zero !== undefined)
      throw refuse(
        `${zero.at} has a zero amount (startAmount ${zero.item.startAmount}, endAmount ${zero.item.endAmount})`,
      )
    if (c.conduitKey !== this.deployment.conduitKey && c.conduitKey !== zeroHash) {
      throw refuse(`conduitKey must be the devnet's ${this.deployment.conduitKey} (or zero for Seaport itself)`)
    }
    if (this.options.currency(currency) === undefined)
      throw refuse(`${currency} is not a currency of ${this.options.chainName}`)
    if (kind !== "listing" && currency === zeroAddress) throw refuse("An offer pays in an ERC-20 (WETH), not in ETH")
    const payments = kind === "listing" ? c.consideration : c.consideration.slice(1)
    const paymentType = currency === zeroAddress ? ItemType.NATIVE : ItemType.ERC20
    if (!payments.every((item) => item.itemType === paymentType && isAddressEqual(item.token, currency))) {
      throw refuse(`Every payment of the order must be in its currency ${currency}`)
    }
  }

  private checkFees(
    c: OrderComponents,
    kind: OpenSeaOrderKind,
    collection: OpenSeaCollection,
    terms: { price: bigint },
  ): void {
    const payments = kind === "listing" ? c.consideration : c.consideration.slice(1)
    for (const fee of collection.fees.filter((f) => f.required)) {
      const paid = payments
        .filter((item) => isAddressEqual(item.recipient, fee.recipient))
        .reduce((sum, item) => sum + item.startAmount, 0n)
      if (paid < (terms.price * fee.basisPoints) / 10_000n) {
        const paidBps = terms.price === 0n ? 0n : (paid * 10_000n) / terms.price
        throw refuse(
          `Expecting ${fee.basisPoints} basis points fee to ${fee.recipient} (the required fee of ${collection.slug}), found ${paidBps} basis points`,
        )
      }
    }
  }

  private async checkOnChain(
    c: OrderComponents,
    signature: Hex,
    hash: Hex,
    kind: OpenSeaOrderKind,
    terms: { contract: Address; tokenId: bigint | undefined; currency: Address; price: bigint },
  ): Promise<void> {
    const { client } = this.options
    const { seaport, conduit, chainId } = this.deployment
    const operator = c.conduitKey === zeroHash ? seaport : conduit
    const nft = kind === "listing" ? c.offer[0]! : c.consideration[0]!
    const [counter, status, unsigned, holds] = await Promise.all([
      client.readContract({ address: seaport, abi: seaportAbi, functionName: "getCounter", args: [c.offerer] }),
      client.readContract({ address: seaport, abi: seaportAbi, functionName: "getOrderStatus", args: [hash] }),
      verifySeaportSignature({ client, chainId, seaport, signer: c.offerer, structHash: hash, signature, bulk: true }),
      this.holdings(c.offerer, operator, kind, nft.itemType, terms, nft.startAmount),
    ])
    if (counter !== c.counter)
      throw refuse(`The order's counter ${c.counter} is not the offerer's current counter ${counter}`)
    if (unsigned !== undefined) throw refuse(`Invalid signature of Seaport 1.6's OrderComponents: ${unsigned}`)
    const [, isCancelled, totalFilled, totalSize] = status
    if (isCancelled) throw refuse(`The order ${hash} is cancelled on chain`)
    if (totalSize > 0n && totalFilled >= totalSize) throw refuse(`The order ${hash} is already filled`)
    if (holds !== undefined) throw refuse(holds)
  }

  /**
   * The first of `orders` its offerer can still deliver, read on the chain now: OpenSea stops showing a listing
   * whose token moved or whose approval was revoked, and an offer its offerer can no longer pay.
   */
  async firstFillable(orders: ReadonlyArray<OpenSeaOrder>): Promise<OpenSeaOrder | undefined> {
    const { seaport, conduit } = this.deployment
    for (const order of orders) {
      const c = order.components
      const nft = order.kind === "listing" ? c.offer[0]! : c.consideration[0]!
      const operator = c.conduitKey === zeroHash ? seaport : conduit
      if ((await this.holdings(c.offerer, operator, order.kind, nft.itemType, order, nft.startAmount)) === undefined)
        return order
    }
    return undefined
  }

  /** Why the offerer cannot deliver what the order offers (`units` of an ERC-1155 token), or undefined when they can. */
  private async holdings(
    offerer: Address,
    operator: Address,
    kind: OpenSeaOrderKind,
    nftType: number,
    terms: { contract: Address; tokenId: bigint | undefined; currency: Address; price: bigint },
    units = 1n,
  ): Promise<string | undefined> {
    const { client } = this.options
    if (kind === "listing") {
      const tokenId = terms.tokenId!
      const [owns, approved] = await Promise.all([
        nftType === ItemType.ERC721
          ? client
              .readContract({ address: terms.contract, abi: erc721Abi, functionName: "ownerOf", args: [tokenId] })
              .then(
                (owner) => isAddressEqual(owner, offerer),
                () => false, // ownerOf reverts for a token that does not exist
              )
          : client
              .readContract({
                address: terms.contract,
                abi: erc1155Abi,
                functionName: "balanceOf",
                args: [offerer, tokenId],
              })
              .then((b) => b >= units),
        client.readContract({
          address: terms.contract,
          abi: erc721Abi,
          functionName: "isApprovedForAll",
          args: [offerer, operator],
        }),
      ])
      if (!owns) return `The offerer ${offerer} does not own token ${tokenId} of ${terms.contract}`
      if (!approved)
        return `The offerer ${offerer} has not approved ${operator} for ${terms.contract} (setApprovalForAll)`
      return undefined
    }
    const [balance, allowance] = await Promise.all([
      client.readContract({ address: terms.currency, abi: erc20Abi, functionName: "balanceOf", args: [offerer] }),
      client.readContract({
        address: terms.currency,
        abi: erc20Abi,
        functionName: "allowance",
        args: [offerer, operator],
      }),
    ])
    if (balance < terms.price)
      return `The offerer ${offerer} holds ${balance} of ${terms.currency}, less than the offer's ${terms.price}`
    if (allowance < terms.price)
      return `The offerer ${offerer} has approved ${allowance} of ${terms.currency} to ${operator}, less than the offer's ${terms.price}`
    return undefined
  }

  /** The Seaport call that fills the order `hash`, or a refusal when it is not handed out any more. */
  async fulfil(
    hash: string,
    side: "listing" | "offer",
    request: FillRequest,
  ): Promise<{ order: OpenSeaOrder; transaction: FulfillmentTransaction }> {
    const order = this.book.get(hash)
    if (order === undefined) throw refuse(`The order_hash ${hash} does not exist`)
    if ((order.kind === "listing") !== (side === "listing"))
      throw refuse(`The order ${hash} is not ${side === "listing" ? "a listing" : "an offer"}`)
    const { client } = this.options
    const { seaport } = this.deployment
    const [now, status, counter] = await Promise.all([
      this.now(),
      client.readContract({ address: seaport, abi: seaportAbi, functionName: "getOrderStatus", args: [order.hash] }),
      client.readContract({
        address: seaport,
        abi: seaportAbi,
        functionName: "getCounter",
        args: [order.components.offerer],
      }),
    ])
    const [, isCancelled, totalFilled, totalSize] = status
    if (isCancelled || counter !== order.components.counter) this.book.markCancelled(order.hash)
    else if (totalSize > 0n && totalFilled >= totalSize) order.status = "filled"
    if (order.offChainCancelled || order.status === "cancelled") throw refuse(`The order ${hash} is cancelled`)
    if (order.status === "filled") throw refuse(`The order ${hash} is already filled`)
    if (!this.book.live(order, now))
      throw refuse(
        `The order ${hash} is not active (it starts at ${order.components.startTime}, ends at ${order.components.endTime})`,
      )
    const units =
      order.kind === "listing" ? order.components.offer[0]!.startAmount : order.components.consideration[0]!.startAmount
    const partial =
      order.components.orderType === OrderType.PARTIAL_OPEN ||
      order.components.orderType === OrderType.PARTIAL_RESTRICTED
    // An offer is filled by matching it whole against the seller's own order; only a listing fills in part here.
    const inPart = partial && order.kind === "listing"
    if (
      request.units !== undefined &&
      (request.units < 1n || request.units > units || (!inPart && request.units !== units))
    ) {
      throw refuse(
        inPart
          ? `units_to_fill must be between 1 and ${units}`
          : `units_to_fill must be ${units}: the order fills whole`,
      )
    }
    if (order.kind === "collection-offer" && request.tokenId === undefined)
      throw refuse("A collection offer needs consideration.token_id: the token to sell")
    if (request.contract !== undefined && !isAddressEqual(request.contract, order.contract)) {
      throw refuse(
        `consideration.asset_contract_address ${request.contract} is not the order's contract ${order.contract}`,
      )
    }
    // A trait offer takes only a token with its trait, with the token's proof against the offer's root.
    const proof =
      order.trait === undefined || request.tokenId === undefined
        ? []
        : order.trait.zoneEnforced === true
          ? order.trait.tokenIds.includes(request.tokenId)
            ? []
            : undefined
          : criteriaProof(order.trait.tokenIds, request.tokenId)
    if (proof === undefined) {
      const { criteria: trait, numeric = [] } = order.trait!
      const asked = [
        ...(trait === undefined ? [] : [`${trait.type}: ${trait.value}`]),
        ...numeric.map((range) => `${range.type} ${range.min ?? "…"}–${range.max ?? "…"}`),
      ]
      throw refuse(
        `NFT ${request.tokenId} of ${order.contract} does not have the traits ${asked.join(", ")} the offer ${order.hash} is for`,
      )
    }
    // The answers for an order alternate, so a client meets both forms OpenSea hands out: even ones (the first) name
    // OpenSea's conduit; odd ones name none (Seaport pulls the fulfiller's tokens) and write `value` as a JSON number.
    const answered = this.answers.get(order.hash) ?? 0
    this.answers.set(order.hash, answered + 1)
    const conduitKey = answered % 2 === 0 ? this.deployment.conduitKey : zeroHash
    const extraData = isAddressEqual(order.components.zone, this.deployment.signedZone)
      ? await this.options.zoneSigner.extraData({
          orderHash: order.hash,
          fulfiller: request.fulfiller,
          expiration: now + ZONE_SIGNATURE_LIFETIME,
          identifier: order.kind === "collection-offer" ? request.tokenId : undefined,
        })
      : "0x"
    return {
      order,
      transaction: buildFulfillment(order, request, seaport, {
        conduitKey,
        extraData,
        valueAsNumber: answered % 2 === 1,
        criteriaProof: proof,
      }),
    }
  }

  /** An off-chain cancel, signed by the offerer over `OrderHash { orderHash }` in Seaport's domain. */
  async cancelOffChain(hash: string, offererSignature: Hex | undefined): Promise<OpenSeaOrder> {
    const order = this.book.get(hash)
    if (order === undefined) throw new OpenSeaError(404, `The order_hash ${hash} does not exist`)
    if (offererSignature === undefined)
      throw refuse("offererSignature is required: the devnet's API key belongs to no offerer")
    const { signedZone, chainId, seaport } = this.deployment
    const restricted =
      order.components.orderType === OrderType.FULL_RESTRICTED ||
      order.components.orderType === OrderType.PARTIAL_RESTRICTED
    if (!isAddressEqual(order.components.zone, signedZone) || !restricted) {
      throw refuse(
        `The order ${order.hash} is not a signed-zone order: an off-chain cancel cannot stop it, whoever holds its signature can still fill it. Cancel it on chain (Seaport cancel or incrementCounter)`,
      )
    }
    const unsigned = await verifySeaportSignature({
      client: this.options.client,
      chainId,
      seaport,
      signer: order.components.offerer,
      structHash: hashStruct({ data: { orderHash: order.hash }, primaryType: "OrderHash", types: orderHashTypes }),
      signature: offererSignature,
      bulk: false,
    })
    if (unsigned !== undefined) {
      throw refuse(
        `offererSignature is not ${order.components.offerer}'s signature of OrderHash { orderHash: ${order.hash} }: ${unsigned}`,
      )
    }
    order.offChainCancelled = true
    return order
  }

  /** Follows Seaport's events (from the indexer): fills, cancels and counter increments. */
  onLog(chainId: number, log: RpcLog): void {
    if (chainId !== this.deployment.chainId || !isAddressEqual(log.address, this.deployment.seaport)) return
    let event: ReturnType<typeof decodeEventLog<typeof seaportAbi>>
    try {
      event = decodeEventLog({ abi: seaportAbi, topics: log.topics, data: log.data })
    } catch {
      return
    }
    if (event.eventName === "OrderFulfilled") this.book.markFilled(event.args.orderHash)
    if (event.eventName === "OrderCancelled") this.book.markCancelled(event.args.orderHash)
    if (event.eventName === "CounterIncremented")
      this.book.cancelBelowCounter(chainId, event.args.offerer, event.args.newCounter)
  }
}
