/**
 * Chain presets, their payment tokens and polling intervals: those of reservoir-sdk 2.0.x (with the URLs of
 * its hosted API, shut down since), and chains marketplaces run on today with no API in them (`baseApiUrl`
 * empty: set your own). Each preset lives in its own module: import the ones you use by name and the rest
 * stays out of your bundle.
 *
 * @module
 */

export { abstract } from "./abstract.js"
export { ancient8 } from "./ancient8.js"
export { ancient8Testnet } from "./ancient8Testnet.js"
export { apeChain } from "./apeChain.js"
export { apexPop } from "./apexPop.js"
export { apexPopTestnet } from "./apexPopTestnet.js"
export { arbitrum } from "./arbitrum.js"
export { arbitrumNova } from "./arbitrumNova.js"
export { astarZkEVM } from "./astarZkEVM.js"
export { avalanche } from "./avalanche.js"
export { base } from "./base.js"
export { baseGoerli } from "./baseGoerli.js"
export { baseSepolia } from "./baseSepolia.js"
export { berachain } from "./berachain.js"
export { blast } from "./blast.js"
export { blastSepolia } from "./blastSepolia.js"
export { bsc } from "./bsc.js"
export type { ChainConfig, ChainPreset, PaymentToken } from "./ChainConfig.js"
export { definePreset } from "./definePreset.js"
export { frameTestnet } from "./frameTestnet.js"
export { goerli } from "./goerli.js"
export { ink } from "./ink.js"
export { linea } from "./linea.js"
export { mainnet } from "./mainnet.js"
export { monad } from "./monad.js"
export { mumbai } from "./mumbai.js"
export { opBnb } from "./opBnb.js"
export { optimism } from "./optimism.js"
export {
  DEFAULT_POLLING_INTERVAL,
  defaultMaxPollingAttempts,
  GENERIC_POLL_ATTEMPTS,
  PRICE_TOLERANCE_DIVISOR,
  pollingIntervalFor,
} from "./polling.js"
export { polygon } from "./polygon.js"
export { polygonZkEvm } from "./polygonZkEvm.js"
export { redstoneTestnet } from "./redstoneTestnet.js"
export { type ReservoirChainName, reservoirChains } from "./reservoirChains.js"
export { scroll } from "./scroll.js"
export { scrollTestnet } from "./scrollTestnet.js"
export { sei } from "./sei.js"
export { sepolia } from "./sepolia.js"
export { soneium } from "./soneium.js"
export { isSupportedChainId, type SupportedChainId, supportedChainIds } from "./supportedChainIds.js"
export { unichain } from "./unichain.js"
export { explorerTxUrl, viemChainFor } from "./viemChainFor.js"
export { zkSync } from "./zkSync.js"
export { zora } from "./zora.js"
export { zoraTestnet } from "./zoraTestnet.js"
