import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { type Address, getAddress } from "viem"
import { heldItem, type TransferReads } from "../../../../src/apis/chain/heldItem.js"

const WALLET = getAddress("0x0000000000000000000000000000000000000001")
const TO = getAddress("0x0000000000000000000000000000000000000002")
const NFT = getAddress("0x00000000000000000000000000000000000000a1")

/** A chain where `NFT` is an ERC-721 owned by `owner`, or an ERC-1155 of which the wallet holds `units`. */
const reads = (standard: "erc721" | "erc1155", owner: Address | undefined, units = 0n): TransferReads<never> => ({
  supportsInterface: (_, id) => Effect.succeed(id === (standard === "erc721" ? "0x80ac58cd" : "0xd9b67a26")),
  ownerOf: () => Effect.succeed(owner),
  unitsOf: () => Effect.succeed(units),
  hasCode: () => Effect.succeed(true),
  isApprovedForAll: () => Effect.succeed(false),
})
const item = (quantity?: bigint) => ({ token: `${NFT}:7`, contract: NFT, tokenId: 7n, quantity })

describe("heldItem", () => {
  it.effect("an ERC-721 the wallet owns moves 1; one at the recipient counts as held only on a resume", () =>
    Effect.gen(function* () {
      expect(yield* heldItem(reads("erc721", WALLET), WALLET, TO, item(), false)).toMatchObject({
        standard: "erc721",
        quantity: 1n,
      })
      expect((yield* Effect.flip(heldItem(reads("erc721", TO), WALLET, TO, item(), false))).reason).toBe("owner")
      expect((yield* heldItem(reads("erc721", TO), WALLET, TO, item(), true)).standard).toBe("erc721")
    }),
  )

  it.effect("ERC-1155 units: one by default, refused beyond the balance except on a resume", () =>
    Effect.gen(function* () {
      expect((yield* heldItem(reads("erc1155", undefined, 3n), WALLET, TO, item(), false)).quantity).toBe(1n)
      const short = reads("erc1155", undefined, 1n)
      expect((yield* Effect.flip(heldItem(short, WALLET, TO, item(2n), false))).reason).toBe("balance")
      expect((yield* heldItem(short, WALLET, TO, item(2n), true)).quantity).toBe(2n)
    }),
  )

  it.effect("a contract of neither standard is refused, naming the item", () =>
    Effect.gen(function* () {
      const none: TransferReads<never> = { ...reads("erc721", WALLET), supportsInterface: () => Effect.succeed(false) }
      expect(yield* Effect.flip(heldItem(none, WALLET, TO, item(), false))).toMatchObject({
        reason: "standard",
        token: `${NFT}:7`,
      })
    }),
  )
})
