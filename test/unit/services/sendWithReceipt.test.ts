import { createWalletClient, custom } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { mainnet } from "viem/chains"
import { describe, expect, it } from "vitest"
import { createClientWithLayer } from "../../../src/client/createClientWithLayer.js"
import { makeFakeApi } from "../../../src/testing/FakeApi.js"
import { TEST_PRIVATE_KEY } from "../../../src/testing/FakeWallet.js"
import { memoryProvider } from "../client/memoryProvider.js"
import { NFT, step, txItem } from "../fixtures.js"

const account = privateKeyToAccount(TEST_PRIVATE_KEY)

/** A buy of one sale through the facade, with a local account over an in-memory node. */
const buyWith = async (sendSync?: "success" | "reverted") => {
  const provider = memoryProvider(1, sendSync === undefined ? {} : { sendSync })
  const wallet = createWalletClient({ account, chain: mainnet, transport: custom(provider) })
  const api = makeFakeApi()
    .route("POST", "/execute/buy/v7", { body: { steps: [step("sale", "transaction", [txItem(account.address)])] } })
    .route("GET", /synced/, { body: { synced: true } })
    .route("GET", "/transfers/bulk/v2", (request) => ({ body: { transfers: request.query.txHash!.map((txHash) => ({ txHash })) } }))
  const client = createClientWithLayer({ chains: [{ id: 1, name: "Ethereum", baseApiUrl: "https://api.test", active: true }] }, api.layer)
  const outcome = await client.actions.buyToken({ items: [{ token: `${NFT}:1` }], wallet }).then(
    (result) => ({ result }),
    (error: unknown) => ({ error }),
  )
  await client.dispose()
  return { outcome, methods: provider.methods, raw: provider.rawTransactions }
}

describe("receipts in the same call (eth_sendRawTransactionSync, EIP-7966)", () => {
  it("a local account's send answers with its receipt: no receipt read, no second send", async () => {
    const { outcome, methods, raw } = await buyWith("success")
    expect(outcome).toEqual({ result: true })
    expect(raw).toHaveLength(1)
    expect(methods.filter((method) => method === "eth_sendRawTransactionSync")).toHaveLength(1)
    expect(methods).not.toContain("eth_sendRawTransaction")
    expect(methods).not.toContain("eth_getTransactionReceipt")
  })

  it("a node without the method took nothing: the usual send goes out once", async () => {
    const { outcome, methods, raw } = await buyWith()
    expect(outcome).toEqual({ result: true })
    expect(raw).toHaveLength(1)
    expect(methods.filter((method) => method === "eth_sendRawTransactionSync")).toHaveLength(1)
    expect(methods.filter((method) => method === "eth_sendRawTransaction")).toHaveLength(1)
  })

  it("a receipt that says reverted fails the item at once, with one send", async () => {
    const { outcome, raw } = await buyWith("reverted")
    expect(outcome).toMatchObject({ error: { name: "TransactionFailedError" } })
    expect(raw).toHaveLength(1)
  })
})
