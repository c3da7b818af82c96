/**
 * Mints from OpenSea's drops through the OpenSea book, on the devnet's SeaDrop: the drop found through OpenSea's API,
 * the mint transaction from its mint route, every byte checked against SeaDrop's interface and the chain before the
 * wallet; hostile mint answers refused with nothing sent; OpenSea's refusals as typed errors with its message.
 */
import * as Layer from "effect/Layer"
import {
  type Address,
  createWalletClient,
  custom,
  decodeFunctionData,
  encodeFunctionData,
  erc721Abi,
  type Hex,
  http,
  parseAbi,
  parseEther,
  toHex,
} from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { devnetPublicClient } from "../../../devnet/chain/deploy.js"
import { type Devnet, devnetUser, startDevnet } from "../../../devnet/index.js"
import { openSea } from "../../../src/apis/opensea/index.js"
import { createClientWithLayer } from "../../../src/client/createClientWithLayer.js"
import type { ReservoirClient } from "../../../src/client/ReservoirClient.js"
import type { Step } from "../../../src/schema/Step.js"
import { HttpTransport } from "../../../src/services/HttpTransport.js"
import { PROMPTS } from "../devnet/fixture.js"

/** SeaDrop v1's public mint, as ProjectOpenSea/seadrop publishes it (written here, not taken from tradekit). */
const seaDrop = parseAbi([
  "function mintPublic(address nftContract, address feeRecipient, address minterIfNotPayer, uint256 quantity) payable",
])

let devnet: Devnet
let client: ReservoirClient
let chain: ReturnType<typeof devnetPublicClient>
/** When set, rewrites OpenSea's next mint answer as a hostile API would. */
let tamper: ((answer: { to: Address; data: Hex; value: string; chain: string }) => unknown) | undefined

beforeAll(async () => {
  devnet = await startDevnet()
  chain = devnetPublicClient({ chainId: devnet.originChainId, rpcUrl: devnet.rpcUrls[devnet.originChainId]! })
  const hostile: typeof globalThis.fetch = async (input, init) => {
    const response = await globalThis.fetch(input, init)
    const url = new URL(input instanceof Request ? input.url : String(input))
    const rewrite = tamper
    if (rewrite === undefined || !url.pathname.endsWith("/mint") || response.status !== 200) return response
    tamper = undefined
    return new Response(JSON.stringify(rewrite(await response.json())), {
      status: 200,
      headers: { "content-type": "application/json" },
    })
  }
  client = createClientWithLayer(
    { chains: devnet.chains, book: openSea(devnet.openSea) },
    Layer.fresh(HttpTransport.layerFetch(hostile)),
  )
})
afterAll(async () => {
  await client?.dispose()
  await devnet?.stop()
})

const user = (n: number) => devnetUser(devnet, n)
const drop = () => devnet.openSea.drops.find((d) => d.slug === "devnet-drop")!
const soon = () => devnet.openSea.drops.find((d) => d.slug === "devnet-drop-soon")!
const owned = (contract: Address, owner: Address) =>
  chain.readContract({ address: contract, abi: erc721Abi, functionName: "balanceOf", args: [owner] })
const walletOf = (n: number, methods: Array<string> = []) => {
  const rpc = http(devnet.rpcUrls[devnet.originChainId])({ chain: devnet.chains[0]!.viemChain! })
  return createWalletClient({
    account: user(n).account,
    chain: devnet.chains[0]!.viemChain!,
    transport: custom({
      request: (args: { method: string; params?: unknown }) => (methods.push(args.method), rpc.request(args as never)),
    }),
  })
}
const prompts = (methods: ReadonlyArray<string>) => methods.filter((method) => PROMPTS.has(method))
/** The answer's call with some of its `mintPublic` arguments replaced. */
const withArgs = (
  data: Hex,
  change: (args: readonly [Address, Address, Address, bigint]) => readonly [Address, Address, Address, bigint],
) => {
  const { args } = decodeFunctionData({ abi: seaDrop, data })
  return encodeFunctionData({ abi: seaDrop, functionName: "mintPublic", args: change(args) })
}

