import * as Effect from "effect/Effect"
import type { Address } from "viem"
import { OrderCheckError } from "../../../errors/OrderCheckError.js"
import { sameAddress } from "./SeaportOrder.js"

/** An EIP-712 domain as it goes to the wallet. */
export interface TypedDataDomain {
  readonly name?: string | undefined
  readonly version?: string | undefined
  readonly chainId?: number | bigint | undefined
  readonly verifyingContract?: Address | undefined
}

/** The chain's Seaport, where a signature must be valid. */
export interface SeaportDomainExpectation {
  /** The book, in the error (`opensea` by default). */
  readonly book?: string | undefined
  readonly seaport: Address
  readonly chainId: number
}

/**
 * Refuses a signature for another domain than Seaport 1.6 on the chain's Seaport: an order or a cancel signed for
 * another contract or chain is not the one the user named, and could serve whoever controls that contract.
 */
export const checkSeaportDomain = Effect.fnUntraced(function* (
  expect: SeaportDomainExpectation,
  domain: TypedDataDomain,
): Effect.fn.Return<void, OrderCheckError> {
  const onSeaport =
    domain.name === "Seaport" &&
    domain.version === "1.6" &&
    domain.chainId !== undefined &&
    String(domain.chainId) === String(expect.chainId) &&
    domain.verifyingContract !== undefined &&
    sameAddress(domain.verifyingContract, expect.seaport)
  if (!onSeaport) {
    return yield* OrderCheckError.of({
      book: expect.book ?? "opensea",
      check: "target",
      short: "The signature is not for Seaport 1.6 on the chain's Seaport",
      facts: {
        Expected: `Seaport 1.6 at ${expect.seaport} on chain ${expect.chainId}`,
        Got: `${domain.name} ${domain.version} at ${domain.verifyingContract} on chain ${domain.chainId}`,
      },
    })
  }
})
