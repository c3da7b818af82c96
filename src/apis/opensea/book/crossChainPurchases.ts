import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import type { Address, Hex } from "viem"
import type { ChainConfig } from "../../../chains/ChainConfig.js"
import type { BookStatus } from "../../../schema/BookStatus.js"
import type { Check, Step, StepItem } from "../../../schema/Step.js"
import type { ChainOrderBook, OrderBookService } from "../../../services/OrderBook.js"
import type { ChainReaderService } from "../chain/chainReads.js"

/** What a cross-chain purchase must leave on its destination chain: the token bought, held by the buyer. */
export interface CrossChainOutcome {
  /** The listing's chain, where the purchase is made. */
  readonly chain: ChainConfig
  readonly buyer: Address
  readonly contract: Address
  readonly tokenId: bigint
  readonly standard: "erc721" | "erc1155"
  readonly quantity: bigint
}

/** The methods of a book on one chain that follow the cross-chain book's items (those with its status `check`). */
type CrossChainMethods = Pick<ChainOrderBook, "checkItem" | "report"> & {
  readonly transactionStatus: NonNullable<ChainOrderBook["transactionStatus"]>
}

/** OpenSea's purchases paid on another chain: the book that carries them, and how their outcome is followed. */
export interface CrossChainPurchases {
  /** The book that plans the cross-chain call (Relay's). */
  readonly book: OrderBookService
  /** Remembers what the request followed by `check` must leave on its destination chain. */
  readonly expect: (check: Check, outcome: CrossChainOutcome) => void
  /** The cross-chain book's checks, statuses and reports, from the book on `chain`. */
  readonly on: (chain: ChainConfig) => CrossChainMethods
}

const pending: BookStatus = { status: "pending" }

/** A transaction's receipt as a status: mined and successful, reverted, or not mined yet. */
const receiptStatus = (reader: ChainReaderService, chain: ChainConfig, hash: Hex): Effect.Effect<BookStatus> =>
  Effect.flatMap(reader.forChain(chain), (reads) => reads.receipt(hash)).pipe(
    Effect.map(
      (receipt): BookStatus =>
        receipt === undefined
          ? pending
          : receipt.status === "success"
            ? { status: "success" }
            : { status: "failure", details: `transaction ${hash} reverted` },
    ),
    Effect.orElseSucceed(() => pending),
  )

/** Whether the buyer holds what the purchase bought, read on its chain; undefined when the chain cannot say yet. */
const bought = (reader: ChainReaderService, outcome: CrossChainOutcome): Effect.Effect<boolean | undefined> =>
  Effect.flatMap(reader.forChain(outcome.chain), (reads) =>
    outcome.standard === "erc721"
      ? Effect.map(
          reads.ownerOf(outcome.contract, outcome.tokenId),
          (owner) => owner?.toLowerCase() === outcome.buyer.toLowerCase(),
        )
      : Effect.map(
          reads.unitsOf(outcome.contract, outcome.buyer, outcome.tokenId),
          (units) => units >= outcome.quantity,
        ),
  ).pipe(Effect.orElseSucceed(() => undefined))

/**
 * Purchases paid on another chain through `book` (Relay's): its items (those with a status `check`) are checked,
 * followed and reported by it; its `success` stands only once the buyer holds the token on the listing's chain (a
 * success that leaves it elsewhere fails the purchase). Any other transaction of the plan has its receipt's word.
 */
export const crossChainPurchases = (book: OrderBookService, reader: ChainReaderService): CrossChainPurchases => {
  const outcomes = new Map<string, CrossChainOutcome>()
  const bookOn = (chain: ChainConfig) => Result.getOrUndefined(book.forChain(chain))
  const outcomeOf = (success: BookStatus, check: Check): Effect.Effect<BookStatus> => {
    const outcome = outcomes.get(check.endpoint)
    if (outcome === undefined) return Effect.succeed(success)
    return Effect.map(bought(reader, outcome), (holds): BookStatus => {
      if (holds === undefined) return pending
      if (holds) return success
      return {
        status: "failure",
        details:
          `${book.name} reported success, but ${outcome.buyer} does not hold ` +
          `${outcome.contract}:${outcome.tokenId} on chain ${outcome.chain.id}`,
      }
    })
  }
  return {
    book,
    expect: (check, outcome) => {
      outcomes.set(check.endpoint, outcome)
    },
    on: (chain) => ({
      checkItem: (step: Step, item: StepItem) => bookOn(chain)?.checkItem(step, item) ?? Effect.void,
      transactionStatus: (hash, check) => {
        const status = check === undefined ? undefined : bookOn(chain)?.transactionStatus
        if (check === undefined || status === undefined) return receiptStatus(reader, chain, hash)
        return Effect.flatMap(status(hash, check), (answer) =>
          answer.status === "success" ? outcomeOf(answer, check) : Effect.succeed(answer),
        )
      },
      report: (report) => bookOn(chain)?.report?.(report) ?? Effect.void,
    }),
  }
}
