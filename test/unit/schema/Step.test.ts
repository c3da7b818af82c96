import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { Eip712Sign, Sign, Step, TransactionData } from "../../../src/schema/Step.js"

const from = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
const to = "0x2222222222222222222222222222222222222222"
const typed = {
  signatureKind: "eip712",
  domain: { name: "Seaport", version: "1.6", chainId: 1, verifyingContract: to, extra: "kept" },
  types: { Order: [{ name: "offerer", type: "address" }] },
  primaryType: "Order",
  value: { offerer: from },
}

/** The failure text of decoding `input`, or undefined when it decodes. */
const failureOf = <S extends Schema.Top>(schema: S, input: unknown): string | undefined => {
  const result = Schema.decodeUnknownResult(schema as never)(input)
  return Result.isFailure(result) ? String(result.failure) : undefined
}

describe("Step", () => {
  it("decodes a transaction step, amounts kept as the API sent them", () => {
    const step = {
      id: "sale",
      kind: "transaction",
      items: [{ status: "incomplete", data: { from, to, value: "0x10", gas: 21000 } }],
    }
    expect(Schema.decodeUnknownSync(Step)(step)).toEqual(step)
  })

  it("decodes a signature step whose data is not ready yet", () => {
    const step = { id: "order-signature", kind: "signature", items: [{ status: "incomplete" }] }
    expect(Schema.decodeUnknownSync(Step)(step)).toEqual(step)
  })

  it.each([
    ["an unknown kind", { id: "x", kind: "message" }],
    ["no id", { kind: "transaction" }],
    ["an unknown item status", { id: "x", kind: "transaction", items: [{ status: "done" }] }],
  ])("refuses a step with %s", (_label, input) => {
    expect(failureOf(Step, input)).toBeDefined()
  })

  it("accepts EIP-712 data whose primary type is among its types, extra domain fields and all", () => {
    expect(Schema.decodeUnknownSync(Sign)(typed)).toEqual(typed)
  })

  it("refuses EIP-712 data whose primary type is not among its types, naming it", () => {
    expect(failureOf(Eip712Sign, { ...typed, primaryType: "Offer" })).toContain(
      'a primary type "Offer" that is not among the types',
    )
  })

  it("refuses an EIP-712 domain whose verifying contract is not an address", () => {
    expect(failureOf(Eip712Sign, { ...typed, domain: { verifyingContract: "0x12" } })).toContain("Expected an address")
  })

  it.each([[0], [-1], [1.5]])("refuses a transaction on chain id %s", (chainId) => {
    expect(failureOf(TransactionData, { from, to, chainId })).toBeDefined()
  })
})
