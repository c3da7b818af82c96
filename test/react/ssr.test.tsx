// @vitest-environment node
// Server rendering: no DOM, no window. Whatever touched a browser API while rendering would throw here.
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { renderToString } from "react-dom/server"
import { afterEach, describe, expect, it, vi } from "vitest"
import { TradekitProvider, useBuyToken, useResume, useTradekit } from "../../src/react/index.js"
import { TEST_CHAIN } from "../../src/testing/testLayer.js"
import { makeWalletClient } from "./fixtures.js"

afterEach(() => {
  vi.restoreAllMocks()
})

const Consumer = () => {
  const { client } = useTradekit()
  const buy = useBuyToken()
  const resume = useResume()
  return (
    <p>
      chains {client.chains.map((chain) => chain.id).join(",")}; buy {buy.status}; resume {resume.status}
    </p>
  )
}

describe("server rendering", () => {
  it("renders a provider made from options and a hook consumer to markup, with no error", () => {
    expect(typeof window).toBe("undefined")
    const errors = vi.spyOn(console, "error")

    const html = renderToString(
      <TradekitProvider options={{ chains: [TEST_CHAIN] }} wallet={makeWalletClient()}>
        <Consumer />
      </TradekitProvider>,
    )

    expect(html).toBe("<p>chains <!-- -->1<!-- -->; buy <!-- -->idle<!-- -->; resume <!-- -->idle</p>")
    expect(errors).not.toHaveBeenCalled()
  })

  it("marks the React entry and every module that uses React with 'use client'", () => {
    const root = join(process.cwd(), "src/react")
    const files = (dir: string): Array<string> =>
      readdirSync(dir).flatMap((name) =>
        statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)],
      )
    // The entry, the hooks, the provider, the context, and whatever else imports React at run time.
    const isClient = (file: string) =>
      /\/(index\.ts|use[A-Z]\w*\.ts|Tradekit\w*\.tsx?|createActionHook\.ts)$/.test(file) ||
      /^import (?!type )[^;]*from "react"/m.test(readFileSync(file, "utf8"))
    const clientModules = files(root).filter(isClient)
    const unmarked = clientModules.filter((file) => !readFileSync(file, "utf8").startsWith('"use client"\n'))

    expect(unmarked.map((file) => file.slice(root.length + 1))).toEqual([])
    expect(clientModules.length).toBeGreaterThanOrEqual(15)
  })
})
