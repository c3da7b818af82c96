import { zeroAddress } from "viem"
import { soneium as viemSoneium } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Soneium (chain id 1868); pays in ETH, WETH. No API comes with it: give it the `baseApiUrl` of one that speaks
 * the protocol (a self-hosted indexer, your proxy), as in `{ ...soneium, baseApiUrl: "https://…" }`.
 */
export const soneium: ChainPreset = /*#__PURE__*/ definePreset({
  id: 1868,
  name: "Soneium",
  baseApiUrl: "",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 1868, address: zeroAddress, symbol: "ETH", name: "Ether", decimals: 18 },
    {
      chainId: 1868,
      address: "0x4200000000000000000000000000000000000006",
      symbol: "WETH",
      name: "Wrapped Ether",
      decimals: 18,
    },
  ],
  viemChain: viemSoneium,
})
