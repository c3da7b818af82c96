import { act, renderHook } from "@testing-library/react"
import type { ReactNode } from "react"
import { describe, expect, it } from "vitest"
import { makeFacadeClient } from "../../src/client/makeFacadeClient.js"
import { TradekitClientProvider, useListToken, useResume, useTradekit } from "../../src/react/index.js"
import { makeFakeApi } from "../../src/testing/FakeApi.js"
import { TEST_CHAIN } from "../../src/testing/testLayer.js"
import { listing, listingSteps, makeWalletClient } from "./fixtures.js"

/** A lite client (no capability) over a fake API, and the provider that hands it to the hooks. */
const setupLite = () => {
  const api = makeFakeApi()
  const client = makeFacadeClient({ chains: [TEST_CHAIN], source: "tests" }, api.layer, [])
  const wallet = makeWalletClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TradekitClientProvider client={client} wallet={wallet}>
      {children}
    </TradekitClientProvider>
  )
  return { api, client, wallet, wrapper }
}

describe("TradekitClientProvider", () => {
  it("hands the app's own client and wallet to the hooks, which list through it", async () => {
    const { api, client, wallet, wrapper } = setupLite()
    api.route("POST", "/execute/list/v5", { body: listingSteps }).route("POST", "/order/v4", { body: {} })
    const { result } = renderHook(() => ({ list: useListToken(), context: useTradekit() }), { wrapper })
    expect(result.current.context.client).toBe(client)
    expect(result.current.context.wallet).toBe(wallet)
    await act(async () => {
      expect(await result.current.list.execute({ listings: [listing] })).toBe(true)
    })
    expect(api.requests.map((request) => request.path)).toEqual(["/execute/list/v5", "/order/v4"])
    await client.dispose()
  })

  it("a resume through a client without resumption fails with the error that names it", async () => {
    const { api, client, wrapper } = setupLite()
    const { result } = renderHook(() => useResume(), { wrapper })
    await act(async () => {
      await result.current.execute({ snapshot: { status: "complete" } as never }).catch(() => undefined)
    })
    expect(result.current.error).toMatchObject({ _tag: "CapabilityMissingError", capability: "resumption" })
    expect(api.requests).toEqual([])
    await client.dispose()
  })
})
