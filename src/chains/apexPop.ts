import { defineChain, zeroAddress } from "viem"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

// viem has no definition for chain 70700.
const proofOfPlayApexChain = /*#__PURE__*/ defineChain({
  id: 70700,
  name: "Proof of Play - Apex",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: {
    default: { http: ["https://rpc.apex.proofofplay.com"] },
  },
  blockExplorers: { default: { name: "Proof of Play Apex Explorer", url: "https://explorer.apex.proofofplay.com" } },
  testnet: false,
})

/**
 * Apex (chain id 70700) on the hosted API at `https://api-apex.reservoir.tools`; pays in ETH, WETH.
 */
export const apexPop: ChainPreset = /*#__PURE__*/ definePreset({
  id: 70700,
  name: "Apex",
  baseApiUrl: "https://api-apex.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 70700, address: zeroAddress, symbol: "ETH", name: "ETH", decimals: 18 },
    {
      chainId: 70700,
      address: "0x77684A04145a5924eFCE0D92A7c4a2A2E8C359de",
      symbol: "WETH",
      name: "WETH",
      decimals: 18,
    },
  ],
  viemChain: proofOfPlayApexChain,
})
