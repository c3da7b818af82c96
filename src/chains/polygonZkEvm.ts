import { zeroAddress } from "viem"
import { polygonZkEvm as viemPolygonZkEvm } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Polygon zkEVM (chain id 1101) on the hosted API at `https://api-polygon-zkevm.reservoir.tools`; pays in ETH, WETH.
 */
export const polygonZkEvm: ChainPreset = /*#__PURE__*/ definePreset({
  id: 1101,
  name: "Polygon zkEVM",
  baseApiUrl: "https://api-polygon-zkevm.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 1101, address: zeroAddress, symbol: "ETH", name: "Polygon zkEVM ETH", decimals: 18 },
    {
      chainId: 1101,
      address: "0x4F9A0e7FD2Bf6067db6994CF12E4495Df938E6e9",
      symbol: "WETH",
      name: "WETH",
      decimals: 18,
    },
  ],
  viemChain: viemPolygonZkEvm,
})
