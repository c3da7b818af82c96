import { zeroAddress } from "viem"
import { arbitrum as viemArbitrum } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Arbitrum (chain id 42161) on the hosted API at `https://api-arbitrum.reservoir.tools`; pays in ETH, WETH, USDC.
 */
export const arbitrum: ChainPreset = /*#__PURE__*/ definePreset({
  id: 42161,
  name: "Arbitrum",
  baseApiUrl: "https://api-arbitrum.reservoir.tools",
  websocketUrl: "wss://ws-arbitrum.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 42161, address: zeroAddress, symbol: "ETH", name: "Arbitrum ETH", decimals: 18 },
    {
      chainId: 42161,
      address: "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1",
      symbol: "WETH",
      name: "WETH",
      decimals: 18,
    },
    {
      chainId: 42161,
      address: "0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8",
      symbol: "USDC",
      name: "USDC",
      decimals: 6,
    },
  ],
  viemChain: viemArbitrum,
})
