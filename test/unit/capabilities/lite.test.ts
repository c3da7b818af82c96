import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import { batching } from "../../../src/capabilities/batching.js"
import { reservoirWallets } from "../../../src/capabilities/reservoirWallets.js"
import { resumption } from "../../../src/capabilities/resumption.js"
import { Simulator } from "../../../src/capabilities/Simulator.js"
import { simulation } from "../../../src/capabilities/simulation.js"
import { statusSocket } from "../../../src/capabilities/statusSocket.js"
import { makeFacadeClient } from "../../../src/client/makeFacadeClient.js"
import { Tradekit as LiteTradekit } from "../../../src/lite/Tradekit.js"
import { Tradekit } from "../../../src/Tradekit.js"
import { makeFakeApi } from "../../../src/testing/FakeApi.js"
import { TEST_CHAIN } from "../../../src/testing/testLayer.js"
import type { TradekitServices } from "../../../src/tradekitLayer.js"
import { buyNeedingApproval, EXCHANGE, routeBuy, setup, TOKEN } from "../fixtures.js"

describe("a client with fewer capabilities (tradekit/lite)", () => {
  it.effect("without any, a buy goes through: unsimulated, one transaction at a time, by polling", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup({}, [])
      wallet.behaviour.atomicBatch = true
      routeBuy(api, buyNeedingApproval(wallet))
      const final = yield* execute()
      expect(final.status).toBe("complete")
      expect(wallet.simulated).toEqual([])
      expect(wallet.batches).toEqual([])
      expect(wallet.sent.map((sent) => sent.request.to)).toEqual([TOKEN, EXCHANGE])
      const fees = final.steps.flatMap((s) =>
        (s.items ?? []).map((item: { readonly networkFee?: unknown }) => item.networkFee),
      )
      expect(fees).toEqual([undefined, undefined])
    }),
  )

  it.effect("with the simulation and batches named, it simulates and batches as the full client does", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup({}, [simulation, batching])
      wallet.behaviour.atomicBatch = true
      routeBuy(api, buyNeedingApproval(wallet))
      const final = yield* execute()
      expect(final.status).toBe("complete")
      expect(wallet.simulated).toHaveLength(1)
      expect(wallet.batches).toHaveLength(1)
      expect(wallet.sent).toEqual([])
    }),
  )

  it.effect.each([
    ["simulate: true", { simulate: true }, [], "simulation"],
    ["batchTransactions: true", { batchTransactions: true }, [], "batching"],
    [
      "a chain's paymasterService",
      { chains: [{ ...TEST_CHAIN, paymasterService: { url: "https://paymaster.test" } }] },
      [],
      "batching",
    ],
    ["a chain's websocketUrl", { chains: [{ ...TEST_CHAIN, websocketUrl: "wss://api.test/ws" }] }, [], "statusSocket"],
  ] as const)(
    "%s without its capability: a CapabilityMissingError that names it, before any request or prompt",
    ([, options, capabilities, expected]) =>
      Effect.gen(function* () {
        const { api, wallet, execute } = setup(options, capabilities)
        routeBuy(api, buyNeedingApproval(wallet))
        const error = yield* Effect.flip(execute())
        expect(error._tag).toBe("CapabilityMissingError")
        expect(error).toMatchObject({ capability: expected })
        expect(error.message).toContain(`add ${expected} to its capabilities`)
        expect(api.requests).toEqual([])
        expect(wallet.calls).toEqual([])
      }),
  )

  it.effect(
    "a chain's websocketUrl with the status socket named is served (the poll decides when no socket opens)",
    () =>
      Effect.gen(function* () {
        const { api, wallet, execute } = setup({ chains: [{ ...TEST_CHAIN, websocketUrl: "ws://127.0.0.1:9/ws" }] }, [
          statusSocket,
        ])
        routeBuy(api, buyNeedingApproval(wallet))
        expect((yield* execute()).status).toBe("complete")
      }),
  )

  it("the facade without resumption refuses a resume, naming it; with it, resumes", async () => {
    const api = makeFakeApi()
    const lite = makeFacadeClient({ chains: [TEST_CHAIN] }, api.layer, [])
    const snapshot = { status: "complete" } as never
    const refused = await lite.resume({ snapshot, wallet: {} as never }).catch((error: unknown) => error)
    expect(refused).toMatchObject({ _tag: "CapabilityMissingError", capability: "resumption" })
    expect(api.requests).toEqual([])
    await lite.dispose()
    const full = makeFacadeClient({ chains: [TEST_CHAIN] }, api.layer, [resumption])
    const decoded = await full.resume({ snapshot, wallet: {} as never }).catch((error: unknown) => error)
    expect(decoded).toMatchObject({ _tag: "InvalidSnapshotError" })
    await full.dispose()
  })

  it("a wallet of reservoir-sdk's shape needs reservoirWallets: refused before any request, else used", async () => {
    const asked: Array<string> = []
    const adapter = {
      address: async () => (asked.push("address"), "0x1111111111111111111111111111111111111111"),
      handleSignMessageStep: async () => (asked.push("sign"), undefined),
      handleSendTransactionStep: async () => (asked.push("send"), undefined),
    }
    const api = makeFakeApi().route("POST", "/execute/list/v5", {
      body: { steps: [{ id: "order-signature", action: "", description: "", kind: "signature", items: [] }] },
    })
    const listing = { listings: [{ token: `${TOKEN}:1`, weiPrice: "1" }], wallet: adapter }
    const lite = makeFacadeClient({ chains: [TEST_CHAIN] }, api.layer, [])
    const refused = await lite.actions.listToken(listing).catch((error: unknown) => error)
    expect(refused).toMatchObject({ _tag: "CapabilityMissingError", capability: "reservoirWallets" })
    expect(api.requests).toEqual([])
    expect(asked).toEqual([])
    await lite.dispose()
    const named = makeFacadeClient({ chains: [TEST_CHAIN] }, api.layer, [reservoirWallets])
    expect(await named.actions.listToken(listing)).toBe(true)
    expect(asked).toEqual(["address"])
    expect(api.requests.map((request) => request.path)).toEqual(["/execute/list/v5"])
    await named.dispose()
  })

  it.effect(
    "Tradekit.layer has the capabilities its options name, else its entry's: none in lite, all in tradekit",
    () =>
      Effect.gen(function* () {
        const simulates = (layer: Layer.Layer<TradekitServices>) =>
          Simulator.use((simulator) => Effect.succeed(simulator !== undefined)).pipe(Effect.provide(layer))
        const chains = [TEST_CHAIN]
        expect(yield* simulates(LiteTradekit.layer({ chains }))).toBe(false)
        expect(yield* simulates(LiteTradekit.layer({ chains, capabilities: [simulation] }))).toBe(true)
        expect(yield* simulates(Tradekit.layer({ chains }))).toBe(true)
        expect(yield* simulates(Tradekit.layer({ chains, capabilities: [] }))).toBe(false)
      }),
  )
})
