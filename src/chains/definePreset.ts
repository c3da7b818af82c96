import type { ChainPreset } from "./ChainConfig.js"

/**
 * Declares a chain preset: the result and its payment tokens are frozen, so a preset shared by
 * every client cannot be changed under another one's feet. Spread it to derive your own
 * (`{ ...base, active: true }`).
 *
 * @example
 * const myDevnet = definePreset({
 *   id: 31337, name: "Devnet", baseApiUrl: "http://127.0.0.1:8080", active: true,
 *   checkPollingInterval: 500, paymentTokens: [], viemChain: foundry,
 * })
 */
export const definePreset = (preset: ChainPreset): ChainPreset =>
  Object.freeze({
    ...preset,
    paymentTokens: Object.freeze(preset.paymentTokens.map((token) => Object.freeze({ ...token }))),
  })
