// The source, so the fixture typechecks and measures this checkout (in an app: from "tradekit/lite" and
// "tradekit/react").

import { useConnectorClient } from "wagmi"
import { createClient } from "../../src/lite/index.js"
import { TradekitClientProvider, useBuyToken, useListToken, usePlaceBid } from "../../src/react/index.js"

const chains = [{ id: 1, name: "Ethereum", baseApiUrl: "https://api.reservoir.tools", active: true }]
const token = "0x0000000000000000000000000000000000000001:1"

/**
 * The page's client, from `tradekit/lite`: the executor and the actions, and no optional capability (the table of
 * bench/RESULTS.md says what naming each would add).
 */
const client = createClient({ chains, source: "fixture.app" })

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
 * The same page with tradekit: its own lite client over wagmi's connector client (a bare viem client:
 * `useWalletClient` would add viem's whole `walletActions`, ≈ 8 KB gzip, that tradekit does not need), and a buy,
 * a listing and a bid.
 */
export const Trade = () => {
  const { data: wallet } = useConnectorClient()
  return (
    <TradekitClientProvider client={client} wallet={wallet}>
      <Actions />
    </TradekitClientProvider>
  )
}
