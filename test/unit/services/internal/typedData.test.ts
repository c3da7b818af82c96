import { describe, expect, it } from "@effect/vitest"
import { typedDataOf } from "../../../../src/services/internal/typedData.js"

const mail = [
  { name: "from", type: "address" },
  { name: "contents", type: "string" },
]
const domain = {
  name: "Seaport",
  version: "1.6",
  chainId: 1,
  verifyingContract: "0x0000000000000068F116a894984e2DB1123eB395",
}

describe("typedDataOf", () => {
  it("maps a sign request to viem's typed data: domain, types, primary type and message", () => {
    const value = { from: "0x00000000000000000000000000000000000000a1", contents: "hi" }
    expect(
      typedDataOf({ signatureKind: "eip712", domain, types: { Mail: mail }, primaryType: "Mail", value } as never),
    ).toEqual({ domain, types: { Mail: mail }, primaryType: "Mail", message: value })
  })

  it("drops the EIP712Domain type, which viem derives from the domain itself", () => {
    const domainType = [
      { name: "name", type: "string" },
      { name: "version", type: "string" },
    ]
    const types = { EIP712Domain: domainType, Mail: mail }
    const typedData = typedDataOf({ signatureKind: "eip712", domain, types, primaryType: "Mail", value: {} } as never)
    expect(Object.keys(typedData.types)).toEqual(["Mail"])
    // the step it came from keeps its own types
    expect(types.EIP712Domain).toBe(domainType)
  })
})
