/**
 * `POST /paymaster` (and `POST /chains/{chainId}/paymaster`): the devnet's ERC-7677 paymaster service as
 * JSON-RPC 2.0 (see {@link Paymaster}). Failures are JSON-RPC errors in a 200 answer, as JSON-RPC servers answer.
 */

import type { Route } from "../http.js"
import { PaymasterRpcError } from "../paymaster.js"

export const paymasterRoute: Route = {
  method: "POST",
  pattern: "/paymaster",
  handler: async (ctx, req) => {
    const body = (req.body ?? {}) as { readonly id?: unknown; readonly method?: unknown; readonly params?: unknown }
    const id = body.id ?? null
    try {
      if (typeof body.method !== "string") throw new PaymasterRpcError(-32600, "A JSON-RPC request needs a method")
      const params = Array.isArray(body.params) ? body.params : []
      return { jsonrpc: "2.0", id, result: await ctx.paymaster.answer(req.chain.chainId, body.method, params) }
    } catch (error) {
      const { code, message } =
        error instanceof PaymasterRpcError
          ? error
          : { code: -32603, message: error instanceof Error ? error.message : String(error) }
      return { jsonrpc: "2.0", id, error: { code, message } }
    }
  },
}
