import { defineChain, zeroAddress } from "viem"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

// viem has no definition for chain 70800.
const proofOfPlayApexTestnetChain = /*#__PURE__*/ defineChain({
  id: 70800,
  name: "Apex Testnet",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: {
    default: { http: [] },
  },
  testnet: true,
})

/**
 * Apex Testnet (chain id 70800) on the hosted API at `https://api-apex-testnet.reservoir.tools`; pays in ETH, WETH.
 * No public RPC or block explorer is known for this chain: pass your own transport.
 */
export const apexPopTestnet: ChainPreset = /*#__PURE__*/ definePreset({
  id: 70800,
  name: "Apex Testnet",
  baseApiUrl: "https://api-apex-testnet.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 70800, address: zeroAddress, symbol: "ETH", name: "ETH", decimals: 18 },
    {
      chainId: 70800,
      address: "0xBfB86801053600dd3C7FCBa6d5E85017a64cE728",
      symbol: "WETH",
      name: "WETH",
      decimals: 18,
    },
  ],
  viemChain: proofOfPlayApexTestnetChain,
})
