import { zeroAddress } from "viem"
import { goerli as viemGoerli } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Goerli (chain id 5) on the hosted API at `https://api-goerli.reservoir.tools`; pays in ETH, WETH, USDC.
 */
export const goerli: ChainPreset = /*#__PURE__*/ definePreset({
  id: 5,
  name: "Goerli",
  baseApiUrl: "https://api-goerli.reservoir.tools",
  websocketUrl: "wss://ws-goerli.reservoir.tools",
  active: false,
  checkPollingInterval: 2000,
  paymentTokens: [
    { chainId: 5, address: zeroAddress, symbol: "ETH", name: "Goerli ETH", decimals: 18 },
    { chainId: 5, address: "0xB4FBF271143F4FBf7B91A5ded31805e42b2208d6", symbol: "WETH", name: "WETH", decimals: 18 },
    { chainId: 5, address: "0x07865c6E87B9F70255377e024ace6630C1Eaa37F", symbol: "USDC", name: "USDC", decimals: 6 },
  ],
  viemChain: viemGoerli,
})
