/** A signature is asked for only in Seaport 1.6's domain on the chain's Seaport. */
import { describe, expect, it } from "vitest"
import { checkSeaportDomain } from "../../../../../src/apis/opensea/seaport/checkSeaportDomain.js"
import { refusal, seaport, stranger } from "./fixtures.js"

const domain = { name: "Seaport", version: "1.6", chainId: 8453, verifyingContract: seaport }
const expectation = { seaport, chainId: 8453 }

describe("checkSeaportDomain", () => {
  it("lets through Seaport 1.6 on the chain's Seaport, the chain id as a number or a bigint", () => {
    expect(refusal(checkSeaportDomain(expectation, domain))).toBeUndefined()
    expect(
      refusal(
        checkSeaportDomain(expectation, {
          ...domain,
          chainId: 8453n,
          verifyingContract: seaport.toLowerCase() as `0x${string}`,
        }),
      ),
    ).toBeUndefined()
  })

  it("target: refuses another contract, chain, version or name, or a domain without them", () => {
    expect(refusal(checkSeaportDomain(expectation, { ...domain, verifyingContract: stranger }))).toBe("target")
    expect(refusal(checkSeaportDomain(expectation, { ...domain, chainId: 1 }))).toBe("target")
    expect(refusal(checkSeaportDomain(expectation, { ...domain, version: "1.5" }))).toBe("target")
    expect(refusal(checkSeaportDomain(expectation, { ...domain, name: "Seaport2" }))).toBe("target")
    expect(refusal(checkSeaportDomain(expectation, {}))).toBe("target")
    expect(refusal(checkSeaportDomain(expectation, { ...domain, chainId: 8453.5 }))).toBe("target")
  })
})
