import { zeroAddress } from "viem"
import { zoraTestnet as viemZoraTestnet } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Zora Testnet (chain id 999) on the hosted API at `https://api-zora-testnet.reservoir.tools`; pays in ETH, WETH.
 */
export const zoraTestnet: ChainPreset = /*#__PURE__*/ definePreset({
  id: 999,
  name: "Zora Testnet",
  baseApiUrl: "https://api-zora-testnet.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 999, address: zeroAddress, symbol: "ETH", name: "Zora Testnet ETH", decimals: 18 },
    { chainId: 999, address: "0x8a5027ea12f45a13deb6CB96A07913c6e192BE84", symbol: "WETH", name: "WETH", decimals: 18 },
  ],
  viemChain: viemZoraTestnet,
})
