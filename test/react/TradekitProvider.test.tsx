import { act, render, renderHook, waitFor } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { TradekitProvider, useCancelOrder, useTradekit } from "../../src/react/index.js"
import { TEST_CHAIN } from "../../src/testing/testLayer.js"
import { makeWalletClient, setup } from "./fixtures.js"

afterEach(() => {
  vi.unstubAllGlobals()
})

/** A fetch that never answers, and records the abort of each request. */
const hangingFetch = () => {
  const aborted: Array<string> = []
  const requested: Array<string> = []
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input)
    requested.push(url)
    return new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener("abort", () => {
        aborted.push(url)
        reject(init.signal?.reason)
      })
    })
  })
  return { fetch, aborted, requested }
}

describe("TradekitProvider", () => {
  it("shares the client and the wallet it is given", () => {
    const { client, wallet, wrapper } = setup()
    const { result } = renderHook(() => useTradekit(), { wrapper })
    expect(result.current.client).toBe(client)
    expect(result.current.wallet).toBe(wallet)
  })

  it("makes a client from options (StrictMode included) and disposes it on unmount", async () => {
    const wallet = makeWalletClient()
    const { result, unmount } = renderHook(() => useTradekit(), {
      wrapper: ({ children }) => (
        <TradekitProvider options={{ chains: [TEST_CHAIN] }} wallet={wallet}>
          {children}
        </TradekitProvider>
      ),
      reactStrictMode: true,
    })
    await waitFor(() => expect(result.current.client).toBeDefined())
    const client = result.current.client!
    expect(client.chains.map((chain) => chain.id)).toEqual([1])
    const dispose = vi.spyOn(client, "dispose")

    unmount()

    expect(dispose).toHaveBeenCalledOnce()
  })

  it("a hook under a provider made from options aborts its request when the tree unmounts", async () => {
    const http = hangingFetch()
    vi.stubGlobal("fetch", http.fetch)
    const wallet = makeWalletClient()
    const { result, unmount } = renderHook(() => ({ tradekit: useTradekit(), cancel: useCancelOrder() }), {
      wrapper: ({ children }) => (
        <TradekitProvider options={{ chains: [TEST_CHAIN] }} wallet={wallet}>
          {children}
        </TradekitProvider>
      ),
    })
    await waitFor(() => expect(result.current.tradekit.client).toBeDefined())

    act(() => {
      void result.current.cancel.execute({ ids: ["0xabc"] })
    })
    await waitFor(() => expect(http.requested).toEqual(["https://api.test/execute/cancel/v3"]))
    unmount()

    await waitFor(() => expect(http.aborted).toEqual(["https://api.test/execute/cancel/v3"]))
  })

  it("never disposes a client it was given", async () => {
    const { client, wallet } = setup()
    const dispose = vi.spyOn(client, "dispose")
    const { unmount } = render(
      <TradekitProvider client={client} wallet={wallet}>
        <span />
      </TradekitProvider>,
    )
    unmount()
    expect(dispose).not.toHaveBeenCalled()
    await client.dispose()
  })
})
