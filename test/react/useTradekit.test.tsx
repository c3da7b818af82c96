import { renderHook } from "@testing-library/react"
import type { ReactNode } from "react"
import { describe, expect, it } from "vitest"
import type { ReservoirClient } from "../../src/client/ReservoirClient.js"
import { TradekitContext } from "../../src/react/TradekitContext.js"
import { useTradekit } from "../../src/react/useTradekit.js"

describe("useTradekit", () => {
  it("answers the client and wallet of the nearest provider's context", () => {
    const value = { client: { name: "client" } as unknown as ReservoirClient, wallet: undefined }
    const wrapper = ({ children }: { readonly children: ReactNode }) => (
      <TradekitContext.Provider value={value}>{children}</TradekitContext.Provider>
    )
    expect(renderHook(() => useTradekit(), { wrapper }).result.current).toBe(value)
  })

  it("outside a provider, throws an Error that says where hooks must be used", () => {
    expect(() => renderHook(() => useTradekit())).toThrow(
      "tradekit: useTradekit and the action hooks must be used inside a <TradekitProvider>",
    )
  })
})
