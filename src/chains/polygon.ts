import { zeroAddress } from "viem"
import { polygon as viemPolygon } from "viem/chains"
import type { ChainPreset } from "./ChainConfig.js"
import { definePreset } from "./definePreset.js"

/**
 * Polygon (chain id 137) on the hosted API at `https://api-polygon.reservoir.tools`; pays in MATIC, WETH, USDC.
 * The facts source lists WETH rather than WMATIC as Polygon's wrapped token: the API's bids on Polygon are in WETH.
 */
export const polygon: ChainPreset = /*#__PURE__*/ definePreset({
  id: 137,
  name: "Polygon",
  baseApiUrl: "https://api-polygon.reservoir.tools",
  websocketUrl: "wss://ws-polygon.reservoir.tools",
  active: false,
  checkPollingInterval: 1000,
  paymentTokens: [
    { chainId: 137, address: zeroAddress, symbol: "MATIC", name: "MATIC", decimals: 18 },
    { chainId: 137, address: "0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619", symbol: "WETH", name: "WETH", decimals: 18 },
    { chainId: 137, address: "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359", symbol: "USDC", name: "USDC", decimals: 6 },
  ],
  viemChain: viemPolygon,
})
