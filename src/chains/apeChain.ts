import { zeroAddress } from "viem"
import { apeChain as viemApeChain } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * ApeChain (chain id 33139); pays in APE, WAPE. No API comes with it: give it the `baseApiUrl` of one that speaks
 * the protocol (a self-hosted indexer, your proxy), as in `{ ...apeChain, baseApiUrl: "https://…" }`.
 */
export const apeChain: ChainPreset = /*#__PURE__*/ definePreset({
  id: 33139,
  name: "ApeChain",
  baseApiUrl: "",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 33139, address: zeroAddress, symbol: "APE", name: "ApeCoin", decimals: 18 },
    {
      chainId: 33139,
      address: "0x48b62137EdfA95a428D35C09E44256a739F6B557",
      symbol: "WAPE",
      name: "Wrapped ApeCoin",
      decimals: 18,
    },
  ],
  viemChain: viemApeChain,
})
