import { ancient8 } from "./ancient8.js"
import { ancient8Testnet } from "./ancient8Testnet.js"
import { apexPop } from "./apexPop.js"
import { apexPopTestnet } from "./apexPopTestnet.js"
import { arbitrum } from "./arbitrum.js"
import { arbitrumNova } from "./arbitrumNova.js"
import { astarZkEVM } from "./astarZkEVM.js"
import { avalanche } from "./avalanche.js"
import { base } from "./base.js"
import { baseGoerli } from "./baseGoerli.js"
import { baseSepolia } from "./baseSepolia.js"
import { blast } from "./blast.js"
import { blastSepolia } from "./blastSepolia.js"
import { bsc } from "./bsc.js"
import type { ChainPreset } from "./ChainConfig.js"
import { frameTestnet } from "./frameTestnet.js"
import { goerli } from "./goerli.js"
import { linea } from "./linea.js"
import { mainnet } from "./mainnet.js"
import { mumbai } from "./mumbai.js"
import { opBnb } from "./opBnb.js"
import { optimism } from "./optimism.js"
import { polygon } from "./polygon.js"
import { polygonZkEvm } from "./polygonZkEvm.js"
import { redstoneTestnet } from "./redstoneTestnet.js"
import { scroll } from "./scroll.js"
import { scrollTestnet } from "./scrollTestnet.js"
import { sepolia } from "./sepolia.js"
import { zkSync } from "./zkSync.js"
import { zora } from "./zora.js"
import { zoraTestnet } from "./zoraTestnet.js"

/**
 * Every preset, keyed as reservoir-sdk 2.0.x's `reservoirChains` export is.
 * Importing this record pulls in every chain definition: import single presets by name to keep bundles small.
 *
 * @example
 * createClient({ chains: [{ ...reservoirChains.base, active: true }] })
 */
export const reservoirChains = {
  mainnet,
  goerli,
  polygon,
  mumbai,
  optimism,
  arbitrum,
  arbitrumNova,
  avalanche,
  sepolia,
  base,
  baseGoerli,
  baseSepolia,
  bsc,
  opBnb,
  scrollTestnet,
  scroll,
  linea,
  zora,
  zoraTestnet,
  zkSync,
  polygonZkEvm,
  ancient8,
  ancient8Testnet,
  frameTestnet,
  blastSepolia,
  apexPop,
  apexPopTestnet,
  blast,
  astarZkEVM,
  redstoneTestnet,
} as const satisfies Readonly<Record<string, ChainPreset>>

/** The key of a preset in {@link reservoirChains}. */
export type ReservoirChainName = keyof typeof reservoirChains
