/** An order's parameters as OpenSea writes them, as Seaport's typed parameters; a value of another kind is unreadable. */
import { describe, expect, it } from "@effect/vitest"
import * as Result from "effect/Result"
import { componentsOf, parametersOf } from "../../../../../src/apis/opensea/wire/wireOrder.js"

const maker = "0x1111111111111111111111111111111111111111"
const nft = "0x2222222222222222222222222222222222222222"
const zero = "0x0000000000000000000000000000000000000000"
const zeroHash = `0x${"00".repeat(32)}`

const wire = {
  offerer: maker,
  zone: zero,
  offer: [{ itemType: 2, token: nft, identifierOrCriteria: "7", startAmount: "1", endAmount: "1" }],
  consideration: [
    { itemType: 0, token: zero, identifierOrCriteria: "0", startAmount: "0x10", endAmount: 16, recipient: maker },
  ],
  orderType: "0",
  startTime: "1",
  endTime: "2",
  zoneHash: zeroHash,
  salt: "99",
  conduitKey: zeroHash,
  counter: "3",
}

describe("wire orders", () => {
  it("reads decimal strings, JSON numbers and hex alike; every consideration item signed unless told", () => {
    const parameters = Result.getOrThrow(parametersOf(wire))
    expect(parameters.consideration[0]).toMatchObject({ startAmount: 16n, endAmount: 16n })
    expect([parameters.offer[0]!.identifierOrCriteria, parameters.salt]).toEqual([7n, 99n])
    expect(parameters.totalOriginalConsiderationItems).toBe(1n)
    expect(Result.getOrThrow(componentsOf(wire)).counter).toBe(3n)
  })

  it("names the field OpenSea sent as something else: a number that is not one, a hash that is not hex", () => {
    const messageOf = (value: unknown) =>
      Result.match(componentsOf(value), {
        onSuccess: () => "read",
        onFailure: (error) => `${error.reason._tag}: ${error.message}`,
      })
    expect(messageOf({ ...wire, salt: "1.5" })).toBe('Unreadable: OpenSea sent "1.5" as salt, which is not a number')
    expect(messageOf({ ...wire, zoneHash: "zz" })).toBe('Unreadable: OpenSea sent "zz" as zoneHash, which is not hex')
    expect(messageOf({ ...wire, offer: [{ ...wire.offer[0], startAmount: 1.5 }] })).toBe(
      "Unreadable: OpenSea sent 1.5 as offer[0].startAmount, which is not a number",
    )
    expect(messageOf({ offerer: maker })).toMatch(/^Unreadable: OpenSea sent an order to sign tradekit cannot read/)
  })
})
