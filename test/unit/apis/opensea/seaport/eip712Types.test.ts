/**
 * The EIP-712 types a wallet signs Seaport orders and OpenSea cancels with: held to seaport-js's own definitions and
 * to the type strings Seaport 1.6 hashes, so a typo in a field name or type cannot change what users sign.
 */
import { describe, expect, it } from "@effect/vitest"
import { EIP_712_ORDER_TYPE } from "@opensea/seaport-js/lib/constants.js"
import { TypedDataEncoder } from "ethers"
import { ORDER_COMPONENTS_TYPES, ORDER_HASH_TYPES } from "../../../../../src/apis/opensea/seaport/eip712Types.js"

describe("ORDER_COMPONENTS_TYPES", () => {
  it("are seaport-js's OrderComponents types, field for field and in order", () => {
    expect(ORDER_COMPONENTS_TYPES).toEqual(EIP_712_ORDER_TYPE)
  })

  it("encode the type string Seaport 1.6 derives its order type hash from", () => {
    expect(TypedDataEncoder.from(ORDER_COMPONENTS_TYPES).encodeType("OrderComponents")).toBe(
      "OrderComponents(address offerer,address zone,OfferItem[] offer,ConsiderationItem[] consideration," +
        "uint8 orderType,uint256 startTime,uint256 endTime,bytes32 zoneHash,uint256 salt,bytes32 conduitKey," +
        "uint256 counter)" +
        "ConsiderationItem(uint8 itemType,address token,uint256 identifierOrCriteria,uint256 startAmount," +
        "uint256 endAmount,address recipient)" +
        "OfferItem(uint8 itemType,address token,uint256 identifierOrCriteria,uint256 startAmount,uint256 endAmount)",
    )
  })
})

describe("ORDER_HASH_TYPES", () => {
  it("are OpenSea's off-chain cancel message: one order hash", () => {
    expect(TypedDataEncoder.from(ORDER_HASH_TYPES).encodeType("OrderHash")).toBe("OrderHash(bytes32 orderHash)")
    expect(TypedDataEncoder.from(ORDER_HASH_TYPES).primaryType).toBe("OrderHash")
  })
})
