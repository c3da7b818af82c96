import { zeroAddress } from "viem"
import { mainnet as viemMainnet } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Ethereum (chain id 1) on the hosted API at `https://api.reservoir.tools`; pays in ETH, WETH, USDC.
 */
export const mainnet: ChainPreset = /*#__PURE__*/ definePreset({
  id: 1,
  name: "Ethereum",
  baseApiUrl: "https://api.reservoir.tools",
  websocketUrl: "wss://ws.reservoir.tools",
  active: false,
  checkPollingInterval: 2000,
  paymentTokens: [
    { chainId: 1, address: zeroAddress, symbol: "ETH", name: "ETH", decimals: 18 },
    { chainId: 1, address: "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2", symbol: "WETH", name: "WETH", decimals: 18 },
    { chainId: 1, address: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", symbol: "USDC", name: "USDC", decimals: 6 },
  ],
  viemChain: viemMainnet,
})
