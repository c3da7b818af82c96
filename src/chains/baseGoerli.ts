import { zeroAddress } from "viem"
import { baseGoerli as viemBaseGoerli } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Base Goerli (chain id 84531) on the hosted API at `https://api-base-goerli.reservoir.tools`; pays in ETH, WETH, USDC.
 */
export const baseGoerli: ChainPreset = /*#__PURE__*/ definePreset({
  id: 84531,
  name: "Base Goerli",
  baseApiUrl: "https://api-base-goerli.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 84531, address: zeroAddress, symbol: "ETH", name: "Base Goerli ETH", decimals: 18 },
    {
      chainId: 84531,
      address: "0x4200000000000000000000000000000000000006",
      symbol: "WETH",
      name: "WETH",
      decimals: 18,
    },
    {
      chainId: 84531,
      address: "0xF175520C52418dfE19C8098071a252da48Cd1C19",
      symbol: "USDC",
      name: "USDC",
      decimals: 6,
    },
  ],
  viemChain: viemBaseGoerli,
})
