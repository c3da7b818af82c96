import { zeroAddress } from "viem"
import { base as viemBase } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Base (chain id 8453) on the hosted API at `https://api-base.reservoir.tools`; pays in ETH, WETH, USDC.
 */
export const base: ChainPreset = /*#__PURE__*/ definePreset({
  id: 8453,
  name: "Base",
  baseApiUrl: "https://api-base.reservoir.tools",
  websocketUrl: "wss://ws-base.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 8453, address: zeroAddress, symbol: "ETH", name: "Base ETH", decimals: 18 },
    {
      chainId: 8453,
      address: "0x4200000000000000000000000000000000000006",
      symbol: "WETH",
      name: "WETH",
      decimals: 18,
    },
    { chainId: 8453, address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", symbol: "USDC", name: "USDC", decimals: 6 },
  ],
  viemChain: viemBase,
})
