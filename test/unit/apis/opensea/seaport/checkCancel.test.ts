/**
 * A cancel goes out only for the orders the user named: the off-chain `OrderHash` signature and the on-chain
 * `cancel` call, each with a cancel it lets through and hostile ones it refuses.
 */
import { encodeFunctionData, type Hex } from "viem"
import { describe, expect, it } from "vitest"
import {
  type CancelExpectation,
  type CancelSignature,
  checkCancelCall,
  checkCancelSignature,
} from "../../../../../src/apis/opensea/seaport/checkCancel.js"
import { seaportAbi } from "../../../../../src/apis/opensea/seaport/seaportAbi.js"
import { seaportOrderHash } from "../../../../../src/apis/opensea/seaport/seaportOrderHash.js"
import { itemOffer, listing, refusal, seaport, stranger } from "./fixtures.js"

const expectation = (orderHashes: ReadonlyArray<Hex>): CancelExpectation => ({ seaport, chainId: 1, orderHashes })
const signature = (orderHash: Hex, domain: Partial<CancelSignature["domain"]> = {}): CancelSignature => ({
  domain: { name: "Seaport", version: "1.6", chainId: 1, verifyingContract: seaport, ...domain },
  primaryType: "OrderHash",
  message: { orderHash },
})
const cancelling = (...orders: ReadonlyArray<ReturnType<typeof listing>>) => ({
  to: seaport,
  value: 0n,
  data: encodeFunctionData({ abi: seaportAbi, functionName: "cancel", args: [orders] }),
})

describe("checkCancelSignature", () => {
  const hash = seaportOrderHash(listing())

  it("lets through Seaport 1.6's OrderHash of a named order on the chain's Seaport", () => {
    expect(refusal(checkCancelSignature(expectation([hash]), signature(hash)))).toBeUndefined()
  })

  it("cancel: refuses the hash of an order the user did not name", () => {
    expect(refusal(checkCancelSignature(expectation([hash]), signature(seaportOrderHash(itemOffer()))))).toBe("cancel")
  })

  it("target and cancel: refuses another contract, chain or version, and another message type", () => {
    expect(refusal(checkCancelSignature(expectation([hash]), signature(hash, { verifyingContract: stranger })))).toBe(
      "target",
    )
    expect(refusal(checkCancelSignature(expectation([hash]), signature(hash, { chainId: 8453 })))).toBe("target")
    expect(refusal(checkCancelSignature(expectation([hash]), signature(hash, { version: "1.5" })))).toBe("target")
    expect(
      refusal(checkCancelSignature(expectation([hash]), { ...signature(hash), primaryType: "OrderComponents" })),
    ).toBe("cancel")
  })
})

describe("checkCancelCall", () => {
  const named = [seaportOrderHash(listing()), seaportOrderHash(itemOffer({ counter: 2n }))]

  it("lets through a cancel of exactly the named orders, each at its counter, in any order", () => {
    expect(
      refusal(checkCancelCall(expectation(named), cancelling(itemOffer({ counter: 2n }), listing()))),
    ).toBeUndefined()
  })

  it("cancel: refuses an extra order, a missing one, or one at another counter", () => {
    expect(
      refusal(
        checkCancelCall(expectation(named), cancelling(listing(), itemOffer({ counter: 2n }), listing({ salt: 1n }))),
      ),
    ).toBe("cancel")
    expect(refusal(checkCancelCall(expectation(named), cancelling(listing())))).toBe("cancel")
    expect(refusal(checkCancelCall(expectation(named), cancelling(itemOffer({ counter: 2n }))))).toBe("cancel")
    expect(refusal(checkCancelCall(expectation(named), cancelling(listing(), itemOffer())))).toBe("cancel")
  })

  it("target, value and function: refuses another contract, native value, or another Seaport function", () => {
    const call = cancelling(listing(), itemOffer({ counter: 2n }))
    expect(refusal(checkCancelCall(expectation(named), { ...call, to: stranger }))).toBe("target")
    expect(refusal(checkCancelCall(expectation(named), { ...call, value: 1n }))).toBe("value")
    const counter = encodeFunctionData({ abi: seaportAbi, functionName: "getCounter", args: [stranger] })
    expect(refusal(checkCancelCall(expectation(named), { ...call, data: counter }))).toBe("function")
  })
})
