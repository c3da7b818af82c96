import type { ReactNode } from "react"
import { createWalletClient, custom, type WalletClient } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { createClientWithLayer } from "../../src/client/createClientWithLayer.js"
import type { ReservoirClient } from "../../src/client/ReservoirClient.js"
import { TradekitProvider } from "../../src/react/index.js"
import { type FakeApi, makeFakeApi } from "../../src/testing/FakeApi.js"
import { TEST_PRIVATE_KEY } from "../../src/testing/FakeWallet.js"
import { TEST_CHAIN } from "../../src/testing/testLayer.js"

/** A viem WalletClient over a local account: signs for real, and any RPC call fails loudly. */
export const makeWalletClient = (): WalletClient =>
  createWalletClient({
    account: privateKeyToAccount(TEST_PRIVATE_KEY),
    transport: custom({
      request: async ({ method }: { method: string }) => {
        throw new Error(`unexpected RPC call ${method}`)
      },
    }),
  })

/** A listing's steps: one signature item, posted to /order/v4. */
export const listingSteps = {
  steps: [
    {
      id: "order-signature",
      action: "Authorize listing",
      description: "Sign the listing",
      kind: "signature",
      items: [
        {
          status: "incomplete",
          orderIndexes: [0],
          data: {
            sign: { signatureKind: "eip191", message: "list token 1" },
            post: { endpoint: "/order/v4", method: "POST", body: { items: [{ order: { kind: "devnet" } }] } },
          },
        },
      ],
    },
  ],
}

export const listing = { token: "0x1111111111111111111111111111111111111111:1", weiPrice: "1000" }

/** A facade client over a fake API, the provider wrapping it, and the wallet it acts with. */
export const setup = () => {
  const api: FakeApi = makeFakeApi()
  const client: ReservoirClient = createClientWithLayer({ chains: [TEST_CHAIN], source: "tests" }, api.layer)
  const wallet = makeWalletClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TradekitProvider client={client} wallet={wallet}>
      {children}
    </TradekitProvider>
  )
  return { api, client, wallet, wrapper }
}
