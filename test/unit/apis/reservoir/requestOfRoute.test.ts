import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { zeroAddress } from "viem"
import { EXECUTE_ROUTES } from "../../../../src/apis/reservoir/executeRoutes.js"
import { requestOfRoute } from "../../../../src/apis/reservoir/requestOfRoute.js"
import { ActionName } from "../../../../src/schema/ActionName.js"
import { blankRequest } from "../../../support/blankRequest.js"

describe("requestOfRoute", () => {
  it.effect("translates each action's route and body into the typed request a new snapshot stores", () =>
    Effect.gen(function* () {
      for (const action of ActionName.literals) {
        const { params } = blankRequest(action)
        const request = yield* requestOfRoute({ path: EXECUTE_ROUTES[action], body: params })
        expect(request).toEqual({ action, params })
      }
    }),
  )

  it.effect("keeps the caller's options in the parameters and the expected price beside them", () =>
    Effect.gen(function* () {
      const body = { items: [{ token: "0x1:1" }], taker: zeroAddress, currency: zeroAddress, partial: true }
      const expectedPrice = { [zeroAddress]: { raw: "100" } }
      const request = yield* requestOfRoute({ action: "buy", path: "/execute/buy/v7", body, expectedPrice })
      expect(request).toEqual({ action: "buy", params: body, expectedPrice })
    }),
  )

  it.effect("refuses a stored action that is not the route's: the route is what the earlier version re-posted", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(
        requestOfRoute({ action: "list", path: "/execute/buy/v7", body: blankRequest("buy").params }),
      )
      expect(error._tag).toBe("InvalidSnapshotError")
      expect(error.message).toContain('names the action "list", but its path /execute/buy/v7 runs "buy"')
    }),
  )

  for (const path of ["/execute/steal/v1", "/execute/buy/v7/../../list/v5", "/orders/asks/v5", "/execute/buy/v7?x=1"]) {
    it.effect(`refuses a route that is not an action's (${path})`, () =>
      Effect.gen(function* () {
        const error = yield* Effect.flip(requestOfRoute({ path, body: blankRequest("buy").params }))
        expect(error.message).toContain(`path ${path} is not the path of an action`)
      }),
    )
  }

  it.effect("refuses a body that lacks what its action needs", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(requestOfRoute({ path: "/execute/list/v5", body: { params: [] } }))
      expect(error._tag).toBe("InvalidSnapshotError")
      expect(error.message).toContain("maker")
    }),
  )
})
