// A Vite + wagmi app against the devnet. Start the devnet on fixed ports, so the app's config can name them:
//   npx tradekit-devnet --port 4000 --origin-port 8545 --destination-port 8546
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import type { ReactNode } from "react"
import { foundry } from "viem/chains"
import { createConfig, http, useWalletClient, WagmiProvider } from "wagmi"
import { mock } from "wagmi/connectors"
import { TradekitProvider } from "../src/react/index.js"

/** Devnet user 1, a public test-mnemonic account: anvil holds its key, so the node signs what the mock wallet asks. */
const user1 = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"

/** wagmi on the devnet's order-book chain: 31337 with its RPC on 8545, which is viem's `foundry` chain. */
export const wagmiConfig = createConfig({
  chains: [foundry],
  connectors: [mock({ accounts: [user1], features: { defaultConnected: true } })],
  transports: { [foundry.id]: http() },
})

/** The devnet's API; `GET http://127.0.0.1:4000/` gives its chains in this shape, and what is listed, by whom. */
const devnetChain = {
  id: 31337,
  name: "Devnet Origin",
  baseApiUrl: "http://127.0.0.1:4000/chains/31337",
  checkPollingInterval: 250,
  active: true,
}

const Trading = ({ children }: { readonly children: ReactNode }) => {
  const { data: wallet } = useWalletClient()
  return (
    <TradekitProvider options={{ chains: [devnetChain], source: "my-app.example" }} wallet={wallet}>
      {children}
    </TradekitProvider>
  )
}

const queryClient = new QueryClient()

/** The app's root: wagmi, TanStack Query, then tradekit with wagmi's wallet client. */
export const DevnetApp = ({ children }: { readonly children: ReactNode }) => (
  <WagmiProvider config={wagmiConfig}>
    <QueryClientProvider client={queryClient}>
      <Trading>{children}</Trading>
    </QueryClientProvider>
  </WagmiProvider>
)
