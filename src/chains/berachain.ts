import { zeroAddress } from "viem"
import { berachain as viemBerachain } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Berachain (chain id 80094); pays in BERA, WBERA. No API comes with it: give it the `baseApiUrl` of one that speaks
 * the protocol (a self-hosted indexer, your proxy), as in `{ ...berachain, baseApiUrl: "https://…" }`.
 */
export const berachain: ChainPreset = /*#__PURE__*/ definePreset({
  id: 80094,
  name: "Berachain",
  baseApiUrl: "",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 80094, address: zeroAddress, symbol: "BERA", name: "BERA", decimals: 18 },
    {
      chainId: 80094,
      address: "0x6969696969696969696969696969696969696969",
      symbol: "WBERA",
      name: "Wrapped BERA",
      decimals: 18,
    },
  ],
  viemChain: viemBerachain,
})
