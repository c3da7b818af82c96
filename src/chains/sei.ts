import { zeroAddress } from "viem"
import { sei as viemSei } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Sei (chain id 1329); pays in SEI, WSEI, USDC. No API comes with it: give it the `baseApiUrl` of one that speaks
 * the protocol (a self-hosted indexer, your proxy), as in `{ ...sei, baseApiUrl: "https://…" }`.
 */
export const sei: ChainPreset = /*#__PURE__*/ definePreset({
  id: 1329,
  name: "Sei",
  baseApiUrl: "",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 1329, address: zeroAddress, symbol: "SEI", name: "Sei", decimals: 18 },
    {
      chainId: 1329,
      address: "0xE30feDd158A2e3b13e9badaeABaFc5516e95e8C7",
      symbol: "WSEI",
      name: "Wrapped SEI",
      decimals: 18,
    },
    { chainId: 1329, address: "0xe15fC38F6D8c56aF07bbCBe3BAf5708A2Bf42392", symbol: "USDC", name: "USDC", decimals: 6 },
  ],
  viemChain: viemSei,
})
