import { zeroAddress } from "viem"
import { zora as viemZora } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Zora (chain id 7777777) on the hosted API at `https://api-zora.reservoir.tools`; pays in ETH, WETH.
 */
export const zora: ChainPreset = /*#__PURE__*/ definePreset({
  id: 7777777,
  name: "Zora",
  baseApiUrl: "https://api-zora.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 7777777, address: zeroAddress, symbol: "ETH", name: "Zora ETH", decimals: 18 },
    {
      chainId: 7777777,
      address: "0x4200000000000000000000000000000000000006",
      symbol: "WETH",
      name: "WETH",
      decimals: 18,
    },
  ],
  viemChain: viemZora,
})