describe("mints from OpenSea's drops", () => {
  it("mints two tokens of a drop through OpenSea's mint route: the wallet owns two more, SeaDrop got the price", async () => {
    const methods: Array<string> = []
    const before = await owned(drop().contract, user(1).address)
    const balance = await chain.getBalance({ address: user(1).address })
    const plans: Array<ReadonlyArray<Step>> = []
    const done = await client.actions.mintToken({
      items: [{ collection: drop().contract, quantity: 2 }],
      wallet: walletOf(1, methods),
      expectedPrice: { "0x0000000000000000000000000000000000000000": { raw: parseEther("0.02") } },
      onProgress: (steps) => plans.push(steps),
    })
    expect(done).toBe(true)
    expect(prompts(methods)).toHaveLength(1)
    expect((await owned(drop().contract, user(1).address)) - before).toBe(2n)
    expect(balance - (await chain.getBalance({ address: user(1).address }))).toBeGreaterThan(parseEther("0.02"))
    expect(plans.at(-1)?.[0]?.items?.[0]?.status).toBe("complete")
  })

  it("a precheck shows the path at the on-chain price, and sends nothing", async () => {
    const methods: Array<string> = []
    const answer = await client.actions.mintToken({
      items: [{ collection: drop().contract, quantity: 1 }],
      wallet: walletOf(2, methods),
      precheck: true,
    })
    expect(prompts(methods)).toEqual([])
    expect(answer).toMatchObject({ path: [{ rawQuote: parseEther("0.01").toString(), quantity: 1 }] })
  })

  it("the price check refuses a mint above the expected price, before the wallet", async () => {
    const methods: Array<string> = []
    await expect(
      client.actions.mintToken({
        items: [{ collection: drop().contract, quantity: 2 }],
        wallet: walletOf(2, methods),
        expectedPrice: { "0x0000000000000000000000000000000000000000": { raw: parseEther("0.01") } },
      }),
    ).rejects.toMatchObject({ _tag: "PriceMismatchError" })
    expect(prompts(methods)).toEqual([])
  })

  const hostile: ReadonlyArray<
    readonly [string, string, (answer: { to: Address; data: Hex; value: string; chain: string }) => unknown]
  > = [
    ["pays another contract", "target", (a) => ({ ...a, to: devnet.contracts.origin.weth })],
    [
      "mints to a stranger",
      "recipient",
      (a) => ({ ...a, data: withArgs(a.data, ([n, f, , q]) => [n, f, user(4).address, q]) }),
    ],
    ["asks more than the on-chain price", "value", (a) => ({ ...a, value: toHex(parseEther("0.03")) })],
    ["mints another quantity", "quantity", (a) => ({ ...a, data: withArgs(a.data, ([n, f, m]) => [n, f, m, 3n]) })],
    [
      "mints another collection",
      "token",
      (a) => ({ ...a, data: withArgs(a.data, ([, f, m, q]) => [devnet.contracts.origin.punks, f, m, q]) }),
    ],
    ["is for another chain", "chain", (a) => ({ ...a, chain: "ethereum" })],
    ["is not a public mint", "function", (a) => ({ ...a, data: `0x12345678${a.data.slice(10)}` })],
  ]
  it.each(hostile)("refuses a mint answer that %s, before the wallet: nothing sent", async (_, check, rewrite) => {
    const methods: Array<string> = []
    const nonce = await chain.getTransactionCount({ address: user(3).address })
    tamper = rewrite
    await expect(
      client.actions.mintToken({ items: [{ collection: drop().contract, quantity: 2 }], wallet: walletOf(3, methods) }),
    ).rejects.toMatchObject({ _tag: "OrderCheckError", book: "opensea", check })
    expect(tamper).toBeUndefined()
    expect(prompts(methods)).toEqual([])
    expect(await chain.getTransactionCount({ address: user(3).address })).toBe(nonce)
  })

  it("a drop not minting yet: OpenSea's 409, as an APIError with its message", async () => {
    await expect(
      client.actions.mintToken({ items: [{ collection: soon().contract, quantity: 1 }], wallet: walletOf(3) }),
    ).rejects.toMatchObject({
      _tag: "APIError",
      book: "opensea",
      statusCode: 409,
      message: expect.stringContaining("is not minting"),
    })
  })

  it("over the wallet's limit: OpenSea's 422, as an APIError with its message", async () => {
    await expect(
      client.actions.mintToken({ items: [{ collection: drop().contract, quantity: 4 }], wallet: walletOf(4) }),
    ).rejects.toMatchObject({ _tag: "APIError", statusCode: 422, message: expect.stringContaining("per wallet") })
  })

  it("a contract with no drop, several collections at once and a cross-chain mint are refused before any mint", async () => {
    await expect(
      client.actions.mintToken({
        items: [{ collection: devnet.contracts.origin.punks, quantity: 1 }],
        wallet: walletOf(3),
      }),
    ).rejects.toMatchObject({ _tag: "APIError", statusCode: 404 })
    await expect(
      client.actions.mintToken({
        items: [{ collection: drop().contract }, { collection: soon().contract }],
        wallet: walletOf(3),
      }),
    ).rejects.toMatchObject({ _tag: "UnsupportedByBookError", book: "opensea" })
    await expect(
      client.actions.mintToken({
        items: [{ collection: drop().contract }],
        options: { currencyChainId: devnet.destinationChainId },
        wallet: walletOf(3),
      }),
    ).rejects.toMatchObject({ _tag: "UnsupportedByBookError", what: "a cross-chain mint" })
    for (const currency of [devnet.contracts.origin.weth, "weth"])
      await expect(
        client.actions.mintToken({
          items: [{ collection: drop().contract }],
          options: { currency },
          wallet: walletOf(3),
        }),
      ).rejects.toMatchObject({ _tag: "UnsupportedByBookError", what: "a mint in another currency" })
  })
})
