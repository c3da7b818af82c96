import { zeroAddress } from "viem"
import { ancient8Sepolia as viemAncient8Testnet } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Ancient8 Testnet (chain id 28122024) on the hosted API at `https://api-ancient8-testnet.reservoir.tools`; pays in
 * ETH, WETH.
 */
export const ancient8Testnet: ChainPreset = /*#__PURE__*/ definePreset({
  id: 28122024,
  name: "Ancient8 Testnet",
  baseApiUrl: "https://api-ancient8-testnet.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 28122024, address: zeroAddress, symbol: "ETH", name: "Ancient8 Testnet ETH", decimals: 18 },
    {
      chainId: 28122024,
      address: "0x4200000000000000000000000000000000000006",
      symbol: "WETH",
      name: "WETH",
      decimals: 18,
    },
  ],
  viemChain: viemAncient8Testnet,
})
