import { zeroAddress } from "viem"
import { ink as viemInk } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Ink (chain id 57073); pays in ETH, WETH. No API comes with it: give it the `baseApiUrl` of one that speaks
 * the protocol (a self-hosted indexer, your proxy), as in `{ ...ink, baseApiUrl: "https://…" }`.
 */
export const ink: ChainPreset = /*#__PURE__*/ definePreset({
  id: 57073,
  name: "Ink",
  baseApiUrl: "",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 57073, address: zeroAddress, symbol: "ETH", name: "Ether", decimals: 18 },
    {
      chainId: 57073,
      address: "0x4200000000000000000000000000000000000006",
      symbol: "WETH",
      name: "Wrapped Ether",
      decimals: 18,
    },
  ],
  viemChain: viemInk,
})
