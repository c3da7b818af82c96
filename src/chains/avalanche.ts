import { zeroAddress } from "viem"
import { avalanche as viemAvalanche } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Avalanche (chain id 43114) on the hosted API at `https://api-avalanche.reservoir.tools`; pays in AVAX, WAVAX, USDC.
 * reservoir-sdk labelled these ETH / WETH; they are AVAX and WAVAX (the same contract).
 */
export const avalanche: ChainPreset = /*#__PURE__*/ definePreset({
  id: 43114,
  name: "Avalanche",
  baseApiUrl: "https://api-avalanche.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 43114, address: zeroAddress, symbol: "AVAX", name: "AVAX", decimals: 18 },
    {
      chainId: 43114,
      address: "0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7",
      symbol: "WAVAX",
      name: "WAVAX",
      decimals: 18,
    },
    {
      chainId: 43114,
      address: "0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E",
      symbol: "USDC",
      name: "USDC",
      decimals: 6,
    },
  ],
  viemChain: viemAvalanche,
})
