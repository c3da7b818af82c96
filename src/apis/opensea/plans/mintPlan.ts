import * as Effect from "effect/Effect"
import { type Address, formatUnits, getAddress, type Hex, isAddress, zeroAddress } from "viem"
import { refuseUnsupported } from "../book/bookOptions.js"
import { OpenSeaError } from "../book/OpenSeaError.js"
import { ask, attempt, contractOf, type PlanContext, read } from "../book/PlanContext.js"
import { checkMint } from "../drops/checkMint.js"
import { DropAnswer, MintAnswer } from "../wire/answers.js"
import { decodeRequest } from "../wire/decode.js"
import { bigIntOf } from "../wire/orderOf.js"
import { MintRequest } from "../wire/requests.js"
import { transactionItem } from "./planSteps.js"

/** The only kind of drop whose mint tradekit can check: SeaDrop v1's ERC-721 drops. */
const SEADROP_ERC721 = "seadrop_v1_erc721"

/** OpenSea's mint route takes 1 to 100 tokens at once. */
const MAX_QUANTITY = 100n

/** What one mint request names: the drop's contract and how many tokens, refusing what OpenSea's drops cannot do. */
const mintedItem = (ctx: PlanContext, request: MintRequest) =>
  Effect.gen(function* () {
    yield* read(() => refuseUnsupported(request))
    if (request.currencyChainId !== undefined && request.currencyChainId !== ctx.chain.id)
      return yield* Effect.fail(
        OpenSeaError.unsupported(
          "a cross-chain mint",
          "OpenSea's cross-chain mint hands back bridge transactions whose bytes cannot be checked against the drop",
        ),
      )
    if (request.referrer !== undefined && request.referrer !== "")
      return yield* Effect.fail(
        OpenSeaError.unsupported("`referrer`", "OpenSea's drops pay no referrer; leave `bountyReferrer` unset"),
      )
    const currency = request.currency
    if (currency !== undefined && !(isAddress(currency, { strict: false }) && getAddress(currency) === zeroAddress))
      return yield* Effect.fail(
        OpenSeaError.unsupported("a mint in another currency", "a drop's public mint is paid in the native currency"),
      )
    const [item, ...more] = request.items
    if (item === undefined || more.length > 0)
      return yield* Effect.fail(OpenSeaError.unsupported("minting several collections at once", "mint one per call"))
    if (item.token !== undefined || item.collection === undefined)
      return yield* Effect.fail(
        OpenSeaError.unsupported("minting a given token", "a drop mints the next tokens: name its `collection`"),
      )
    const contract = yield* attempt(() => getAddress(item.collection ?? ""))
    const quantity = item.quantity === undefined ? 1n : yield* read(() => bigIntOf(item.quantity, "quantity"))
    if (quantity < 1n || quantity > MAX_QUANTITY)
      return yield* Effect.fail(OpenSeaError.invalid(`A mint's quantity is from 1 to ${MAX_QUANTITY}, not ${quantity}`))
    return { contract, quantity, minter: yield* attempt(() => getAddress(request.taker)) }
  })

/** The drop of `contract` on OpenSea: its collection's slug, then the drop, which must be a SeaDrop ERC-721 drop. */
const dropOf = (ctx: PlanContext, contract: Address) =>
  Effect.gen(function* () {
    const { slug } = yield* contractOf(ctx, contract)
    const drop = yield* ask(ctx, DropAnswer, "GET", `/api/v2/drops/${encodeURIComponent(slug)}`)
    if (drop.drop_type !== SEADROP_ERC721)
      return yield* Effect.fail(
        OpenSeaError.unsupported(
          `a ${drop.drop_type} drop`,
          "only SeaDrop v1 ERC-721 drops are minted: " +
            "the bytes of other drops (ERC-1155 self-mints) cannot be checked yet",
        ),
      )
    return drop
  })

/**
 * `mint` on OpenSea: the contract's drop found through OpenSea's API (its collection, then the drop), the mint
 * transaction from OpenSea's mint route, and before the wallet, every byte of it held to SeaDrop's published
 * interface and the chain (see checkMint). The path carries the price read on chain, for the price check.
 */
export const mintPlan = (ctx: PlanContext, body: unknown) =>
  Effect.gen(function* () {
    const { contract, quantity, minter } = yield* mintedItem(ctx, yield* decodeRequest(MintRequest, body))
    const drop = yield* dropOf(ctx, contract)
    const answer = yield* ask(
      ctx,
      MintAnswer,
      "POST",
      `/api/v2/drops/${encodeURIComponent(drop.collection_slug)}/mint`,
      {
        minter,
        quantity: Number(quantity),
      },
    )
    const mint = yield* attempt(() => ({
      to: getAddress(answer.to),
      data: answer.data as Hex,
      value: BigInt(answer.value),
      chain: answer.chain,
    }))
    const seaDrop = ctx.config.seaDrop
    const stage = yield* ctx.reads.publicDropOf(seaDrop, contract)
    yield* checkMint(mint, {
      seaDrop,
      nftContract: contract,
      minter,
      quantity,
      chainName: ctx.chainName,
      drop: { chain: drop.chain, contract: yield* attempt(() => getAddress(drop.contract_address)) },
      stage,
      feeRecipientAllowed: (feeRecipient) => ctx.reads.feeRecipientAllowed(seaDrop, contract, feeRecipient),
    }).pipe(Effect.mapError((error) => (error._tag === "OrderCheckError" ? OpenSeaError.refusedBy(error) : error)))
    const native = ctx.chain.viemChain?.nativeCurrency
    const decimals = native?.decimals ?? 18
    return {
      steps: [
        {
          id: "sale",
          action: "Confirm transaction in your wallet",
          description: `Mint ${quantity} from the ${drop.collection_slug} drop`,
          kind: "transaction",
          items: [transactionItem(ctx, minter, mint)],
        },
      ],
      path: [
        {
          contract: contract.toLowerCase(),
          quantity: Number(quantity),
          source: "opensea.io",
          currency: zeroAddress,
          currencySymbol: native?.symbol ?? "ETH",
          currencyDecimals: decimals,
          quote: Number(formatUnits(mint.value, decimals)),
          rawQuote: mint.value.toString(),
        },
      ],
    }
  })
