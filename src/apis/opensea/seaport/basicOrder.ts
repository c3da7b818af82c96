import type { Address, Hex } from "viem"
import { type AdvancedOrder, type ConsiderationItem, ItemType } from "./SeaportOrder.js"

/** `BasicOrderParameters` as viem decodes them from a `fulfillBasicOrder` call. */
export interface BasicOrderParameters {
  readonly considerationToken: Address
  readonly considerationIdentifier: bigint
  readonly considerationAmount: bigint
  readonly offerer: Address
  readonly zone: Address
  readonly offerToken: Address
  readonly offerIdentifier: bigint
  readonly offerAmount: bigint
  readonly basicOrderType: number
  readonly startTime: bigint
  readonly endTime: bigint
  readonly zoneHash: Hex
  readonly salt: bigint
  readonly offererConduitKey: Hex
  readonly fulfillerConduitKey: Hex
  readonly totalOriginalAdditionalRecipients: bigint
  readonly additionalRecipients: ReadonlyArray<{ readonly amount: bigint; readonly recipient: Address }>
  readonly signature: Hex
}

/**
 * What each basic order route trades, as Seaport's `BasicOrderRouteType` (the basic order type over 4) reads it:
 * the offered item, the item paid to the offerer, and the item type the additional recipients get.
 */
const ROUTES: ReadonlyArray<{ readonly offered: number; readonly received: number; readonly additional: number }> = [
  { offered: ItemType.ERC721, received: ItemType.NATIVE, additional: ItemType.NATIVE },
  { offered: ItemType.ERC1155, received: ItemType.NATIVE, additional: ItemType.NATIVE },
  { offered: ItemType.ERC721, received: ItemType.ERC20, additional: ItemType.ERC20 },
  { offered: ItemType.ERC1155, received: ItemType.ERC20, additional: ItemType.ERC20 },
  { offered: ItemType.ERC20, received: ItemType.ERC721, additional: ItemType.ERC20 },
  { offered: ItemType.ERC20, received: ItemType.ERC1155, additional: ItemType.ERC20 },
]

/**
 * The order a basic fulfilment fills, as Seaport derives it (and its hash): one offered item, the offerer's item
 * first in the consideration, then one item per additional recipient — in the consideration's currency, or for an
 * offer (routes 4 and 5) in the offered ERC-20, which Seaport pays out of the offer before the fulfiller gets the
 * rest: the same net as a fulfiller paying it. Recipients after `totalOriginalAdditionalRecipients` are tips. A
 * route Seaport does not know is `undefined`.
 */
export const orderOfBasicParameters = (basic: BasicOrderParameters): AdvancedOrder | undefined => {
  const route = ROUTES[basic.basicOrderType >> 2]
  if (route === undefined) return undefined
  const additionalToken = route.offered === ItemType.ERC20 ? basic.offerToken : basic.considerationToken
  const additional = basic.additionalRecipients.map(
    (entry): ConsiderationItem => ({
      itemType: route.additional,
      token: additionalToken,
      identifierOrCriteria: 0n,
      startAmount: entry.amount,
      endAmount: entry.amount,
      recipient: entry.recipient,
    }),
  )
  return {
    parameters: {
      offerer: basic.offerer,
      zone: basic.zone,
      offer: [
        {
          itemType: route.offered,
          token: basic.offerToken,
          identifierOrCriteria: basic.offerIdentifier,
          startAmount: basic.offerAmount,
          endAmount: basic.offerAmount,
        },
      ],
      consideration: [
        {
          itemType: route.received,
          token: basic.considerationToken,
          identifierOrCriteria: basic.considerationIdentifier,
          startAmount: basic.considerationAmount,
          endAmount: basic.considerationAmount,
          recipient: basic.offerer,
        },
        ...additional,
      ],
      orderType: basic.basicOrderType & 3,
      startTime: basic.startTime,
      endTime: basic.endTime,
      zoneHash: basic.zoneHash,
      salt: basic.salt,
      conduitKey: basic.offererConduitKey,
      totalOriginalConsiderationItems: basic.totalOriginalAdditionalRecipients + 1n,
    },
    numerator: 1n,
    denominator: 1n,
    signature: basic.signature,
    extraData: "0x",
  }
}
