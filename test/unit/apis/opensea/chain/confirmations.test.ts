/**
 * The token transfers of a sale, read from its receipts' logs: ERC-721 `Transfer`s and ERC-1155 `TransferSingle`s,
 * never an ERC-20 payment, and nothing yet for a transaction not mined.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { Address, Hex } from "viem"
import { transfersOf } from "../../../../../src/apis/opensea/chain/confirmations.js"
import { makeFakeChainReads } from "../../../../../src/testing/FakeChainReads.js"
import { logOf, readsOf, receiptWith, transferAbis } from "./chainKit.js"

const NFT: Address = "0x3333333333333333333333333333333333333333"
const EDITIONS: Address = "0x4444444444444444444444444444444444444444"
const WETH: Address = "0x5555555555555555555555555555555555555555"
const SELLER: Address = "0x1111111111111111111111111111111111111111"
const BUYER: Address = "0x2222222222222222222222222222222222222222"
const SEAPORT: Address = "0x0000000000000068F116a894984e2DB1123eB395"
const TX_A: Hex = `0x${"0a".repeat(32)}`
const TX_B: Hex = `0x${"0b".repeat(32)}`

const erc721 = logOf(NFT, transferAbis.erc721, "Transfer", { from: SELLER, to: BUYER, tokenId: 42n })
const erc1155 = logOf(EDITIONS, transferAbis.erc1155, "TransferSingle", {
  operator: SEAPORT,
  from: SELLER,
  to: BUYER,
  id: 7n,
  value: 3n,
})
const erc20 = logOf(WETH, transferAbis.erc20, "Transfer", { from: BUYER, to: SELLER, value: 10n ** 18n })

describe("transfersOf", () => {
  it.effect("reads an ERC-721 transfer as one unit, in lower case", () =>
    Effect.gen(function* () {
      const chain = makeFakeChainReads().setReceipt(TX_A, receiptWith(TX_A, [erc721]))
      expect(yield* transfersOf(readsOf(chain), [TX_A])).toEqual({
        transfers: [
          {
            txHash: TX_A,
            token: { contract: NFT.toLowerCase(), tokenId: "42" },
            from: SELLER.toLowerCase(),
            to: BUYER.toLowerCase(),
            amount: "1",
          },
        ],
      })
    }),
  )

  it.effect("reads an ERC-1155 transfer with its units, from owner to recipient (not the operator)", () =>
    Effect.gen(function* () {
      const chain = makeFakeChainReads().setReceipt(TX_A, receiptWith(TX_A, [erc1155]))
      const { transfers } = yield* transfersOf(readsOf(chain), [TX_A])
      expect(transfers).toEqual([
        {
          txHash: TX_A,
          token: { contract: EDITIONS.toLowerCase(), tokenId: "7" },
          from: SELLER.toLowerCase(),
          to: BUYER.toLowerCase(),
          amount: "3",
        },
      ])
    }),
  )

  it.effect("leaves out an ERC-20 payment, whose amount is no token id", () =>
    Effect.gen(function* () {
      const chain = makeFakeChainReads().setReceipt(TX_A, receiptWith(TX_A, [erc20, erc721]))
      const { transfers } = yield* transfersOf(readsOf(chain), [TX_A])
      expect(transfers.map((transfer) => transfer.token.contract)).toEqual([NFT.toLowerCase()])
    }),
  )

  it.effect("leaves out logs of other events", () =>
    Effect.gen(function* () {
      const other = { address: NFT, topics: [`0x${"12".repeat(32)}` as Hex], data: "0x" as Hex }
      const chain = makeFakeChainReads().setReceipt(TX_A, receiptWith(TX_A, [other]))
      expect(yield* transfersOf(readsOf(chain), [TX_A])).toEqual({ transfers: [] })
    }),
  )

  it.effect("reads every transaction's receipt in order, and none yet of one not mined", () =>
    Effect.gen(function* () {
      const chain = makeFakeChainReads()
        .setReceipt(TX_A, receiptWith(TX_A, [erc721]))
        .setReceipt(TX_B, receiptWith(TX_B, [erc1155]))
      const { transfers } = yield* transfersOf(readsOf(chain), [TX_B, `0x${"0c".repeat(32)}`, TX_A])
      expect(transfers.map((transfer) => transfer.txHash)).toEqual([TX_B, TX_A])
      expect(yield* transfersOf(readsOf(makeFakeChainReads()), [TX_A])).toEqual({ transfers: [] })
    }),
  )
})
