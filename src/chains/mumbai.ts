import { zeroAddress } from "viem"
import { polygonMumbai as viemMumbai } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Polygon Mumbai (chain id 80001) on the hosted API at `https://api-mumbai.reservoir.tools`; pays in MATIC, WMATIC,
 * USDC.
 */
export const mumbai: ChainPreset = /*#__PURE__*/ definePreset({
  id: 80001,
  name: "Polygon Mumbai",
  baseApiUrl: "https://api-mumbai.reservoir.tools",
  websocketUrl: "wss://ws-mumbai.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 80001, address: zeroAddress, symbol: "MATIC", name: "MATIC", decimals: 18 },
    {
      chainId: 80001,
      address: "0x9c3C9283D3e44854697Cd22D3Faa240Cfb032889",
      symbol: "WMATIC",
      name: "WMATIC",
      decimals: 18,
    },
    {
      chainId: 80001,
      address: "0x0FA8781a83E46826621b3BC094Ea2A0212e71B23",
      symbol: "USDC",
      name: "USDC",
      decimals: 6,
    },
  ],
  viemChain: viemMumbai,
})
