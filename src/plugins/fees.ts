import * as Effect from "effect/Effect"
import { definePlugin, type PluginContext, type RequestBody } from "./Plugin.js"

const isDefaultOrderbook = (orderbook: unknown): boolean =>
  orderbook === undefined || orderbook === null || orderbook === "" || orderbook === "reservoir"

const nonEmpty = (fees: ReadonlyArray<string> | undefined): ReadonlyArray<string> | undefined =>
  fees !== undefined && fees.length > 0 ? fees : undefined

/** Adds the marketplace fees and automated royalties of the client to one listing or bid, when it has none. */
const withFees = (
  item: Readonly<Record<string, unknown>>,
  context: PluginContext,
): Readonly<Record<string, unknown>> => {
  let next = item
  if (isDefaultOrderbook(item.orderbook) && !("fees" in item) && !("marketplaceFees" in item)) {
    const fees = nonEmpty(context.chain.marketplaceFees) ?? nonEmpty(context.settings.marketplaceFees)
    if (fees !== undefined) next = { ...next, marketplaceFees: [...fees] }
  }
  if (!("automatedRoyalties" in item) && context.settings.automatedRoyalties !== undefined) {
    next = { ...next, automatedRoyalties: context.settings.automatedRoyalties }
  }
  return next
}

/**
 * The fees plugin (request transform): on list and bid, an order for the default order book (`reservoir`, or
 * none) that has neither `fees` nor `marketplaceFees` gets the chain's `marketplaceFees`, else the client's;
 * `automatedRoyalties` is copied from the settings when the order lacks it. The caller's objects are not changed.
 */
export const feesPlugin = definePlugin({
  name: "fees",
  transformRequest: (body: RequestBody, context: PluginContext) =>
    Effect.sync(() => {
      if ((context.action !== "list" && context.action !== "bid") || !Array.isArray(body.params)) return body
      return {
        ...body,
        params: (body.params as ReadonlyArray<Readonly<Record<string, unknown>>>).map((item) =>
          withFees(item, context),
        ),
      }
    }),
})
