// @vitest-environment jsdom
/**
 * tradekit inside a wagmi app, on the devnet: wagmi connects (its `mock` connector over the devnet's anvil, as a
 * devnet user), `useWalletClient().data` goes to `TradekitProvider`, and `useBuyToken` buys for real.
 *
 * Written with `createElement` rather than JSX: the integration project only collects `*.test.ts` files.
 */
import "./nodeBytes.js"
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { act, cleanup, render, waitFor } from "@testing-library/react"
import { createElement as h, type ReactNode } from "react"
import { type Address, type Hex, parseEther } from "viem"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { createConfig, http, useConnect, useWalletClient, WagmiProvider } from "wagmi"
import { mock } from "wagmi/connectors"
import { type Devnet, startDevnet } from "../../../devnet/index.js"
import { type ActionHookResult, TradekitProvider, useBuyToken, useTradekit } from "../../../src/react/index.js"
import { listingIds, reads } from "../devnet/fixture.js"

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet()
})
afterAll(async () => {
  await devnet?.stop()
})
afterEach(() => cleanup())

/** What the test reads from inside the tree: wagmi's connect, and the hook under test with its provider's wallet. */
interface Probe {
  connect?: ReturnType<typeof useConnect>
  buy?: ActionHookResult<"buyToken">
  wallet?: unknown
}

/** The app's own wiring: wagmi's wallet client, whatever it currently is, is tradekit's wallet. */
const TradekitFromWagmi = ({ children }: { children: ReactNode }) => {
  const { data: walletClient } = useWalletClient()
  return h(
    TradekitProvider,
    { options: { chains: devnet.chains, source: "wagmi.test" }, wallet: walletClient },
    children,
  )
}

const Reader = ({ probe }: { probe: Probe }) => {
  probe.connect = useConnect()
  probe.buy = useBuyToken()
  probe.wallet = useTradekit().wallet
  return null
}

describe("tradekit with a wagmi wallet, on the devnet", () => {
  it("buys through useBuyToken with useWalletClient().data: the sale is sent from the wagmi account and the buyer owns the token", async () => {
    const buyer = devnet.accounts.users[3]!
    const chain = devnet.chains[0]!.viemChain!
    const config = createConfig({
      chains: [chain],
      connectors: [mock({ accounts: [buyer.address] })],
      transports: { [chain.id]: http(devnet.rpcUrls[chain.id]) },
    })
    const probe: Probe = {}
    render(
      h(
        WagmiProvider,
        { config, reconnectOnMount: false },
        h(QueryClientProvider, { client: new QueryClient() }, h(TradekitFromWagmi, null, h(Reader, { probe }))),
      ),
    )
    expect(probe.wallet).toBeUndefined()

    await act(async () => {
      await probe.connect!.mutateAsync({ connector: config.connectors[0]! })
    })
    await waitFor(() => expect(probe.wallet).toBeDefined())
    expect((probe.wallet as { account?: { address: Address } }).account?.address).toBe(buyer.address)

    const r = reads(devnet)
    const punks = devnet.contracts.origin.punks
    const [orderId] = await listingIds(devnet, punks, 9n)
    const sellerBefore = await r.eth(devnet.accounts.users[1]!.address)
    await act(async () => {
      await probe.buy!.mutateAsync({ items: [{ orderId: orderId! }] })
    })

    expect(probe.buy!.error).toBeUndefined()
    expect(probe.buy!.status).toBe("success")
    expect(probe.buy!.progress?.status).toBe("complete")
    const [hash] = probe.buy!.progress!.txHashes
    const sale = await r.client.getTransaction({ hash: hash!.txHash as Hex })
    expect(sale.from).toBe(buyer.address.toLowerCase())
    expect(await r.ownerOf(punks, 9n)).toBe(buyer.address)
    expect((await r.eth(devnet.accounts.users[1]!.address)) - sellerBefore).toBe(parseEther("0.22"))
  })
})
