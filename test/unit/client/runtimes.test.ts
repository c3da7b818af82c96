import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { describe, expect, it } from "vitest"
import { createClientWithLayer } from "../../../src/client/createClientWithLayer.js"
import type { ReservoirWallet } from "../../../src/services/reservoirWallet.js"
import { makeFakeApi } from "../../../src/testing/FakeApi.js"
import { NFT, step } from "../fixtures.js"

const chain = { id: 1, name: "Ethereum", baseApiUrl: "https://api.test", active: true }
const done = { steps: [step("sale", "transaction", [{ status: "complete" }])], path: [] }

/** The older SDK's wallet adapter shape: enough for actions that sign and send nothing. */
const wallet: ReservoirWallet = {
  address: async () => "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  handleSignMessageStep: async () => undefined,
  handleSendTransactionStep: async () => undefined,
}

/**
 * A fake API whose transport layer counts its live builds: each runtime of a client builds its own, and
 * releases it when the runtime is disposed, so `live` is the number of runtimes holding resources.
 */
const counted = () => {
  const api = makeFakeApi()
  const counts = { live: 0, built: 0 }
  const spy = Layer.effectDiscard(
    Effect.acquireRelease(
      Effect.sync(() => {
        counts.live++
        counts.built++
      }),
      () => Effect.sync(() => counts.live--),
    ),
  )
  const client = createClientWithLayer({ chains: [chain] }, Layer.merge(api.layer, spy))
  return { api, client, counts }
}

/** A route answer held back until `release` is called. */
const gated = (body: unknown) => {
  let release: () => void = () => undefined
  const opened = new Promise<void>((resolve) => (release = resolve))
  return { release, responder: () => Effect.promise(() => opened).pipe(Effect.as({ body })) }
}

/** A route answer that never comes, and tells when its request was interrupted. */
const hanging = () => {
  const state = { interrupted: false }
  const responder = () => Effect.never.pipe(Effect.onInterrupt(() => Effect.sync(() => (state.interrupted = true))))
  return { state, responder }
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5))
  expect(condition()).toBe(true)
}

describe("a client's runtimes", () => {
  it("many configure calls keep the live runtimes bounded: one with nothing running is released at once", async () => {
    const { api, client, counts } = counted()
    api.route("POST", "/execute/buy/v7", { body: done })
    for (let i = 0; i < 50; i++) {
      client.configure({ source: `app-${i}.test` })
      expect(await client.actions.buyToken({ items: [{ token: `${NFT}:1` }], wallet })).toBe(true)
      expect(counts.live).toBeLessThanOrEqual(2)
    }
    for (let i = 0; i < 1000; i++) client.configure({ source: `idle-${i}.test` })
    await until(() => counts.live === 0)
    expect(counts.built).toBe(50)
    expect(await client.actions.buyToken({ items: [{ token: `${NFT}:1` }], wallet })).toBe(true)
    expect(api.requests.at(-1)!.body).toMatchObject({ source: "idle-999.test" })
    expect(counts.live).toBe(1)
    await client.dispose()
    expect(counts.live).toBe(0)
  }, 20_000)

  it("a retired runtime serves the action it started to its end, then is released", async () => {
    const { api, client, counts } = counted()
    const answer = gated(done)
    api.route("POST", "/execute/buy/v7", answer.responder)
    const pending = client.actions.buyToken({ items: [{ token: `${NFT}:1` }], wallet })
    await until(() => api.requests.length === 1)

    client.configure({ source: "next.test" })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(counts.live).toBe(1)
    answer.release()

    expect(await pending).toBe(true)
    await until(() => counts.live === 0)
    expect(api.requests[0]!.body).not.toHaveProperty("source", "next.test")
    await client.dispose()
  })

  it("dispose releases every runtime, the retired ones still running included, and stops their actions", async () => {
    const { api, client, counts } = counted()
    const answer = hanging()
    api.route("POST", "/execute/buy/v7", answer.responder)
    const first = client.actions.buyToken({ items: [{ token: `${NFT}:1` }], wallet })
    await until(() => api.requests.length === 1)
    client.configure({ source: "second.test" })
    const second = client.actions.buyToken({ items: [{ token: `${NFT}:2` }], wallet })
    await until(() => api.requests.length === 2)
    expect(counts.live).toBe(2)

    await client.dispose()

    expect(counts.live).toBe(0)
    expect(answer.state.interrupted).toBe(true)
    for (const pending of [first, second]) {
      expect(((await pending.catch((e: unknown) => e)) as Error).message).toBe("The client was disposed")
    }
  })

  it("dispose interrupts a liquidity refresh in flight", async () => {
    const { api, client, counts } = counted()
    const refresh = hanging()
    api
      .route("POST", "/execute/buy/v7", { status: 400, body: { message: "No available orders", statusCode: 400 } })
      .route("POST", "/tokens/refresh/v1", refresh.responder)
    await expect(client.actions.buyToken({ items: [{ token: `${NFT}:1` }], wallet })).rejects.toThrow(
      "No available orders",
    )
    await until(() => api.requestsTo("/tokens/refresh/v1").length === 1)
    expect(refresh.state.interrupted).toBe(false)

    await client.dispose()

    expect(refresh.state.interrupted).toBe(true)
    expect(counts.live).toBe(0)
  })

  it("a retired runtime lets the liquidity refresh its action started finish before it is released", async () => {
    const { api, client, counts } = counted()
    const refresh = gated({})
    api
      .route("POST", "/execute/buy/v7", { status: 400, body: { message: "No available orders", statusCode: 400 } })
      .route("POST", "/tokens/refresh/v1", refresh.responder)
    await expect(client.actions.buyToken({ items: [{ token: `${NFT}:1` }], wallet })).rejects.toThrow(
      "No available orders",
    )
    await until(() => api.requestsTo("/tokens/refresh/v1").length === 1)

    client.configure({ source: "next.test" })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(counts.live).toBe(1)
    refresh.release()

    await until(() => counts.live === 0)
    await client.dispose()
  })
})
