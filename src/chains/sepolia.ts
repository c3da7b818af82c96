import { zeroAddress } from "viem"
import { sepolia as viemSepolia } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Sepolia (chain id 11155111) on the hosted API at `https://api-sepolia.reservoir.tools`; pays in ETH, WETH.
 */
export const sepolia: ChainPreset = /*#__PURE__*/ definePreset({
  id: 11155111,
  name: "Sepolia",
  baseApiUrl: "https://api-sepolia.reservoir.tools",
  websocketUrl: "wss://ws-sepolia.reservoir.tools",
  active: false,
  checkPollingInterval: 2000,
  paymentTokens: [
    { chainId: 11155111, address: zeroAddress, symbol: "ETH", name: "Sepolia ETH", decimals: 18 },
    {
      chainId: 11155111,
      address: "0x7b79995e5f793A07Bc00c21412e50Ecae098E7f9",
      symbol: "WETH",
      name: "WETH",
      decimals: 18,
    },
  ],
  viemChain: viemSepolia,
})
