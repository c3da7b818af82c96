import { zeroAddress } from "viem"
import { baseSepolia as viemBaseSepolia } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Base Sepolia (chain id 84532) on the hosted API at `https://api-base-sepolia.reservoir.tools`; pays in ETH, WETH.
 * reservoir-sdk gave its WETH the chain id 84531 (Base Goerli) by mistake; it is 84532.
 */
export const baseSepolia: ChainPreset = /*#__PURE__*/ definePreset({
  id: 84532,
  name: "Base Sepolia",
  baseApiUrl: "https://api-base-sepolia.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 84532, address: zeroAddress, symbol: "ETH", name: "Base Sepolia ETH", decimals: 18 },
    {
      chainId: 84532,
      address: "0x4200000000000000000000000000000000000006",
      symbol: "WETH",
      name: "WETH",
      decimals: 18,
    },
  ],
  viemChain: viemBaseSepolia,
})
