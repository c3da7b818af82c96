import { base as viemBase } from "viem/chains"
import { describe, expect, it } from "vitest"
import { reservoirChains } from "../../../src/chains/reservoirChains.js"
import { explorerTxUrl, viemChainFor } from "../../../src/chains/viemChainFor.js"

const txHash = "0x5f2e0c3d1b6a7f8e9d0c1b2a3f4e5d6c7b8a9f0e1d2c3b4a5f6e7d8c9b0a1f2e" as const

describe("viemChainFor", () => {
  it("returns the configured viem chain when there is one", () => {
    expect(viemChainFor(reservoirChains.base)).toBe(viemBase)
    expect(
      viemChainFor({ id: 8453, name: "Base", baseApiUrl: "https://api-base.reservoir.tools", viemChain: viemBase }),
    ).toBe(viemBase)
  })

  it("builds a chain for a configured devnet viem does not know", () => {
    const chain = viemChainFor({ id: 31337, name: "Devnet", baseApiUrl: "http://127.0.0.1:8080" })
    expect(chain.id).toBe(31337)
    expect(chain.name).toBe("Devnet")
    expect(chain.nativeCurrency).toEqual({ name: "Ether", symbol: "ETH", decimals: 18 })
    expect(chain.rpcUrls.default.http).toEqual([])
    expect(chain.blockExplorers).toBeUndefined()
  })

  it("builds a distinct chain for each configured id", () => {
    expect(viemChainFor({ id: 31338, name: "Devnet 2", baseApiUrl: "http://127.0.0.1:8081" }).id).toBe(31338)
  })
})

describe("explorerTxUrl", () => {
  it("links to the transaction on the chain's default explorer", () => {
    expect(explorerTxUrl(reservoirChains.mainnet.viemChain, txHash)).toBe(`https://etherscan.io/tx/${txHash}`)
    expect(explorerTxUrl(reservoirChains.redstoneTestnet.viemChain, txHash)).toBe(
      `https://explorer.holesky.redstone.xyz/tx/${txHash}`,
    )
  })

  it("does not double a trailing slash of the explorer URL", () => {
    const chain = { ...viemBase, blockExplorers: { default: { name: "Scan", url: "https://scan.example.test/" } } }
    expect(explorerTxUrl(chain, txHash)).toBe(`https://scan.example.test/tx/${txHash}`)
  })

  it("is undefined for a chain without an explorer", () => {
    const devnet = viemChainFor({ id: 31337, name: "Devnet", baseApiUrl: "http://127.0.0.1:8080" })
    expect(explorerTxUrl(devnet, txHash)).toBeUndefined()
    expect(explorerTxUrl(reservoirChains.apexPopTestnet.viemChain, txHash)).toBeUndefined()
  })
})
