import { zeroAddress } from "viem"
import { bsc as viemBsc } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * BNB Smart Chain (chain id 56) on the hosted API at `https://api-bsc.reservoir.tools`; pays in BNB, WBNB, USDC.
 * reservoir-sdk labelled the native currency ETH; it is BNB. Binance-Peg USDC on this chain has 18 decimals, not 6.
 */
export const bsc: ChainPreset = /*#__PURE__*/ definePreset({
  id: 56,
  name: "BNB Smart Chain",
  baseApiUrl: "https://api-bsc.reservoir.tools",
  websocketUrl: "wss://ws-bsc.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 56, address: zeroAddress, symbol: "BNB", name: "BNB", decimals: 18 },
    { chainId: 56, address: "0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c", symbol: "WBNB", name: "WBNB", decimals: 18 },
    { chainId: 56, address: "0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d", symbol: "USDC", name: "USDC", decimals: 18 },
  ],
  viemChain: viemBsc,
})
