import { zeroAddress } from "viem"
import { optimism as viemOptimism } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Optimism (chain id 10) on the hosted API at `https://api-optimism.reservoir.tools`; pays in ETH, WETH, USDC.
 */
export const optimism: ChainPreset = /*#__PURE__*/ definePreset({
  id: 10,
  name: "Optimism",
  baseApiUrl: "https://api-optimism.reservoir.tools",
  websocketUrl: "wss://ws-optimism.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 10, address: zeroAddress, symbol: "ETH", name: "Optimism ETH", decimals: 18 },
    { chainId: 10, address: "0x4200000000000000000000000000000000000006", symbol: "WETH", name: "WETH", decimals: 18 },
    { chainId: 10, address: "0x7F5c764cBc14f9669B88837ca1490cCa17c31607", symbol: "USDC", name: "USDC", decimals: 6 },
  ],
  viemChain: viemOptimism,
})
