/** The proxy's refusals cost nothing to read, and its deadline holds against a target that ignores aborts. */
import { describe, expect, it } from "vitest"
import { createApiProxy } from "../../../src/proxy/index.js"

/** A body that counts every byte pulled from it and never ends: reading any of it shows. */
const meteredForever = () => {
  const meter = { pulled: 0 }
  const stream = new ReadableStream<Uint8Array>(
    {
      pull: (controller) => {
        meter.pulled += 1024
        controller.enqueue(new Uint8Array(1024).fill(120))
      },
    },
    { highWaterMark: 0 },
  )
  return { meter, stream }
}

describe("the proxy's limits", () => {
  it("refuses a body whose content-length is over the limit with 413 before reading a byte of it", async () => {
    const sent: Array<string> = []
    const { meter, stream } = meteredForever()
    const proxy = createApiProxy({
      target: "https://indexer.example",
      basePath: "/api",
      maxBodyBytes: 4096,
      fetch: async (input) => {
        sent.push(String(input))
        return Response.json({ ok: true })
      },
    })
    const request = new Request("https://app.example/api/execute/buy/v7", {
      method: "POST",
      body: stream,
      headers: { "content-length": "1000000" },
      duplex: "half",
    } as RequestInit)
    expect(request.headers.get("content-length")).toBe("1000000")
    const response = await proxy(request)
    expect(response.status).toBe(413)
    expect(meter.pulled).toBe(0)
    expect(sent).toEqual([])
  })

  it("answers 504 when the target's answer stalls past the deadline, though its fetch ignores the abort", async () => {
    // Headers at once, then a body that never comes, whatever the abort signal says.
    const stalled = async () =>
      new Response(new ReadableStream<Uint8Array>({ pull: () => new Promise<void>(() => undefined) }))
    const proxy = createApiProxy({ target: "https://indexer.example", basePath: "/api", timeout: 100, fetch: stalled })
    const started = Date.now()
    const response = await proxy(new Request("https://app.example/api/execute/buy/v7", { method: "POST", body: "{}" }))
    expect(response.status).toBe(504)
    expect(Date.now() - started).toBeLessThan(2000)
  }, 5000)
})
