import { zeroAddress } from "viem"
import { arbitrumNova as viemArbitrumNova } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Arbitrum Nova (chain id 42170) on the hosted API at `https://api-arbitrum-nova.reservoir.tools`; pays in ETH, WETH,
 * USDC.
 */
export const arbitrumNova: ChainPreset = /*#__PURE__*/ definePreset({
  id: 42170,
  name: "Arbitrum Nova",
  baseApiUrl: "https://api-arbitrum-nova.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 42170, address: zeroAddress, symbol: "ETH", name: "Arbitrum Nova ETH", decimals: 18 },
    {
      chainId: 42170,
      address: "0x722E8BdD2ce80A4422E880164f2079488e115365",
      symbol: "WETH",
      name: "WETH",
      decimals: 18,
    },
    {
      chainId: 42170,
      address: "0x750ba8b76187092B0D1E87E28daaf484d1b5273b",
      symbol: "USDC",
      name: "USDC",
      decimals: 6,
    },
  ],
  viemChain: viemArbitrumNova,
})
