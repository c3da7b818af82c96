import { createWalletClient, custom, keccak256 } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { mainnet } from "viem/chains"
import { describe, expect, it } from "vitest"
import { createClientWithLayer } from "../../../src/client/createClientWithLayer.js"
import { makeFakeApi } from "../../../src/testing/FakeApi.js"
import { TEST_PRIVATE_KEY } from "../../../src/testing/FakeWallet.js"
import { VERSION } from "../../../src/version.js"
import { EXCHANGE, NFT } from "../fixtures.js"
import { memoryProvider } from "./memoryProvider.js"

// Written the way an app on reservoir-sdk 2.0.x calls it: createClient + actions.buyToken with a viem wallet client.
describe("compatibility with reservoir-sdk 2.0.x apps", () => {
  it("buyToken with a viem WalletClient sends the same requests, headers included, and resolves to true", async () => {
    const account = privateKeyToAccount(TEST_PRIVATE_KEY)
    const provider = memoryProvider(1)
    const wallet = createWalletClient({ account, chain: mainnet, transport: custom(provider) })
    const api = makeFakeApi()
      .route("POST", "/execute/buy/v7", {
        body: {
          steps: [
            {
              id: "sale",
              action: "Confirm transaction in your wallet",
              description: "",
              kind: "transaction",
              items: [
                {
                  status: "incomplete",
                  orderIds: ["0xabc"],
                  data: { from: account.address, to: EXCHANGE, data: "0xdeadbeef", value: "1000" },
                },
              ],
            },
          ],
          path: [
            {
              orderId: "0xabc",
              contract: NFT,
              tokenId: "1",
              currency: "0x0000000000000000000000000000000000000000",
              quote: 0.000000000000001,
              rawQuote: "1000",
            },
          ],
        },
      })
      .route("GET", /^\/transactions\/0x[0-9a-f]{64}\/synced\/v1$/, { body: { synced: true } })
      .route("GET", "/transfers/bulk/v2", (req) => ({
        body: {
          transfers: req.query.txHash!.map((txHash) => ({
            txHash,
            token: { contract: NFT, tokenId: "1" },
            from: EXCHANGE,
            to: account.address,
          })),
        },
      }))

    const client = createClientWithLayer(
      {
        chains: [{ id: 1, name: "Ethereum", baseApiUrl: "https://api.test/", active: true }],
        apiKey: "secret-key",
        uiVersion: "ui-1.2.3",
        source: "my.app",
        normalizeRoyalties: false,
      },
      api.layer,
    )
    const progress: Array<unknown> = []
    const result = await client.actions.buyToken({
      items: [{ token: `${NFT}:1`, quantity: 1 }],
      wallet,
      expectedPrice: { "0x0000000000000000000000000000000000000000": { raw: 1000n, currencyDecimals: 18 } },
      onProgress: (steps, path) => progress.push({ steps, path }),
    })
    await client.dispose()

    expect(result).toBe(true)
    expect(provider.rawTransactions).toHaveLength(1)
    const hash = keccak256(provider.rawTransactions[0]!)
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /execute/buy/v7",
      `GET /transactions/${hash}/synced/v1`,
      "GET /transfers/bulk/v2",
    ])
    expect(api.requests[0]!.url.href).toBe("https://api.test/execute/buy/v7")
    expect(api.requests[0]!.body).toEqual({
      items: [{ token: `${NFT}:1`, quantity: 1 }],
      taker: account.address,
      source: "my.app",
      normalizeRoyalties: false,
    })
    for (const request of api.requests) {
      expect(request.headers).toMatchObject({
        "content-type": "application/json",
        "x-rkc-version": VERSION,
        "x-api-key": "secret-key",
        "x-rkui-version": "ui-1.2.3",
      })
    }
    expect(api.requests[2]!.query).toEqual({ txHash: [hash] })
    expect(progress.length).toBeGreaterThan(1)
  })
})
