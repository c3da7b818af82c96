/** `GET /users/{user}/tokens/v10?collection=…`: the tokens a user holds, as indexed. */
import type { Route } from "../http.js"
import { floorAskOf } from "../readShapes.js"
import { address } from "../validate.js"
import { tokenJson } from "./tokens.js"

export const userTokensRoute: Route = {
  method: "GET",
  pattern: "/users/:user/tokens/v10",
  handler: async (ctx, req) => {
    const user = address(req.params.user, "user")
    const chainId = req.chain.chainId
    const only = req.query.get("collection")
    const collections = ctx.catalog
      .collectionsOn(chainId)
      .filter((c) => only === null || c.address.toLowerCase() === only.toLowerCase())
    const tokens = collections.flatMap((c) =>
      ctx.indexer.tokensOf(chainId, c.address).flatMap((t) => {
        const held = t.holders.find((h) => h.owner === user)
        if (held === undefined) return []
        const { token } = tokenJson(ctx, chainId, c.address, t.tokenId)
        const floor = floorAskOf(ctx, chainId, c.address, t.tokenId)
        return [{ token, ownership: { tokenCount: held.balance.toString(), floorAsk: floor } }]
      }),
    )
    return { tokens, continuation: null }
  },
}
