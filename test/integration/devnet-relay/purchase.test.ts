/**
 * A cross-chain purchase of an OpenSea listing through Relay on the devnet: `buyToken` on the listing's chain with
 * `currencyChainId` set to another, on `openSea({ crossChain: relay() })`. OpenSea's fulfilment is made out for
 * Relay's router on the listing's chain, rebuilt to send the token to the buyer, handed to Relay as the call, held
 * to it before the one deposit on the paying chain; the buyer owns the token on the listing's chain. A listing sold
 * in between is refunded on the paying chain; a book without a cross-chain book refuses before the wallet.
 */
import { type Address, createWalletClient, erc721Abi, type Hex, http } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { devnetPublicClient } from "../../../devnet/chain/deploy.js"
import { type Devnet, devnetUser, startDevnet } from "../../../devnet/index.js"
import { listForSweep } from "../../../devnet/opensea/sweepListings.js"
import { openSea } from "../../../src/apis/opensea/index.js"
import { relay } from "../../../src/apis/relay/index.js"
import type { ReservoirClient } from "../../../src/client/ReservoirClient.js"
import { createClient } from "../../../src/client.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import type { ExecuteResponse } from "../../../src/schema/ExecuteResponse.js"
import { PROMPTS } from "../devnet/fixture.js"
import { recordingWallet } from "./fixture.js"

let devnet: Devnet
let client: ReservoirClient
/** The listing's chain (OpenSea's on the devnet) and the chain the purchase is paid on. */
let listingChain: number
let payingChain: number

beforeAll(async () => {
  devnet = await startDevnet()
  listingChain = devnet.originChainId
  payingChain = devnet.destinationChainId
  const crossChain = relay(devnet.relay)
  client = createClient({ chains: devnet.chains, book: openSea({ ...devnet.openSea, crossChain }) })
})
afterAll(async () => {
  await client?.dispose()
  await devnet?.stop()
})

const user = (n: number) => devnetUser(devnet, n)
const chainOf = (id: number) => devnetPublicClient({ chainId: id, rpcUrl: devnet.rpcUrls[id]! })
const punk = (id: bigint) => `${devnet.contracts.origin.punks}:${id}`
const ownerOf = (id: bigint) =>
  chainOf(listingChain).readContract({
    address: devnet.contracts.origin.punks,
    abi: erc721Abi,
    functionName: "ownerOf",
    args: [id],
  })

/** User `n`'s wallet on the paying chain; `methods` records what it is asked, `before` runs before each prompt. */
const walletOf = (n: number, methods: Array<string> = [], before?: () => Promise<void>) =>
  recordingWallet(devnet, payingChain, user(n).account, methods, before)
/** User `n`'s wallet on the listing's chain. */
const listingWalletOf = (n: number) =>
  createWalletClient({
    account: user(n).account,
    chain: devnet.chains.find((c) => c.id === listingChain)!.viemChain!,
    transport: http(devnet.rpcUrls[listingChain]),
  })
const prompts = (methods: ReadonlyArray<string>) => methods.filter((method) => PROMPTS.has(method))
const balanceOn = (chainId: number, n: number) => chainOf(chainId).getBalance({ address: user(n).address })

/** User `n` buys `token` on the listing's chain, paying on the other one (a precheck when asked). */
const buyAcross = (n: number, token: string, more: { wallet?: ReturnType<typeof walletOf>; precheck?: boolean } = {}) =>
  client.actions.buyToken({
    chainId: listingChain,
    items: [{ token }],
    options: { currencyChainId: payingChain },
    wallet: more.wallet ?? walletOf(n),
    ...(more.precheck === true ? { precheck: true } : {}),
  })

