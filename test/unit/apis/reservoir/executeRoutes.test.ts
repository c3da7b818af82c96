import { describe, expect, it } from "@effect/vitest"
import { EXECUTE_ROUTES } from "../../../../src/apis/reservoir/executeRoutes.js"
import { ActionName } from "../../../../src/schema/ActionName.js"

describe("EXECUTE_ROUTES", () => {
  it("names a route for every action, each its own, under /execute/<action>/", () => {
    const routes = ActionName.literals.map((action) => EXECUTE_ROUTES[action])
    expect(new Set(routes).size).toBe(ActionName.literals.length)
    for (const action of ActionName.literals) expect(EXECUTE_ROUTES[action]).toMatch(`/execute/${action}/v`)
  })
})
