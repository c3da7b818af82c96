/**
 * Issue 33: the devnet's OpenSea settings plug into `openSea(...)` as one object, and the README's OpenSea example
 * (a server proxy holding the key, a page client with none) buys a listing on the devnet as it is printed.
 */
import { createWalletClient, erc721Abi, http } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { devnetPublicClient } from "../../../devnet/chain/deploy.js"
import { type Devnet, startDevnet } from "../../../devnet/index.js"
import { openSea } from "../../../src/apis/opensea/index.js"
import { createClientWithLayer } from "../../../src/client/createClientWithLayer.js"
import type { ReservoirClient } from "../../../src/client/ReservoirClient.js"
import { HttpTransport } from "../../../src/services/HttpTransport.js"

describe("openSea(devnet.openSea)", () => {
  let devnet: Devnet
  let client: ReservoirClient
  /** The origin of every request the client sent (chain RPC excluded: it goes through viem's own transport). */
  const origins = new Set<string>()

  beforeAll(async () => {
    devnet = await startDevnet()
    const recording: typeof globalThis.fetch = (input, init) => {
      origins.add(new URL(input instanceof Request ? input.url : String(input)).origin)
      return globalThis.fetch(input, init)
    }
    client = createClientWithLayer(
      { chains: devnet.chains, book: openSea(devnet.openSea) },
      HttpTransport.layerFetch(recording),
    )
  })
  afterAll(async () => {
    await client?.dispose()
    await devnet?.stop()
  })

  it("with nothing else, buys the devnet's listing of #18 from the devnet, never asking api.opensea.io", async () => {
    const chain = devnet.chains[0]!.viemChain!
    const rpcUrl = devnet.rpcUrls[devnet.originChainId]!
    const buyer = devnet.accounts.users[4]!.account
    const wallet = createWalletClient({ account: buyer, chain, transport: http(rpcUrl) })
    const punks = devnet.contracts.origin.punks
    await client.actions.buyToken({ items: [{ token: `${punks}:18` }], wallet })
    const reads = devnetPublicClient({ chainId: devnet.originChainId, rpcUrl })
    expect(await reads.readContract({ address: punks, abi: erc721Abi, functionName: "ownerOf", args: [18n] })).toBe(
      buyer.address,
    )
    expect([...origins]).toEqual([new URL(devnet.openSea.apiBaseUrl).origin])
  })
})

describe("the README's OpenSea example (examples/opensea-*.ts)", () => {
  it("buys Devnet Punk #13 through the proxy, the page holding no key", async () => {
    // The devnet's OpenSea refuses a request without its key, and the page client sends none: the purchase goes
    // through only when the proxy adds it.
    const example = await import("../../../examples/opensea-devnet.js")
    expect(example.owner).toBe(example.buyer)
  })
})
