import { zeroAddress } from "viem"
import { opBNB as viemOpBnb } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * opBNB (chain id 204) on the hosted API at `https://api-opbnb.reservoir.tools`; pays in BNB, WBNB.
 * reservoir-sdk labelled the native currency ETH; it is BNB.
 */
export const opBnb: ChainPreset = /*#__PURE__*/ definePreset({
  id: 204,
  name: "opBNB",
  baseApiUrl: "https://api-opbnb.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 204, address: zeroAddress, symbol: "BNB", name: "BNB", decimals: 18 },
    { chainId: 204, address: "0x4200000000000000000000000000000000000006", symbol: "WBNB", name: "WBNB", decimals: 18 },
  ],
  viemChain: viemOpBnb,
})
