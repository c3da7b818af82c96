import { zeroAddress } from "viem"
import { astarZkEVM as viemAstarZkEVM } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Astar zkEVM (chain id 3776) on the hosted API at `https://api-astar-zkevm.reservoir.tools`; pays in ETH, WETH.
 */
export const astarZkEVM: ChainPreset = /*#__PURE__*/ definePreset({
  id: 3776,
  name: "Astar zkEVM",
  baseApiUrl: "https://api-astar-zkevm.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 3776, address: zeroAddress, symbol: "ETH", name: "ETH", decimals: 18 },
    {
      chainId: 3776,
      address: "0xE9CC37904875B459Fa5D0FE37680d36F1ED55e38",
      symbol: "WETH",
      name: "WETH",
      decimals: 18,
    },
  ],
  viemChain: viemAstarZkEVM,
})
