import { zeroAddress } from "viem"
import { zksync as viemZkSync } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * zkSync (chain id 324) on the hosted API at `https://api-zksync.reservoir.tools`; pays in ETH, WETH.
 */
export const zkSync: ChainPreset = /*#__PURE__*/ definePreset({
  id: 324,
  name: "zkSync",
  baseApiUrl: "https://api-zksync.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 324, address: zeroAddress, symbol: "ETH", name: "zkSync ETH", decimals: 18 },
    { chainId: 324, address: "0x5AEa5775959fBC2557Cc8789bC1bf90A239D9a91", symbol: "WETH", name: "WETH", decimals: 18 },
  ],
  viemChain: viemZkSync,
})
