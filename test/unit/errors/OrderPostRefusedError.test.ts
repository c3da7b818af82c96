import { describe, expect, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import { OrderPostRefusedError } from "../../../src/errors/OrderPostRefusedError.js"

describe("OrderPostRefusedError", () => {
  it("keeps the book, its status, its wait and each order of a bulk post", () => {
    const orders = [
      { orderId: "0xa", live: true },
      { orderId: "0xb", live: false, reason: "throttled" },
    ]
    const error = new OrderPostRefusedError({
      message: "throttled",
      book: "opensea",
      statusCode: 429,
      retryAfterMs: 2000,
      orders,
    })
    expect(error).toMatchObject({
      _tag: "OrderPostRefusedError",
      book: "opensea",
      statusCode: 429,
      retryAfterMs: 2000,
      orders,
    })
  })

  it("refuses an order entry without its liveness: the caller decides what to post again from it", () => {
    expect(
      () =>
        new OrderPostRefusedError({
          message: "m",
          book: "opensea",
          statusCode: 429,
          orders: [{ orderId: "0xa" } as never],
        }),
    ).toThrow()
    expect(
      Schema.is(OrderPostRefusedError)(new OrderPostRefusedError({ message: "m", book: "b", statusCode: 429 })),
    ).toBe(true)
  })
})
