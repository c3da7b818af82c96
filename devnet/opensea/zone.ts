/**
 * The server side of the devnet's SIP-7 signed zone (devnet/contracts/SignedZone.sol): signs the `extraData` a
 * fulfilment of a signed-zone order must carry — for one order, one fulfiller, until a deadline a few minutes ahead —
 * as OpenSea signs a fresh one in each fulfilment answer. Cancelling an order off chain is the server refusing to sign.
 */
import {
  type Address,
  concat,
  type Hex,
  type LocalAccount,
  numberToHex,
  parseSignature,
  serializeCompactSignature,
  signatureToCompactSignature,
} from "viem"

/** How long a signed `extraData` stays valid, in seconds of chain time. */
export const ZONE_SIGNATURE_LIFETIME = 300n

/** The EIP-712 type the zone checks. */
export const signedOrderTypes = {
  SignedOrder: [
    { name: "fulfiller", type: "address" },
    { name: "expiration", type: "uint64" },
    { name: "orderHash", type: "bytes32" },
    { name: "context", type: "bytes" },
  ],
} as const

/** What an `extraData` authorises. */
export interface ZoneAuthorisation {
  readonly orderHash: Hex
  /** The only account that may fill with it (Seaport's `fulfiller`: the caller). */
  readonly fulfiller: Address
  /** Chain time (seconds) after which the zone refuses it. */
  readonly expiration: bigint
  /** For a criteria offer, the token the fill must sell (context substandard 1); otherwise none (substandard 0). */
  readonly identifier: bigint | undefined
}

/** The zone's signer, for the zone at `zone` on `chainId`. */
export class ZoneSigner {
  constructor(
    readonly account: LocalAccount,
    readonly chainId: number,
    readonly zone: Address,
  ) {}

  /** SIP-7 `extraData`: 0x00, the fulfiller, the expiration (uint64), the compact signature, the context. */
  async extraData(authorisation: ZoneAuthorisation): Promise<Hex> {
    const { orderHash, fulfiller, expiration, identifier } = authorisation
    const context = identifier === undefined ? "0x00" : concat(["0x01", numberToHex(identifier, { size: 32 })])
    const signature = await this.account.signTypedData({
      domain: { name: "SignedZone", version: "1.0", chainId: this.chainId, verifyingContract: this.zone },
      types: signedOrderTypes,
      primaryType: "SignedOrder",
      message: { fulfiller, expiration, orderHash, context },
    })
    const compact = serializeCompactSignature(signatureToCompactSignature(parseSignature(signature)))
    return concat(["0x00", fulfiller, numberToHex(expiration, { size: 8 }), compact, context])
  }
}
