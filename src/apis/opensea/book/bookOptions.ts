import * as Result from "effect/Result"
import { type Address, getAddress } from "viem"
import { OpenSeaError } from "./OpenSeaError.js"

/**
 * Refuses a request OpenSea cannot honour as asked: a `source` (OpenSea takes no attribution, and dropping it
 * silently would misreport the app's volume), an order for another order book than OpenSea, or a bid on a token set.
 */
export const refuseUnsupported = (body: {
  readonly source?: string | undefined
  readonly params?:
    | ReadonlyArray<{ readonly orderbook?: string | null | undefined; readonly tokenSetId?: string | undefined }>
    | undefined
}): Result.Result<void, OpenSeaError> => {
  if (typeof body.source === "string" && body.source !== "") {
    return Result.fail(
      OpenSeaError.unsupported(
        "`source`",
        "OpenSea takes no source attribution; leave `source` out of the client's settings " +
          `(it was ${JSON.stringify(body.source)})`,
      ),
    )
  }
  for (const param of body.params ?? []) {
    const orderbook = param.orderbook
    if (orderbook !== undefined && orderbook !== null && orderbook !== "" && orderbook !== "opensea") {
      return Result.fail(
        OpenSeaError.unsupported(`the "${String(orderbook)}" order book`, "this client posts orders to OpenSea only"),
      )
    }
    // A token set is the Reservoir protocol's: read as nothing, the bid would become an offer on any token.
    if (param.tokenSetId !== undefined) {
      return Result.fail(
        OpenSeaError.unsupported(
          "`tokenSetId`",
          "OpenSea offers name a token, a collection or a trait: bid with `token`, `collection` or " +
            "`attributeKey`/`attributeValue`",
        ),
      )
    }
  }
  return Result.void
}

/** A fee an order pays to a recipient, in basis points of its price. */
export interface BasisPointsFee {
  readonly recipient: Address
  readonly basisPoints: bigint
}

/**
 * The marketplace fees a listing or bid asks for (`marketplaceFees`, or `fees`, as `"0xrecipient:basisPoints"`),
 * each paid out of the price to its recipient; a malformed entry is refused.
 */
export const marketplaceFeesOf = (param: {
  readonly marketplaceFees?: ReadonlyArray<string> | undefined
  readonly fees?: ReadonlyArray<string> | undefined
}): Result.Result<ReadonlyArray<BasisPointsFee>, OpenSeaError> => {
  const entries: ReadonlyArray<unknown> = param.marketplaceFees ?? param.fees ?? []
  return Result.all(
    entries.map((entry) => {
      const match = typeof entry === "string" ? /^(0x[0-9a-fA-F]{40}):(\d{1,5})$/.exec(entry) : null
      return match === null || BigInt(match[2]!) > 10_000n
        ? Result.fail(
            OpenSeaError.invalid(
              `${JSON.stringify(entry)} is not a marketplace fee ("0xrecipient:basisPoints", at most 10000)`,
            ),
          )
        : Result.succeed({ recipient: getAddress(match[1]!), basisPoints: BigInt(match[2]!) })
    }),
  )
}
