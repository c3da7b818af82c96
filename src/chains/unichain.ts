import { zeroAddress } from "viem"
import { unichain as viemUnichain } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Unichain (chain id 130); pays in ETH, WETH, USDC. No API comes with it: give it the `baseApiUrl` of one that speaks
 * the protocol (a self-hosted indexer, your proxy), as in `{ ...unichain, baseApiUrl: "https://…" }`.
 */
export const unichain: ChainPreset = /*#__PURE__*/ definePreset({
  id: 130,
  name: "Unichain",
  baseApiUrl: "",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 130, address: zeroAddress, symbol: "ETH", name: "Ether", decimals: 18 },
    {
      chainId: 130,
      address: "0x4200000000000000000000000000000000000006",
      symbol: "WETH",
      name: "Wrapped Ether",
      decimals: 18,
    },
    { chainId: 130, address: "0x078D782b760474a361dDA0AF3839290b0EF57AD6", symbol: "USDC", name: "USDC", decimals: 6 },
  ],
  viemChain: viemUnichain,
})
