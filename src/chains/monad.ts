import { zeroAddress } from "viem"
import { monad as viemMonad } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Monad (chain id 143); pays in MON, WMON, USDC. No API comes with it: give it the `baseApiUrl` of one that speaks
 * the protocol (a self-hosted indexer, your proxy), as in `{ ...monad, baseApiUrl: "https://…" }`.
 */
export const monad: ChainPreset = /*#__PURE__*/ definePreset({
  id: 143,
  name: "Monad",
  baseApiUrl: "",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 143, address: zeroAddress, symbol: "MON", name: "Monad", decimals: 18 },
    {
      chainId: 143,
      address: "0x3bd359C1119dA7Da1D913D1C4D2B7c461115433A",
      symbol: "WMON",
      name: "Wrapped MON",
      decimals: 18,
    },
    { chainId: 143, address: "0x754704Bc059F8C67012fEd69BC8A327a5aafb603", symbol: "USDC", name: "USDC", decimals: 6 },
  ],
  viemChain: viemMonad,
})
