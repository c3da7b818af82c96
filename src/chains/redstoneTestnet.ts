import { defineChain, zeroAddress } from "viem"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

// viem has no definition for chain 17001.
const redstoneHoleskyChain = /*#__PURE__*/ defineChain({
  id: 17001,
  name: "Redstone Holesky Testnet",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: {
    default: { http: ["https://rpc.holesky.redstone.xyz"], webSocket: ["wss://rpc.holesky.redstone.xyz/ws"] },
  },
  blockExplorers: { default: { name: "Redstone Holesky Explorer", url: "https://explorer.holesky.redstone.xyz" } },
  testnet: true,
})

/**
 * Redstone Testnet (chain id 17001) on the hosted API at `https://api-redstone-testnet.reservoir.tools`; pays in ETH,
 * WETH.
 */
export const redstoneTestnet: ChainPreset = /*#__PURE__*/ definePreset({
  id: 17001,
  name: "Redstone Testnet",
  baseApiUrl: "https://api-redstone-testnet.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 17001, address: zeroAddress, symbol: "ETH", name: "ETH", decimals: 18 },
    {
      chainId: 17001,
      address: "0x09d940117bd1df3165A22820517A946426605F60",
      symbol: "WETH",
      name: "WETH",
      decimals: 18,
    },
  ],
  viemChain: redstoneHoleskyChain,
})
