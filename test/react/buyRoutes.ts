import { createWalletClient, custom, type WalletClient } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { mainnet } from "viem/chains"
import type { FakeApi } from "../../src/testing/FakeApi.js"
import { TEST_PRIVATE_KEY } from "../../src/testing/FakeWallet.js"
import { TEST_CHAIN } from "../../src/testing/testLayer.js"
import { memoryProvider } from "../unit/client/memoryProvider.js"
import { step, txItem } from "../unit/fixtures.js"

const account = privateKeyToAccount(TEST_PRIVATE_KEY)

/** A wallet over the test key and an in-memory node that mines each transaction at once; `sent` lists the raw transactions. */
export const minedWallet = (): { readonly wallet: WalletClient; readonly sent: ReadonlyArray<string> } => {
  const provider = memoryProvider(TEST_CHAIN.id)
  return {
    wallet: createWalletClient({ account, chain: mainnet, transport: custom(provider) }),
    sent: provider.rawTransactions,
  }
}

/** A buy the fake API carries through: one sale transaction, synced at once, its transfer indexed at once. */
export const routeSale = (api: FakeApi): FakeApi =>
  api
    .route("POST", "/execute/buy/v7", { body: { steps: [step("sale", "transaction", [txItem(account.address)])] } })
    .route("GET", /synced/, { body: { synced: true } })
    .route("GET", "/transfers/bulk/v2", (request) => ({
      body: { transfers: (request.query.txHash ?? []).map((txHash) => ({ txHash })) },
    }))
