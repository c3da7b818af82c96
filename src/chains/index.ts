/**
 * Chain presets for the hosted aggregator API, their payment tokens and polling intervals.
 * Each preset lives in its own module: import the ones you use by name and the rest stays
 * out of your bundle.
 *
 * @module
 */

export { ancient8 } from "./ancient8.js"
export { ancient8Testnet } from "./ancient8Testnet.js"
export { apexPop } from "./apexPop.js"
export { apexPopTestnet } from "./apexPopTestnet.js"
export { arbitrum } from "./arbitrum.js"
export { arbitrumNova } from "./arbitrumNova.js"
export { astarZkEVM } from "./astarZkEVM.js"
export { avalanche } from "./avalanche.js"
export { base } from "./base.js"
export { baseGoerli } from "./baseGoerli.js"
export { baseSepolia } from "./baseSepolia.js"
export { blast } from "./blast.js"
export { blastSepolia } from "./blastSepolia.js"
export { bsc } from "./bsc.js"
export type { ChainConfig, ChainPreset, PaymentToken } from "./ChainConfig.js"
export { definePreset } from "./definePreset.js"
export { frameTestnet } from "./frameTestnet.js"
export { goerli } from "./goerli.js"
export { linea } from "./linea.js"
export { mainnet } from "./mainnet.js"
export { mumbai } from "./mumbai.js"
export { opBnb } from "./opBnb.js"
export { optimism } from "./optimism.js"
export { polygon } from "./polygon.js"
export { polygonZkEvm } from "./polygonZkEvm.js"
export { redstoneTestnet } from "./redstoneTestnet.js"
export { type ReservoirChainName, reservoirChains } from "./reservoirChains.js"
export { scroll } from "./scroll.js"
export { scrollTestnet } from "./scrollTestnet.js"
export { sepolia } from "./sepolia.js"
export { isSupportedChainId, type SupportedChainId, supportedChainIds } from "./supportedChainIds.js"
export { viemChainFor } from "./viemChainFor.js"
export { zkSync } from "./zkSync.js"
export { zora } from "./zora.js"
export { zoraTestnet } from "./zoraTestnet.js"
