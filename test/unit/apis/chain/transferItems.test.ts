import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { getAddress, zeroAddress } from "viem"
import { transferItems } from "../../../../src/apis/chain/transferItems.js"

const NFT = "0x00000000000000000000000000000000000000aa"
const TO = "0x00000000000000000000000000000000000000bb"

const refusal = (to: string, items: ReadonlyArray<Record<string, unknown>>) => Effect.flip(transferItems(to, items))

describe("transferItems", () => {
  it.effect("reads each item's contract, id and quantity (none when unnamed), and the recipient", () =>
    Effect.gen(function* () {
      const read = yield* transferItems(TO, [
        { token: `${NFT}:7` },
        { token: `${NFT}:8`, quantity: 3 },
        { token: `${NFT}:9`, quantity: "2" },
        { token: `${NFT}:10`, quantity: 4n },
      ])
      expect(read.to).toBe(getAddress(TO))
      expect(read.items.map((item) => [item.contract, item.tokenId, item.quantity])).toEqual([
        [getAddress(NFT), 7n, undefined],
        [getAddress(NFT), 8n, 3n],
        [getAddress(NFT), 9n, 2n],
        [getAddress(NFT), 10n, 4n],
      ])
      expect(read.items[0]!.token).toBe(`${NFT}:7`)
    }),
  )

  const malformed: ReadonlyArray<readonly [string, Record<string, unknown>, string]> = [
    ["no `contract:tokenId`", { token: "42" }, "token"],
    ["a contract that is no address", { token: "0x12:1" }, "token"],
    ["a third part", { token: `${NFT}:1:2` }, "token"],
    ["a token id that is not decimal", { token: `${NFT}:0x1` }, "token"],
    ["a quantity of 0", { token: `${NFT}:1`, quantity: 0 }, "quantity"],
    ["a fractional quantity", { token: `${NFT}:1`, quantity: 1.5 }, "quantity"],
    ["a quantity that is no number", { token: `${NFT}:1`, quantity: "two" }, "quantity"],
  ]
  it.effect.each(malformed)("refuses %s, naming the item", ([, item, reason]) =>
    Effect.gen(function* () {
      const error = yield* refusal(TO, [item])
      expect(error).toMatchObject({ _tag: "TransferRefusedError", reason })
      if (typeof item.token === "string") expect(error.token).toBe(item.token)
    }),
  )

  it.effect("refuses a transfer of nothing", () =>
    Effect.map(refusal(TO, []), (error) => expect(error.reason).toBe("token")),
  )

  it.effect("refuses the same token twice, however its address is cased", () =>
    Effect.gen(function* () {
      const error = yield* refusal(TO, [{ token: `${NFT}:1` }, { token: `${getAddress(NFT)}:1` }])
      expect(error).toMatchObject({ reason: "duplicate", token: `${getAddress(NFT)}:1` })
    }),
  )

  it.effect("refuses the zero address, a malformed one and the token's own contract as recipient", () =>
    Effect.gen(function* () {
      expect((yield* refusal(zeroAddress, [{ token: `${NFT}:1` }])).reason).toBe("recipient")
      expect((yield* refusal("0x1234", [{ token: `${NFT}:1` }])).reason).toBe("recipient")
      const locked = yield* refusal(NFT, [{ token: `${TO}:1` }, { token: `${NFT}:1` }])
      expect(locked).toMatchObject({ reason: "recipient", token: `${NFT}:1` })
    }),
  )
})
