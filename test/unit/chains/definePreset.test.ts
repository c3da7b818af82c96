import { describe, expect, it } from "@effect/vitest"
import type { PaymentToken } from "../../../src/chains/ChainConfig.js"
import { definePreset } from "../../../src/chains/definePreset.js"
import { mainnet } from "../../../src/chains/mainnet.js"

const token: PaymentToken = {
  chainId: 31337,
  address: "0x0000000000000000000000000000000000000000",
  symbol: "ETH",
  name: "Ether",
  decimals: 18,
}

describe("definePreset", () => {
  it("freezes the preset and each of its payment tokens, so no client can change one shared with another", () => {
    const preset = definePreset({ ...mainnet, paymentTokens: [token] })
    expect(Object.isFrozen(preset)).toBe(true)
    expect(Object.isFrozen(preset.paymentTokens)).toBe(true)
    expect(Object.isFrozen(preset.paymentTokens[0])).toBe(true)
    expect(() => {
      ;(preset as { name: string }).name = "Mainnet"
    }).toThrow(TypeError)
  })

  it("copies what it is given: the caller's own token objects stay writable, and spreading derives a new preset", () => {
    const own = { ...token }
    const preset = definePreset({ ...mainnet, paymentTokens: [own] })
    expect(preset.paymentTokens[0]).not.toBe(own)
    expect(Object.isFrozen(own)).toBe(false)
    expect({ ...preset, active: true }.active).toBe(true)
  })
})
