import { zeroAddress } from "viem"
import { blastSepolia as viemBlastSepolia } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Blast Sepolia (chain id 168587773) on the hosted API at `https://api-blast-sepolia.reservoir.tools`; pays in ETH,
 * WETH.
 */
export const blastSepolia: ChainPreset = /*#__PURE__*/ definePreset({
  id: 168587773,
  name: "Blast Sepolia",
  baseApiUrl: "https://api-blast-sepolia.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 168587773, address: zeroAddress, symbol: "ETH", name: "ETH", decimals: 18 },
    {
      chainId: 168587773,
      address: "0x4200000000000000000000000000000000000023",
      symbol: "WETH",
      name: "WETH",
      decimals: 18,
    },
  ],
  viemChain: viemBlastSepolia,
})
