import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { encodeFunctionData, parseAbi } from "viem"
import { bid } from "../../../src/actions/bid.js"
import { buy } from "../../../src/actions/buy.js"
import { call } from "../../../src/actions/call.js"
import { cancel } from "../../../src/actions/cancel.js"
import { list } from "../../../src/actions/list.js"
import { mint } from "../../../src/actions/mint.js"
import { sell } from "../../../src/actions/sell.js"
import { transfer } from "../../../src/actions/transfer.js"
import { NFT, OTHER } from "../fixtures.js"
import { doneResponse, setupActions } from "./actionFixtures.js"

const settings = { source: "my.app", normalizeRoyalties: true, bountyReferrer: OTHER }
const abi = parseAbi(["function mint(address to, uint256 amount) payable"])

describe("actions: the execute requests on the wire", () => {
  it.effect("buy posts items, the wallet as taker, source, normalizeRoyalties, referrer and the options", () =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions(settings)
      api.route("POST", "/execute/buy/v7", { body: doneResponse })
      const result = yield* run(
        buy({ items: [{ token: `${NFT}:1`, quantity: 1 }], options: { currency: OTHER, partial: undefined } }),
      )
      expect(result).toBe(true)
      const [request] = api.requests
      expect(request!.url.origin).toBe("https://api.test")
      expect(request!.body).toEqual({
        items: [{ token: `${NFT}:1`, quantity: 1 }],
        taker: wallet.address,
        source: "my.app",
        normalizeRoyalties: true,
        referrer: OTHER,
        currency: OTHER,
      })
    }),
  )

  it.effect("undefined settings are omitted from the body, and options override the settings", () =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions({ normalizeRoyalties: true })
      api.route("POST", "/execute/buy/v7", { body: doneResponse })
      yield* run(buy({ items: [{ orderId: "0x1" }], options: { normalizeRoyalties: false } }))
      expect(api.requests[0]!.body).toEqual({
        items: [{ orderId: "0x1" }],
        taker: wallet.address,
        normalizeRoyalties: false,
      })
    }),
  )

  it.effect("sell posts items, taker, source and normalizeRoyalties, without a referrer", () =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions(settings)
      api.route("POST", "/execute/sell/v7", { body: doneResponse })
      yield* run(sell({ items: [{ token: `${NFT}:1` }], options: { feesOnTop: ["0x:1"] } }))
      expect(api.requests[0]!.body).toEqual({
        items: [{ token: `${NFT}:1` }],
        taker: wallet.address,
        source: "my.app",
        normalizeRoyalties: true,
        feesOnTop: ["0x:1"],
      })
    }),
  )

  it.effect("mint posts items, taker, source and the bounty referrer", () =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions(settings)
      api.route("POST", "/execute/mint/v1", { body: doneResponse })
      yield* run(mint({ items: [{ collection: NFT, quantity: 2 }] }))
      expect(api.requests[0]!.body).toEqual({
        items: [{ collection: NFT, quantity: 2 }],
        taker: wallet.address,
        source: "my.app",
        referrer: OTHER,
      })
    }),
  )

  it.effect("list posts the wallet as maker, source and the listings as params", () =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions({ source: "my.app" })
      api.route("POST", "/execute/list/v5", { body: doneResponse })
      const listing = { token: `${NFT}:1`, weiPrice: "100", orderbook: "opensea" }
      yield* run(list({ listings: [listing] }))
      expect(api.requests[0]!.body).toEqual({ maker: wallet.address, source: "my.app", params: [listing] })
    }),
  )

  it.effect("bid posts the wallet as maker and the bids as params", () =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions()
      api.route("POST", "/execute/bid/v5", { body: doneResponse })
      const offer = { collection: NFT, weiPrice: "100", orderbook: "opensea" }
      yield* run(bid({ bids: [offer] }))
      expect(api.requests[0]!.body).toEqual({ maker: wallet.address, params: [offer] })
    }),
  )

  it.effect("cancel posts the order ids and the options", () =>
    Effect.gen(function* () {
      const { api, run } = setupActions()
      api.route("POST", "/execute/cancel/v3", { body: doneResponse })
      yield* run(cancel({ orderIds: ["0xa", "0xb"], options: { orderKind: "seaport-v1.5" } }))
      expect(api.requests[0]!.body).toEqual({ orderIds: ["0xa", "0xb"], orderKind: "seaport-v1.5" })
    }),
  )

  it.effect("transfer posts to, the wallet as from, and the items", () =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions()
      api.route("POST", "/execute/transfer/v1", { body: doneResponse })
      yield* run(transfer({ to: OTHER, items: [{ token: `${NFT}:1`, quantity: 1 }] }))
      expect(api.requests[0]!.body).toEqual({
        to: OTHER,
        from: wallet.address,
        items: [{ token: `${NFT}:1`, quantity: 1 }],
      })
    }),
  )

  it.effect(
    "call goes to the destination chain's API, encodes contract calls, and names the active chain as origin",
    () =>
      Effect.gen(function* () {
        const { api, wallet, run } = setupActions()
        api.route("POST", "/execute/call/v1", { body: doneResponse })
        yield* run(
          call({
            toChainId: 8453,
            txs: [
              { address: NFT, abi, functionName: "mint", args: [OTHER, 2n], value: 10n ** 15n },
              { to: OTHER, data: "0x1234", value: "5" },
            ],
            options: { currency: OTHER },
          }),
        )
        const [request] = api.requests
        expect(request!.url.origin).toBe("https://api-base.test")
        expect(request!.body).toEqual({
          user: wallet.address,
          txs: [
            {
              to: NFT,
              data: encodeFunctionData({ abi, functionName: "mint", args: [OTHER, 2n] }),
              value: "1000000000000000",
            },
            { to: OTHER, data: "0x1234", value: "5" },
          ],
          originChainId: 1,
          currency: OTHER,
        })
      }),
  )

  it.effect('call sends txs without a value with value "0", as the older SDK does', () =>
    Effect.gen(function* () {
      const { api, wallet, run } = setupActions()
      api.route("POST", "/execute/call/v1", { body: doneResponse })
      yield* run(
        call({
          toChainId: 8453,
          txs: [
            { address: NFT, abi, functionName: "mint", args: [OTHER, 1n] },
            { to: OTHER, data: "0x1234" },
            { to: OTHER },
          ],
        }),
      )
      expect(api.requests[0]!.body).toEqual({
        user: wallet.address,
        txs: [
          { to: NFT, data: encodeFunctionData({ abi, functionName: "mint", args: [OTHER, 1n] }), value: "0" },
          { to: OTHER, data: "0x1234", value: "0" },
          { to: OTHER, value: "0" },
        ],
        originChainId: 1,
      })
    }),
  )

  it.effect("call's origin is the requested chainId when given", () =>
    Effect.gen(function* () {
      const { api, run } = setupActions()
      api.route("POST", "/execute/call/v1", { body: doneResponse })
      yield* run(call({ toChainId: 1, chainId: 8453, txs: [] }))
      expect(api.requests[0]!.url.origin).toBe("https://api.test")
      expect(api.requests[0]!.body).toMatchObject({ originChainId: 8453 })
    }),
  )

  it.effect("a per-request chainId sends the request to that chain's API", () =>
    Effect.gen(function* () {
      const { api, run } = setupActions()
      api.route("POST", "/execute/buy/v7", { body: doneResponse })
      yield* run(buy({ items: [{ token: `${NFT}:1` }], chainId: 8453 }))
      expect(api.requests[0]!.url.href).toBe("https://api-base.test/execute/buy/v7")
    }),
  )

  it.effect("a chain viem does not know (31337) works like any other", () =>
    Effect.gen(function* () {
      const devnet = { id: 31337, name: "Devnet", baseApiUrl: "http://127.0.0.1:8080/", active: true }
      const { api, wallet, run } = setupActions({ chains: [devnet] })
      api
        .route("POST", "/execute/transfer/v1", {
          body: {
            steps: [
              {
                id: "transfer",
                kind: "transaction",
                items: [{ status: "incomplete", data: { from: wallet.address, to: NFT, data: "0x01" } }],
              },
            ],
          },
        })
        .route("GET", /synced/, { body: { synced: true } })
      expect(yield* run(transfer({ to: OTHER, items: [{ token: `${NFT}:1` }] }))).toBe(true)
      expect(api.requests[0]!.url.href).toBe("http://127.0.0.1:8080/execute/transfer/v1")
      expect(wallet.sent.map((s) => s.chainId)).toEqual([31337])
    }),
  )
})
