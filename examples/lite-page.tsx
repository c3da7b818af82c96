// A page that carries only what it uses: a client from tradekit/lite names its capabilities (here the simulation,
// so a transaction that would revert is refused before the wallet is asked), and the app owns it.
import type { WalletClient } from "viem"
import { mainnet } from "../src/index.js"
import { createClient, simulation } from "../src/lite/index.js"
import { TradekitClientProvider, useBuyToken } from "../src/react/index.js"

/** Made once, at module scope: no status socket, no batches, no EIP-7966 send, no resume on this page. */
const client = createClient({
  chains: [{ ...mainnet, websocketUrl: undefined, active: true }],
  capabilities: [simulation],
})

/** A buy button, as with any client. */
const Buy = ({ token }: { readonly token: string }) => {
  const { mutate, isPending, error } = useBuyToken()
  return (
    <button type="button" disabled={isPending} onClick={() => mutate({ items: [{ token, quantity: 1 }] })}>
      Buy {error?._tag === "CapabilityMissingError" ? `(add ${error.capability})` : ""}
    </button>
  )
}

/** The page: the app's own client and wagmi's connector client as the wallet. */
export const LitePage = ({ wallet, token }: { readonly wallet: WalletClient; readonly token: string }) => (
  <TradekitClientProvider client={client} wallet={wallet}>
    <Buy token={token} />
  </TradekitClientProvider>
)
