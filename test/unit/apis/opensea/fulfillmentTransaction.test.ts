/**
 * OpenSea's `fulfillment_data.transaction` encoded with Seaport's ABI as the wire sends it: alias function names,
 * numbers as JSON numbers, decimal strings or hex, the web3j address wrapper, `calldata_suffix`.
 */

import * as Result from "effect/Result"
import { decodeFunctionData, parseEther, zeroAddress, zeroHash } from "viem"
import { describe, expect, it } from "vitest"
import { OpenSeaError } from "../../../../src/apis/opensea/book/OpenSeaError.js"
import { fulfillmentTransaction } from "../../../../src/apis/opensea/plans/fulfillmentTransaction.js"
import { seaportAbi } from "../../../../src/apis/opensea/seaport/seaportAbi.js"

const seaport = "0x0000000000000068F116a894984e2DB1123eB395"
const maker = "0x1111111111111111111111111111111111111111"
const nft = "0x2222222222222222222222222222222222222222"
const creator = "0x3333333333333333333333333333333333333333"

/** A basic order's parameters, each number in another of the wire's spellings. */
const basicParameters = {
  considerationToken: zeroAddress,
  considerationIdentifier: 0,
  considerationAmount: "97500000000000000",
  offerer: maker,
  zone: zeroAddress,
  offerToken: nft,
  offerIdentifier: "0x2a",
  offerAmount: "1",
  basicOrderType: 0,
  startTime: 1_700_000_000,
  endTime: "1800000000",
  zoneHash: zeroHash,
  salt: "0x3d958fe2000000000000000000000000000000000000000068d9b1c1e2b3a0f4",
  offererConduitKey: "0x0000007b02230091a7ed01230072f7006a004d60a8d4e71d599b8104250f0000",
  fulfillerConduitKey: zeroHash,
  totalOriginalAdditionalRecipients: 1,
  additionalRecipients: [{ amount: 2_500_000_000_000_000, recipient: creator }],
  signature: "0x1234",
}

const basicTransaction = {
  function:
    "fulfillBasicOrder_efficient_6GL6yc((address,uint256,uint256,address,address,address,uint256,uint256,uint8,uint256,uint256,bytes32,uint256,bytes32,bytes32,uint256,(uint256,address)[],bytes))",
  chain: 1,
  to: seaport,
  value: "100000000000000000",
  input_data: { parameters: basicParameters },
  unknown_field: "ignored",
}

describe("fulfillmentTransaction", () => {
  it("encodes the alias of fulfillBasicOrder, reading numbers as JSON numbers, decimal strings and hex", () => {
    const call = Result.getOrThrow(fulfillmentTransaction(basicTransaction))
    expect(call.to).toBe(seaport)
    expect(call.value).toBe(parseEther("0.1"))
    const decoded = decodeFunctionData({ abi: seaportAbi, data: call.data })
    expect(decoded.functionName).toBe("fulfillBasicOrder_efficient_6GL6yc")
    const [parameters] = decoded.args as unknown as [Record<string, unknown>]
    expect(parameters).toMatchObject({
      offerIdentifier: 42n,
      startTime: 1_700_000_000n,
      endTime: 1_800_000_000n,
      considerationAmount: 97_500_000_000_000_000n,
      additionalRecipients: [{ amount: 2_500_000_000_000_000n, recipient: creator }],
    })
  })

  it("appends calldata_suffix to the call", () => {
    const call = Result.getOrThrow(fulfillmentTransaction({ ...basicTransaction, calldata_suffix: "0x72db8c0b" }))
    expect(call.data.endsWith("72db8c0b")).toBe(true)
    expect(call.data.slice(0, -8)).toBe(Result.getOrThrow(fulfillmentTransaction(basicTransaction)).data)
  })

  it("sends no value when the answer has none, and reads the recipient in the web3j wrapper", () => {
    const order = {
      parameters: {
        offerer: maker,
        zone: zeroAddress,
        offer: [{ itemType: 2, token: nft, identifierOrCriteria: "7", startAmount: "1", endAmount: "1" }],
        consideration: [
          {
            itemType: 1,
            token: creator,
            identifierOrCriteria: 0,
            startAmount: "10",
            endAmount: "10",
            recipient: maker,
          },
        ],
        orderType: 0,
        startTime: "0",
        endTime: "0xffffffff",
        zoneHash: zeroHash,
        salt: "1",
        conduitKey: zeroHash,
        totalOriginalConsiderationItems: 1,
      },
      numerator: 1,
      denominator: 1,
      signature: "0x",
      extraData: "0x",
    }
    const call = Result.getOrThrow(
      fulfillmentTransaction({
        function:
          "fulfillAdvancedOrder(((address,address,(uint8,address,uint256,uint256,uint256)[],(uint8,address,uint256,uint256,uint256,address)[],uint8,uint256,uint256,bytes32,uint256,bytes32,uint256),uint120,uint120,bytes,bytes),(uint256,uint8,uint256,uint256,bytes32[])[],bytes32,address)",
        to: seaport,
        input_data: {
          advancedOrder: order,
          criteriaResolvers: [],
          fulfillerConduitKey: zeroHash,
          recipient: { value: creator, typeAsString: "address" },
        },
      }),
    )
    expect(call.value).toBe(0n)
    const decoded = decodeFunctionData({ abi: seaportAbi, data: call.data })
    expect(decoded.functionName).toBe("fulfillAdvancedOrder")
    expect(decoded.args?.[3]).toBe(creator)
  })

  it("refuses a function tradekit does not know, and a number that is not one, as unreadable OpenSeaErrors", () => {
    expect(() =>
      Result.getOrThrow(
        fulfillmentTransaction({ ...basicTransaction, function: "transferFrom(address,address,uint256)" }),
      ),
    ).toThrow(OpenSeaError)
    try {
      Result.getOrThrow(
        fulfillmentTransaction({
          ...basicTransaction,
          input_data: { parameters: { ...basicParameters, offerAmount: "1.5" } },
        }),
      )
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(OpenSeaError)
      expect((error as OpenSeaError).reason._tag).toBe("Unreadable")
      expect((error as OpenSeaError).message).toContain("parameters.offerAmount")
    }
  })
})
