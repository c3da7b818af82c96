import { zeroAddress } from "viem"
import { linea as viemLinea } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Linea (chain id 59144) on the hosted API at `https://api-linea.reservoir.tools`; pays in ETH, WETH, USDC.
 */
export const linea: ChainPreset = /*#__PURE__*/ definePreset({
  id: 59144,
  name: "Linea",
  baseApiUrl: "https://api-linea.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 59144, address: zeroAddress, symbol: "ETH", name: "ETH", decimals: 18 },
    {
      chainId: 59144,
      address: "0xe5D7C2a44FfDDf6b295A15c148167daaAf5Cf34f",
      symbol: "WETH",
      name: "WETH",
      decimals: 18,
    },
    {
      chainId: 59144,
      address: "0x176211869cA2b568f2A7D4EE941E073a821EE1ff",
      symbol: "USDC",
      name: "USDC",
      decimals: 6,
    },
  ],
  viemChain: viemLinea,
})
