/**
 * `POST /execute/cancel/v3`: cancels orders of one maker. By default off-chain: a `cancellation-signature`
 * (eip191 raw digest, or eip712 with `signatureKind: "eip712"`) posted to `/execute/cancel-signature/v1`.
 * With `onChain: true`, a `cancellation` transaction calling `Exchange.cancel` from the maker.
 */
import { encodeFunctionData, type Hex } from "viem"
import { exchangeAbi } from "../../artifacts/index.js"
import type { BookOrder } from "../../core/orderBook.js"
import { type CancellationSignatureKind, cancellationSign } from "../cancellation.js"
import { requireOrigin } from "../chainReads.js"
import { badRequest, type Route } from "../http.js"
import { executeResponse, orderPathEntry, step, transactionCheck, txItem } from "../steps.js"
import { boolean, nonEmptyArray, object, optionalString, string } from "../validate.js"

export const cancelRoute: Route = {
  method: "POST",
  pattern: "/execute/cancel/v3",
  handler: async (ctx, req) => {
    requireOrigin(ctx, req.chain)
    const body = object(req.body)
    const orders: BookOrder[] = nonEmptyArray(body.orderIds, "orderIds").map((raw, i) => {
      const id = string(raw, `orderIds[${i}]`)
      const o = ctx.book.get(id)
      if (o === undefined) throw badRequest(`Order ${id} is not in the book`)
      if (o.status !== "active") throw badRequest(`Order ${id} is already ${o.status}`)
      return o
    })
    const maker = orders[0]!.order.maker
    if (orders.some((o) => o.order.maker !== maker))
      throw badRequest("Orders to cancel together must have the same maker")
    const orderIds = orders.map((o) => o.id as Hex)
    const onChain = boolean(body.onChain, "onChain", false)
    const path = orders.map((o) => orderPathEntry(ctx, o))

    if (onChain) {
      const data = encodeFunctionData({ abi: exchangeAbi, functionName: "cancel", args: [orders.map((o) => o.order)] })
      return executeResponse(
        [
          step(
            "cancellation",
            "transaction",
            "Cancel order",
            "To cancel these orders you must confirm the transaction and pay the gas fee",
            [
              txItem(
                { from: maker, to: ctx.contracts.origin.exchange, data, value: "0" },
                { orderIds, check: transactionCheck },
              ),
            ],
          ),
        ],
        path,
      )
    }
    const kind = (optionalString(body.signatureKind, "signatureKind") ?? "eip191") as CancellationSignatureKind
    if (kind !== "eip191" && kind !== "eip712") throw badRequest('signatureKind must be "eip191" or "eip712"')
    return executeResponse(
      [
        step("cancellation-signature", "signature", "Cancel order", "Authorize the cancellation of the orders", [
          {
            status: "incomplete",
            orderIds,
            data: {
              sign: cancellationSign(kind, ctx.origin.chainId, orderIds),
              post: {
                endpoint: "/execute/cancel-signature/v1",
                method: "POST",
                body: { orderIds, orderKind: "tradekit-exchange", signatureKind: kind },
              },
            },
          },
        ]),
      ],
      path,
    )
  },
}
