import { createWalletClient, http } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { afterEach, describe, expect, it, vi } from "vitest"
import { buyBestListing, createPageClient } from "../../../examples/opensea-page.js"
import { mainnet } from "../../../src/index.js"

/** The README's page client: whatever settings it is handed, no request of the page carries an OpenSea key. */
describe("examples/opensea-page.ts", () => {
  afterEach(() => vi.unstubAllGlobals())

  it("asks only the proxy, and never with a key, even when the settings it is given hold one", async () => {
    const requests: Array<{ readonly url: string; readonly key: string | null }> = []
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init)
      requests.push({ url: request.url, key: request.headers.get("x-api-key") })
      return new Response(JSON.stringify({ errors: ["not here"] }), {
        status: 404,
        headers: { "content-type": "application/json" },
      })
    })
    vi.spyOn(console, "log").mockImplementation(() => undefined)
    const client = createPageClient([{ ...mainnet, active: true }], "https://app.test/api/opensea", {
      apiKey: "server-only-key",
    })
    const account = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d")
    const wallet = createWalletClient({ account, chain: mainnet.viemChain, transport: http("http://127.0.0.1:1") })
    await expect(buyBestListing(client, "0x00000000000000000000000000000000000af001:42", wallet)).rejects.toBeDefined()
    await client.dispose()
    expect(requests.length).toBeGreaterThan(0)
    expect(requests.filter((request) => !request.url.startsWith("https://app.test/api/opensea/"))).toEqual([])
    expect(requests.filter((request) => request.key !== null)).toEqual([])
  })
})
