import { createConfig, http, injected } from "wagmi"
import { mainnet } from "wagmi/chains"

/** The fixture app's wagmi config: one chain, the injected wallet. */
export const config = createConfig({
  chains: [mainnet],
  connectors: [injected()],
  transports: { [mainnet.id]: http() },
})
