/**
 * `POST /execute/cancel-signature/v1?signature=0x…`: checks that the signer is the maker of every order,
 * then has the operator key cancel them on chain (`Exchange.cancelByOperator`) and takes them off the book.
 */
import { encodeFunctionData, type Hex } from "viem"
import { exchangeAbi } from "../../artifacts/index.js"
import { type CancellationSignatureKind, cancellationSigner } from "../cancellation.js"
import { badRequest, HttpError, type Route } from "../http.js"
import { hex, nonEmptyArray, object, optionalString, string } from "../validate.js"

export const cancelSignatureRoute: Route = {
  method: "POST",
  pattern: "/execute/cancel-signature/v1",
  handler: async (ctx, req) => {
    const body = object(req.body)
    const signature = hex(req.query.get("signature") ?? undefined, "signature (query parameter)")
    const kind = (optionalString(body.signatureKind, "signatureKind") ?? "eip191") as CancellationSignatureKind
    const orderIds = nonEmptyArray(body.orderIds, "orderIds").map((id, i) => string(id, `orderIds[${i}]`) as Hex)
    const orders = orderIds.map((id) => {
      const o = ctx.book.get(id)
      if (o === undefined) throw badRequest(`Order ${id} is not in the book`)
      return o
    })
    const signer = await cancellationSigner(kind, ctx.origin.chainId, orderIds, signature)
    const notMaker = orders.find((o) => o.order.maker !== signer)
    if (signer === undefined || notMaker !== undefined)
      throw new HttpError(401, "The signature is not from the maker of every order")
    const live = orders.filter((o) => o.status === "active")
    if (live.length > 0) {
      const receipt = await ctx.operator.sendAndWait({
        to: ctx.contracts.origin.exchange,
        data: encodeFunctionData({ abi: exchangeAbi, functionName: "cancelByOperator", args: [live.map((o) => o.id)] }),
      })
      if (receipt.status !== "success")
        throw new HttpError(500, `The cancellation transaction ${receipt.transactionHash} reverted`)
      for (const o of live) ctx.book.markCancelled(o.id, receipt.transactionHash)
    }
    return { message: "Success" }
  },
}
