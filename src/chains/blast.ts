import { zeroAddress } from "viem"
import { blast as viemBlast } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Blast (chain id 81457) on the hosted API at `https://api-blast.reservoir.tools`; pays in ETH, WETH.
 */
export const blast: ChainPreset = /*#__PURE__*/ definePreset({
  id: 81457,
  name: "Blast",
  baseApiUrl: "https://api-blast.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 81457, address: zeroAddress, symbol: "ETH", name: "ETH", decimals: 18 },
    {
      chainId: 81457,
      address: "0x4300000000000000000000000000000000000004",
      symbol: "WETH",
      name: "WETH",
      decimals: 18,
    },
  ],
  viemChain: viemBlast,
})
