import { render } from "@testing-library/react"
import { useContext } from "react"
import { describe, expect, it } from "vitest"
import { TradekitContext } from "../../src/react/TradekitContext.js"

/** Shows whether a context value reached it. */
const Probe = () => <span>{useContext(TradekitContext) === undefined ? "none" : "provided"}</span>

describe("TradekitContext", () => {
  it("has no value outside a provider: no client is made up for a component that lacks one", () => {
    expect(render(<Probe />).container.textContent).toBe("none")
  })

  it("hands the value given to its provider to every component under it", () => {
    const value = { client: {} as never, wallet: undefined }
    const view = render(
      <TradekitContext.Provider value={value}>
        <div>
          <Probe />
        </div>
      </TradekitContext.Provider>,
    )
    expect(view.container.textContent).toBe("provided")
  })
})
