import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { type Address, getAddress, type Hex, pad } from "viem"
import { crossChainPurchases } from "../../../../../src/apis/opensea/book/crossChainPurchases.js"
import { ChainReader } from "../../../../../src/apis/opensea/chain/chainReads.js"
import { mainnet } from "../../../../../src/chains/mainnet.js"
import type { BookStatus } from "../../../../../src/schema/BookStatus.js"
import type { Check } from "../../../../../src/schema/Step.js"
import type { OrderBookService, TransactionReport } from "../../../../../src/services/OrderBook.js"
import { makeFakeChainReads, transferReceipt } from "../../../../../src/testing/index.js"

const CHAIN = { ...mainnet, baseApiUrl: "", websocketUrl: undefined, active: true }
const NFT: Address = getAddress("0x00000000000000000000000000000000000af001")
const BUYER: Address = getAddress("0x000000000000000000000000000000000000b0b0")
const STRANGER: Address = getAddress("0x000000000000000000000000000000000000bad1")
const DEPOSIT: Hex = pad("0xd1", { size: 32 })
const CHECK: Check = { endpoint: "/intents/status/v3?requestId=0x01", method: "GET" }

/** A cross-chain book that answers `status` for every check, and records the reports it is told. */
const bookAnswering = (status: BookStatus, reports: Array<TransactionReport> = []): OrderBookService => ({
  name: "relay",
  actions: new Set(["call"]),
  forChain: () =>
    Result.succeed({
      plan: () => Effect.die("not planned here"),
      post: () => Effect.die("not posted here"),
      checkItem: () => Effect.void,
      transactionStatus: () => Effect.succeed(status),
      report: (report) => Effect.sync(() => void reports.push(report)),
    }),
})

const readerOf = (chain: ReturnType<typeof makeFakeChainReads>) =>
  Effect.runSync(Effect.service(ChainReader).pipe(Effect.provide(chain.layer)))

const outcome = (standard: "erc721" | "erc1155", quantity = 1n) => ({
  chain: CHAIN,
  buyer: BUYER,
  contract: NFT,
  tokenId: 7n,
  standard,
  quantity,
})

const success: BookStatus = { status: "success", txHashes: [pad("0xaa", { size: 32 })], destinationChainId: 1 }

describe("crossChainPurchases", () => {
  it.effect("the book's success stands once the buyer owns the ERC-721 on the listing's chain", () =>
    Effect.gen(function* () {
      const chain = makeFakeChainReads().setOwner(NFT, 7n, BUYER)
      const purchases = crossChainPurchases(bookAnswering(success), readerOf(chain))
      purchases.expect(CHECK, outcome("erc721"))
      expect(yield* purchases.on(CHAIN).transactionStatus(DEPOSIT, CHECK)).toEqual(success)
    }),
  )

  it.effect("a success that leaves the ERC-721 with someone else fails the purchase, naming buyer and token", () =>
    Effect.gen(function* () {
      const chain = makeFakeChainReads().setOwner(NFT, 7n, STRANGER)
      const purchases = crossChainPurchases(bookAnswering(success), readerOf(chain))
      purchases.expect(CHECK, outcome("erc721"))
      const answer = yield* purchases.on(CHAIN).transactionStatus(DEPOSIT, CHECK)
      expect(answer.status).toBe("failure")
      expect(answer.details).toContain(`${BUYER} does not hold ${NFT}:7 on chain 1`)
    }),
  )

  it.effect("ERC-1155: the buyer must hold at least the units bought", () =>
    Effect.gen(function* () {
      const chain = makeFakeChainReads().setUnits(NFT, BUYER, 7n, 2n)
      const purchases = crossChainPurchases(bookAnswering(success), readerOf(chain))
      purchases.expect(CHECK, outcome("erc1155", 3n))
      expect((yield* purchases.on(CHAIN).transactionStatus(DEPOSIT, CHECK)).status).toBe("failure")
      chain.setUnits(NFT, BUYER, 7n, 3n)
      expect((yield* purchases.on(CHAIN).transactionStatus(DEPOSIT, CHECK)).status).toBe("success")
    }),
  )

  it.effect("the book's other answers pass as they are; a check it was not told of keeps the book's success", () =>
    Effect.gen(function* () {
      const chain = makeFakeChainReads().setOwner(NFT, 7n, STRANGER)
      const refund: BookStatus = { status: "failure", details: "refunded", refund: { chainId: 8453 } }
      const refunded = crossChainPurchases(bookAnswering(refund), readerOf(chain))
      refunded.expect(CHECK, outcome("erc721"))
      expect(yield* refunded.on(CHAIN).transactionStatus(DEPOSIT, CHECK)).toEqual(refund)
      const untold = crossChainPurchases(bookAnswering(success), readerOf(chain))
      expect(yield* untold.on(CHAIN).transactionStatus(DEPOSIT, CHECK)).toEqual(success)
    }),
  )

  it.effect("a transaction with no check has its receipt's word: pending unmined, success, failure reverted", () =>
    Effect.gen(function* () {
      const chain = makeFakeChainReads()
      const on = crossChainPurchases(bookAnswering(success), readerOf(chain)).on(CHAIN)
      expect(yield* on.transactionStatus(DEPOSIT, undefined)).toEqual({ status: "pending" })
      chain.setReceipt(DEPOSIT, transferReceipt(DEPOSIT, []))
      expect(yield* on.transactionStatus(DEPOSIT, undefined)).toEqual({ status: "success" })
      chain.setReceipt(DEPOSIT, { ...transferReceipt(DEPOSIT, []), status: "reverted" })
      expect((yield* on.transactionStatus(DEPOSIT, undefined)).status).toBe("failure")
    }),
  )

  it.effect("reports go to the cross-chain book", () =>
    Effect.gen(function* () {
      const reports: Array<TransactionReport> = []
      const on = crossChainPurchases(bookAnswering(success, reports), readerOf(makeFakeChainReads())).on(CHAIN)
      yield* on.report?.({ requestId: "0x01", txHash: DEPOSIT, stepId: "deposit" }) ?? Effect.void
      expect(reports).toEqual([{ requestId: "0x01", txHash: DEPOSIT, stepId: "deposit" }])
    }),
  )
})
