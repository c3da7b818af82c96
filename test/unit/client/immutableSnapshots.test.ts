/**
 * Every consumer of progress gets snapshots it cannot use to steer the executor: a consumer that writes
 * `data.to` in a received snapshot (or tries to) does not change where the transaction is sent.
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { createWalletClient, custom, type Hex, parseTransaction } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { mainnet } from "viem/chains"
import { describe, expect, it } from "vitest"
import { buy } from "../../../src/actions/buy.js"
import { createClientWithLayer } from "../../../src/client/createClientWithLayer.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import { makeFakeApi } from "../../../src/testing/FakeApi.js"
import { TEST_PRIVATE_KEY } from "../../../src/testing/FakeWallet.js"
import { setupActions } from "../actions/actionFixtures.js"
import { EXCHANGE, NFT, OTHER, step, txItem } from "../fixtures.js"
import { memoryProvider } from "./memoryProvider.js"

const account = privateKeyToAccount(TEST_PRIVATE_KEY)
const chain = { id: 1, name: "Ethereum", baseApiUrl: "https://api.test", active: true }
const saleSteps = { steps: [step("currency-approval", "transaction", [txItem(account.address)])] }

/** What a careless (or hostile) consumer does with a snapshot: points its transaction elsewhere. */
const redirect = (snapshot: ExecutionSnapshot): void => {
  const item = snapshot.steps[0]?.items?.[0] as { data?: { to?: string } } | undefined
  try {
    if (item?.data !== undefined) item.data.to = OTHER
  } catch {
    // A frozen snapshot refuses the write: that is one of the two acceptable outcomes.
  }
}

/** A wallet for actions that send nothing. */
const wallet = createWalletClient({ account, chain: mainnet, transport: custom(memoryProvider(1)) })

const sentTo = (raw: ReadonlyArray<Hex>) => raw.map((transaction) => parseTransaction(transaction).to?.toLowerCase())

describe("snapshots handed to consumers", () => {
  it("the facade's onSnapshot: writing data.to does not change where the transaction is sent", async () => {
    const provider = memoryProvider(1)
    const wallet = createWalletClient({ account, chain: mainnet, transport: custom(provider) })
    const api = makeFakeApi()
    api.route("POST", "/execute/buy/v7", { body: saleSteps }).route("GET", /synced/, { body: { synced: true } })
    const client = createClientWithLayer({ chains: [chain] }, api.layer)
    let seen = 0
    const result = await client.actions.buyToken({
      items: [{ token: `${NFT}:1` }],
      wallet,
      onSnapshot: (snapshot) => {
        seen++
        redirect(snapshot)
      },
      onProgress: (steps) => {
        const data = steps[0]?.items?.[0]?.data as { to?: string } | undefined
        if (data !== undefined) data.to = OTHER
      },
    })
    expect(result).toBe(true)
    expect(seen).toBeGreaterThan(1)
    expect(sentTo(provider.rawTransactions)).toEqual([EXCHANGE.toLowerCase()])
    await client.dispose()
  })

  it("the Effect API's onProgress: writing data.to does not change where the transaction is sent", async () => {
    const { api, wallet, run } = setupActions()
    api.route("POST", "/execute/buy/v7", { body: saleSteps }).route("GET", /synced/, { body: { synced: true } })
    let seen = 0
    const outcome = await Effect.runPromise(
      Effect.result(
        run(
          buy({
            items: [{ token: `${NFT}:1` }],
            onProgress: (snapshot) =>
              Effect.sync(() => {
                seen++
                redirect(snapshot)
              }),
          }),
        ),
      ),
    )
    expect(Result.getOrThrow(outcome)).toBe(true)
    expect(seen).toBeGreaterThan(1)
    expect(wallet.sent.map((sent) => sent.request.to)).toEqual([EXCHANGE])
  })

  it("a precheck's snapshot, to onSnapshot and the Effect onProgress alike, cannot change the answer it resolves to", async () => {
    const api = makeFakeApi()
    api.route("POST", "/execute/buy/v7", { body: saleSteps })
    const client = createClientWithLayer({ chains: [chain] }, api.layer)
    const facadeAnswer = await client.actions.buyToken({
      items: [{ token: `${NFT}:1` }],
      wallet,
      precheck: true,
      onSnapshot: redirect,
    })
    // The answer is the API's, plus the network fee tradekit estimated.
    expect(facadeAnswer).toMatchObject(saleSteps)
    await client.dispose()

    const actions = setupActions()
    actions.api.route("POST", "/execute/buy/v7", { body: saleSteps })
    const effectAnswer = await Effect.runPromise(
      actions.run(
        buy({
          items: [{ token: `${NFT}:1` }],
          precheck: true,
          onProgress: (snapshot) => Effect.sync(() => redirect(snapshot)),
        }),
      ),
    )
    expect(effectAnswer).toMatchObject(saleSteps)
  })
})
