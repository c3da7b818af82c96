import { defineChain, zeroAddress } from "viem"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

// viem has no definition for chain 534353.
const scrollAlphaTestnetChain = /*#__PURE__*/ defineChain({
  id: 534353,
  name: "Scroll Alpha Testnet",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: {
    default: { http: ["https://alpha-rpc.scroll.io/l2"], webSocket: ["wss://alpha-rpc.scroll.io/l2/ws"] },
  },
  blockExplorers: { default: { name: "Blockscout", url: "https://blockscout.scroll.io" } },
  testnet: true,
})

/**
 * Scroll Testnet (chain id 534353) on the hosted API at `https://api-scroll-alpha.reservoir.tools`; pays in ETH, WETH,
 * USDC.
 */
export const scrollTestnet: ChainPreset = /*#__PURE__*/ definePreset({
  id: 534353,
  name: "Scroll Testnet",
  baseApiUrl: "https://api-scroll-alpha.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 534353, address: zeroAddress, symbol: "ETH", name: "Scroll Testnet ETH", decimals: 18 },
    {
      chainId: 534353,
      address: "0xa1EA0B2354F5A344110af2b6AD68e75545009a03",
      symbol: "WETH",
      name: "WETH",
      decimals: 18,
    },
    {
      chainId: 534353,
      address: "0xA0D71B9877f44C744546D649147E3F1e70a93760",
      symbol: "USDC",
      name: "USDC",
      decimals: 6,
    },
  ],
  viemChain: scrollAlphaTestnetChain,
})
