import type { TypedDataDefinition } from "viem"
import type { Sign } from "../../schema/Step.js"

/** Turns an eip712 sign request into viem's typed data definition, dropping the `EIP712Domain` type viem derives. */
export const typedDataOf = (sign: Extract<Sign, { signatureKind: "eip712" }>): TypedDataDefinition => {
  const { EIP712Domain: _domainType, ...types } = sign.types
  return {
    domain: sign.domain,
    types,
    primaryType: sign.primaryType,
    message: sign.value,
  } as TypedDataDefinition
}
