import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { InvalidSnapshotError } from "../../errors/index.js"
import { ActionName } from "../../schema/ActionName.js"
import { StoredTradeRequest, type TradeRequest } from "../../schema/TradeRequest.js"

/** A request as tradekit up to 0.x stored it in a snapshot: the Reservoir route it was posted to, and its body. */
export interface RouteRequest {
  readonly action?: ActionName | undefined
  readonly path: string
  readonly body: unknown
  readonly expectedPrice?: TradeRequest["expectedPrice"]
}

/** The path of an execute request: `/execute/<action>/v<version>`, nothing before or after. */
const executePathPattern = /^\/execute\/([a-z]+)\/v[0-9]+$/
const decodeRequest = Schema.decodeUnknownEffect(StoredTradeRequest, { errors: "all" })

/**
 * The typed request a snapshot stored by an earlier tradekit runs (its route and body), translated once. The route is
 * what that version re-posted, so it — never a label stored beside it — decides the action: a stored `action` that
 * names another action than the route is refused, as is a route that is not an action's, or a body that lacks what
 * the action needs.
 */
export const requestOfRoute = (stored: RouteRequest): Effect.Effect<TradeRequest, InvalidSnapshotError> => {
  const segment = executePathPattern.exec(stored.path)?.[1]
  if (!Schema.is(ActionName)(segment)) {
    return Effect.fail(
      InvalidSnapshotError.of({ issue: `its request's path ${stored.path} is not the path of an action` }),
    )
  }
  if (stored.action !== undefined && stored.action !== segment) {
    return Effect.fail(
      InvalidSnapshotError.of({
        issue: `its request names the action "${stored.action}", but its path ${stored.path} runs "${segment}"`,
      }),
    )
  }
  return decodeRequest({
    action: segment,
    params: stored.body,
    ...(stored.expectedPrice !== undefined ? { expectedPrice: stored.expectedPrice } : {}),
  }).pipe(
    Effect.mapError((error) => InvalidSnapshotError.of({ issue: `its request's body: ${error.message}` })),
    Effect.map((request) => request as TradeRequest),
  )
}
