import { defineChain, zeroAddress } from "viem"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

// viem has no definition for chain 68840142.
const frameTestnetChain = /*#__PURE__*/ defineChain({
  id: 68840142,
  name: "Frame Testnet",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: {
    default: { http: ["https://rpc.testnet.frame.xyz/http"] },
  },
  blockExplorers: { default: { name: "Frame Testnet Explorer", url: "https://explorer.testnet.frame.xyz" } },
  testnet: true,
})

/**
 * Frame Testnet (chain id 68840142) on the hosted API at `https://api-frame-testnet.reservoir.tools`; pays in ETH,
 * WETH.
 */
export const frameTestnet: ChainPreset = /*#__PURE__*/ definePreset({
  id: 68840142,
  name: "Frame Testnet",
  baseApiUrl: "https://api-frame-testnet.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 68840142, address: zeroAddress, symbol: "ETH", name: "Frame Testnet ETH", decimals: 18 },
    {
      chainId: 68840142,
      address: "0x822b4C4713433c6b88547845850A39343bF0957e",
      symbol: "WETH",
      name: "WETH",
      decimals: 18,
    },
  ],
  viemChain: frameTestnetChain,
})
