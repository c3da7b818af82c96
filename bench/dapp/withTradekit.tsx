import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { createRoot } from "react-dom/client"
import { WagmiProvider } from "wagmi"
import { Trade } from "./Trade.js"
import { Wallet } from "./Wallet.js"
import { config } from "./wagmi.js"

const queryClient = new QueryClient()

createRoot(document.getElementById("root")!).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <Wallet />
      <Trade />
    </QueryClientProvider>
  </WagmiProvider>,
)
