// The source, so the fixture typechecks and measures this checkout (in an app: from "tradekit/react").

import { useConnectorClient } from "wagmi"
import { TradekitProvider, useBuyToken, useListToken, usePlaceBid } from "../../src/react/index.js"

const chains = [{ id: 1, name: "Ethereum", baseApiUrl: "https://api.reservoir.tools", active: true }]
const token = "0x0000000000000000000000000000000000000001:1"

const Actions = () => {
  const buy = useBuyToken()
  const list = useListToken()
  const bid = usePlaceBid()
  return (
    <section>
      <button type="button" onClick={() => buy.mutate({ items: [{ token }] })}>
        Buy {buy.progress?.steps.length}
      </button>
      <button type="button" onClick={() => list.mutate({ listings: [{ token, weiPrice: "1000000000000000000" }] })}>
        List {list.error?.message}
      </button>
      <button type="button" onClick={() => bid.mutate({ bids: [{ token, weiPrice: "1000000000000000000" }] })}>
        Bid {bid.status}
      </button>
    </section>
  )
}

/**
 * The same page with tradekit: a provider over wagmi's connector client (a bare viem client: `useWalletClient`
 * would add viem's whole `walletActions`, ≈ 8 KB gzip, that tradekit does not need), and a buy, a listing and a bid.
 */
export const Trade = () => {
  const { data: wallet } = useConnectorClient()
  return (
    <TradekitProvider options={{ chains, source: "fixture.app" }} wallet={wallet}>
      <Actions />
    </TradekitProvider>
  )
}
