import { zeroAddress } from "viem"
import { ancient8 as viemAncient8 } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Ancient8 (chain id 888888888) on the hosted API at `https://api-ancient8.reservoir.tools`; pays in ETH, WETH.
 * reservoir-sdk named this chain 'Ancient8 Testnet' by mistake; 888888888 is the Ancient8 mainnet.
 */
export const ancient8: ChainPreset = /*#__PURE__*/ definePreset({
  id: 888888888,
  name: "Ancient8",
  baseApiUrl: "https://api-ancient8.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 888888888, address: zeroAddress, symbol: "ETH", name: "Ancient8 ETH", decimals: 18 },
    {
      chainId: 888888888,
      address: "0x4200000000000000000000000000000000000006",
      symbol: "WETH",
      name: "WETH",
      decimals: 18,
    },
  ],
  viemChain: viemAncient8,
})
