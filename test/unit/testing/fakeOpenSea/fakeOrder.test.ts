/**
 * The fake OpenSea's orders on the wire: what it serves (amounts as decimal strings, its own salt in hex), what
 * Seaport's fulfil calls take (no counter), and what it reads back from a posted order.
 */
import { getAddress, zeroAddress, zeroHash } from "viem"
import { describe, expect, it } from "vitest"
import {
  callParameters,
  componentsOf,
  type FakeOrderComponents,
  wireParameters,
} from "../../../../src/testing/fakeOpenSea/fakeOrder.js"

const MAKER = getAddress("0x00000000000000000000000000000000000000aa")
const FEE = getAddress("0x00000000000000000000000000000000000000fe")
const NFT = getAddress("0x00000000000000000000000000000000000a11ce")
const ZONE = getAddress("0x000056f7000000ece9003ca63978907a00ffd100")

const listing: FakeOrderComponents = {
  offerer: MAKER,
  zone: ZONE,
  offer: [{ itemType: 2, token: NFT, identifierOrCriteria: 7n, startAmount: 1n, endAmount: 1n }],
  consideration: [
    { itemType: 0, token: zeroAddress, identifierOrCriteria: 0n, startAmount: 990n, endAmount: 990n, recipient: MAKER },
    { itemType: 0, token: zeroAddress, identifierOrCriteria: 0n, startAmount: 10n, endAmount: 10n, recipient: FEE },
  ],
  orderType: 2,
  startTime: 1_600_000_000n,
  endTime: 1_900_000_000n,
  zoneHash: zeroHash,
  salt: 255n,
  conduitKey: `0x${"0a".repeat(32)}`,
  counter: 3n,
}

describe("wireParameters", () => {
  it("serves amounts and times as decimal strings, the salt in hex, and counts the consideration items", () => {
    const wire = wireParameters(listing)
    expect(wire.offer).toEqual([
      { itemType: 2, token: NFT, identifierOrCriteria: "7", startAmount: "1", endAmount: "1" },
    ])
    expect(wire.consideration[1]).toEqual({
      itemType: 0,
      token: zeroAddress,
      identifierOrCriteria: "0",
      startAmount: "10",
      endAmount: "10",
      recipient: FEE,
    })
    expect([wire.startTime, wire.endTime, wire.salt, wire.counter]).toEqual(["1600000000", "1900000000", "0xff", "3"])
    expect(wire.totalOriginalConsiderationItems).toBe(2)
  })
})

describe("callParameters", () => {
  it("drops the counter and gives the salt in decimal, as Seaport's OrderParameters", () => {
    const parameters = callParameters(listing)
    expect("counter" in parameters).toBe(false)
    expect(parameters.salt).toBe("255")
    expect(parameters.totalOriginalConsiderationItems).toBe(2)
  })
})

describe("componentsOf", () => {
  it("reads back the components it served", () => {
    expect(componentsOf(JSON.parse(JSON.stringify(wireParameters(listing))))).toEqual(listing)
  })

  it("reads uints as decimal strings, hex or JSON numbers, and lower-case addresses checksummed", () => {
    const posted = { ...wireParameters(listing), offerer: MAKER.toLowerCase(), startTime: 1_600_000_000, salt: "255" }
    const components = componentsOf({ ...posted, endTime: "0x713fb300" })
    expect([components.offerer, components.startTime, components.endTime, components.salt]).toEqual([
      MAKER,
      1_600_000_000n,
      1_900_000_000n,
      255n,
    ])
  })

  it("takes what a post leaves out as Seaport's zero: no zone, no zone hash, counter 0, no items", () => {
    const components = componentsOf({ offerer: MAKER, orderType: 0, startTime: "1", endTime: "2", salt: "3" })
    expect(components).toMatchObject({
      zone: zeroAddress,
      zoneHash: zeroHash,
      counter: 0n,
      offer: [],
      consideration: [],
    })
  })

  it("throws on an address that is not one", () => {
    expect(() => componentsOf({ ...wireParameters(listing), offerer: "0x1234" })).toThrow()
  })
})