describe("a cross-chain purchase of an OpenSea listing through Relay", () => {
  it("the precheck: one deposit on the paying chain, to its Depository, whose call fills the listing for the router", async () => {
    const plan = (await buyAcross(5, punk(18n), { precheck: true })) as ExecuteResponse
    expect(plan.steps).toHaveLength(1)
    const [deposit] = plan.steps
    expect(deposit?.kind).toBe("transaction")
    const data = deposit?.items?.[0]?.data as { to: Address; chainId: number; value: string }
    expect(data.chainId).toBe(payingChain)
    expect(data.to).toBe(devnet.relay.chains[payingChain]!.depository)
    expect(BigInt(data.value)).toBe(10n ** 16n * 15n)
    expect(deposit?.items?.[0]?.check?.endpoint).toMatch(/^\/intents\/status\/v3\?requestId=0x/)
    expect(plan.path?.[0]).toMatchObject({ contract: devnet.contracts.origin.punks.toLowerCase(), tokenId: "18" })
  })

  it("a seeded listing bought from the paying chain: one deposit there, the buyer owns the token here", async () => {
    const methods: Array<string> = []
    const paid = await balanceOn(payingChain, 5)
    await expect(buyAcross(5, punk(18n), { wallet: walletOf(5, methods) })).resolves.toBe(true)
    expect(prompts(methods)).toHaveLength(1)
    expect(await ownerOf(18n)).toBe(user(5).address)
    // The price (0.15 ETH) and the deposit's gas left the paying chain; the devnet's Relay charges no fee.
    const spent = paid - (await balanceOn(payingChain, 5))
    expect(spent).toBeGreaterThanOrEqual(10n ** 16n * 15n)
    expect(spent).toBeLessThan(10n ** 16n * 16n)
  })

  it("a signed-zone listing (listToken's): made out for the router as the zone binds it, the token to the buyer", async () => {
    await client.actions.listToken({
      chainId: listingChain,
      listings: [{ token: punk(2n), weiPrice: (10n ** 16n * 3n).toString() }],
      wallet: listingWalletOf(1),
    })
    await expect(buyAcross(2, punk(2n))).resolves.toBe(true)
    expect(await ownerOf(2n)).toBe(user(2).address)
  })

  it("a listing sold between the plan and the fill: the fill reverts, Relay refunds the deposit on the paying chain", async () => {
    // Just before the buyer's deposit, someone else buys the listing on its own chain.
    const sellFirst = async () => {
      await client.actions.buyToken({
        chainId: listingChain,
        items: [{ token: punk(13n) }],
        wallet: listingWalletOf(1),
      })
    }
    const paid = await balanceOn(payingChain, 2)
    const error = await buyAcross(2, punk(13n), { wallet: walletOf(2, [], sellFirst) }).catch((failure) => failure)
    expect(error).toMatchObject({ _tag: "CrossChainTransactionError", refund: { chainId: payingChain } })
    const refund = await chainOf(payingChain).getTransactionReceipt({ hash: error.refund.txHash as Hex })
    expect(refund.status).toBe("success")
    expect(await ownerOf(13n)).toBe(user(1).address)
    // Refunded whole: only the deposit's gas is spent.
    expect(paid - (await balanceOn(payingChain, 2))).toBeLessThan(10n ** 15n)
  })

  it("a resume after the deposit follows the stored deposit: nothing more sent, the purchase confirmed", async () => {
    const [listing] = await listForSweep(devnet, user(3), 1, 10n ** 16n)
    const snapshots: Array<ExecutionSnapshot> = []
    await client.actions.buyToken({
      chainId: listingChain,
      items: [{ token: punk(listing!.tokenId) }],
      options: { currencyChainId: payingChain },
      wallet: walletOf(4),
      onSnapshot: (snapshot) => snapshots.push(snapshot),
    })
    // The page went away once the deposit was sent: the snapshot stored then has its hash, not its outcome.
    const sent = snapshots.find((snapshot) => (snapshot.journal ?? []).some((entry) => entry._tag === "Sent"))
    expect(sent).toBeDefined()
    const stored = JSON.parse(JSON.stringify(sent)) as ExecutionSnapshot
    const nonce = await chainOf(payingChain).getTransactionCount({ address: user(4).address })
    const methods: Array<string> = []
    await expect(client.resume({ snapshot: stored, wallet: walletOf(4, methods) })).resolves.toBe(true)
    expect(prompts(methods)).toEqual([])
    expect(await chainOf(payingChain).getTransactionCount({ address: user(4).address })).toBe(nonce)
    expect(await ownerOf(listing!.tokenId)).toBe(user(4).address)
  })

  it("a listing priced in an ERC-20 is refused by name: the deposit pays the native currency", async () => {
    const methods: Array<string> = []
    const error = await buyAcross(5, punk(14n), { wallet: walletOf(5, methods) }).catch((failure) => failure)
    expect(error).toMatchObject({ _tag: "UnsupportedByBookError" })
    expect(error.message).toContain("ERC-20")
    expect(prompts(methods)).toEqual([])
  })

  it("without a cross-chain book, a purchase paid on another chain is refused by name before the wallet", async () => {
    const plain = createClient({ chains: devnet.chains, book: openSea(devnet.openSea) })
    const methods: Array<string> = []
    try {
      const error = await plain.actions
        .buyToken({
          chainId: listingChain,
          items: [{ token: punk(19n) }],
          options: { currencyChainId: payingChain },
          wallet: walletOf(5, methods),
        })
        .catch((failure) => failure)
      expect(error).toMatchObject({ _tag: "UnsupportedByBookError" })
      expect(error.message).toContain("crossChain")
      expect(prompts(methods)).toEqual([])
    } finally {
      await plain.dispose()
    }
  })
})
