import { zeroAddress } from "viem"
import { scroll as viemScroll } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Scroll (chain id 534352) on the hosted API at `https://api-scroll.reservoir.tools`; pays in ETH, WETH.
 */
export const scroll: ChainPreset = /*#__PURE__*/ definePreset({
  id: 534352,
  name: "Scroll",
  baseApiUrl: "https://api-scroll.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 534352, address: zeroAddress, symbol: "ETH", name: "Scroll ETH", decimals: 18 },
    {
      chainId: 534352,
      address: "0x5300000000000000000000000000000000000004",
      symbol: "WETH",
      name: "WETH",
      decimals: 18,
    },
  ],
  viemChain: viemScroll,
})
