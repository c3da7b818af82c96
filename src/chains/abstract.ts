import { zeroAddress } from "viem"
import { abstract as viemAbstract } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Abstract (chain id 2741); pays in ETH, WETH. No API comes with it: give it the `baseApiUrl` of one that speaks
 * the protocol (a self-hosted indexer, your proxy), as in `{ ...abstract, baseApiUrl: "https://…" }`.
 */
export const abstract: ChainPreset = /*#__PURE__*/ definePreset({
  id: 2741,
  name: "Abstract",
  baseApiUrl: "",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 2741, address: zeroAddress, symbol: "ETH", name: "Ether", decimals: 18 },
    {
      chainId: 2741,
      address: "0x3439153EB7AF838Ad19d56E1571FBD09333C2809",
      symbol: "WETH",
      name: "Wrapped Ether",
      decimals: 18,
    },
  ],
  viemChain: viemAbstract,
})
