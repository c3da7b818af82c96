import { act, renderHook } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { useBuyToken } from "../../src/react/index.js"
import { step, txItem } from "../unit/fixtures.js"
import { minedWallet, routeSale } from "./buyRoutes.js"
import { setup } from "./fixtures.js"

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

const GONE = [{ message: "No available orders for token 0x1111111111111111111111111111111111111111:2" }]

describe("action hooks: what the API left out of the plan", () => {
  it("is in `errors` (from the progress), empty before and when nothing was left out", async () => {
    const { api, client, wrapper } = setup()
    cleanups.push(() => client.dispose())
    const { wallet } = minedWallet()
    routeSale(api)
    const { result } = renderHook(() => useBuyToken(), { wrapper })
    expect(result.current.errors).toEqual([])

    await act(async () => {
      await result.current.mutateAsync({ items: [{ token: "0x1111111111111111111111111111111111111111:1" }], wallet })
    })
    expect(result.current.status).toBe("success")
    expect(result.current.errors).toEqual([])

    const from = wallet.account!.address
    api.route("POST", "/execute/buy/v7", {
      body: { steps: [step("sale", "transaction", [txItem(from)])], errors: GONE },
    })
    await act(async () => {
      await result.current.mutateAsync({
        items: [{ token: "0x1111111111111111111111111111111111111111:1" }],
        wallet,
        options: { partial: true },
      })
    })
    expect(result.current.status).toBe("success")
    expect(result.current.errors).toEqual(GONE)
    expect(result.current.errors).toBe(result.current.progress?.errors)
  })
})
