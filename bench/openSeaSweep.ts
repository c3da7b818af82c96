/**
 * The bench's "OpenSea sweep 20" line: twenty OpenSea listings on the devnet (its OpenSea routes, its real Seaport
 * 1.6), bought by tradekit as ONE sweep (`buyToken` with twenty items: one `fulfillAvailableAdvancedOrders`)
 * against the same twenty purchases one at a time (twenty `buyToken` calls, each its own fulfilment transaction).
 * Per run: wall time, the wallet's confirmations and transactions, and the gas the buyer paid. Each run buys
 * twenty listings of its own (fresh punks listed by user 3 at 0.01 ETH); the buyer is user 5.
 */
import { createWalletClient, http, parseEther, type Transport } from "viem"
import { devnetPublicClient } from "../devnet/chain/deploy.js"
import type { Devnet } from "../devnet/index.js"
import { listForSweep } from "../devnet/opensea/sweepListings.js"
import { openSea } from "../src/apis/opensea/index.js"
import { createClient } from "../src/client.js"
import { PROMPTS } from "./prompts.js"

/** The two sides of the line. */
export type OpenSeaSweepVariant = "sweep" | "one by one"

/** One purchase of twenty listings. */
export interface OpenSeaSweepRun {
  readonly variant: OpenSeaSweepVariant
  readonly wallMs: number
  /** Prompts the user would have confirmed. */
  readonly confirmations: number
  /** Transactions the wallet sent. */
  readonly transactions: number
  /** The buyer's ETH spent beyond the twenty prices: the gas, in wei. */
  readonly gasWei: bigint
  /** Tokens the buyer owns afterwards, of the twenty. */
  readonly bought: number
  readonly error?: string
}

const COUNT = 20
const PRICE = parseEther("0.01")
const TRANSACTIONS = ["eth_sendTransaction", "eth_sendRawTransaction", "eth_sendRawTransactionSync", "wallet_sendCalls"]

/** A transport that records every method it is asked. */
const recording =
  (base: Transport, methods: Array<string>): Transport =>
  (options) => {
    const inner = base(options)
    const request = (async (args: { method: string }) => (
      methods.push(args.method), inner.request(args as never)
    )) as typeof inner.request
    return { ...inner, request, config: { ...inner.config, request } }
  }

/** Runs the line `rounds` times per side after an untimed warm-up of each, the side that goes first alternating. */
export async function benchOpenSeaSweep(devnet: Devnet, rounds: number): Promise<ReadonlyArray<OpenSeaSweepRun>> {
  const chain = devnet.chains[0]!
  const client = devnetPublicClient({ chainId: devnet.originChainId, rpcUrl: devnet.rpcUrls[devnet.originChainId]! })
  const { apiKey, apiBaseUrl, chainNames, seaport, conduitKey, conduit, signedZone } = devnet.openSea
  const tradekit = createClient({
    chains: devnet.chains,
    book: openSea({ apiKey, apiBaseUrl, chainNames, seaport, conduitKey, conduit, signedZone }),
  })
  const seller = devnet.accounts.users[2]!
  const buyer = devnet.accounts.users[4]!
  const runOnce = async (variant: OpenSeaSweepVariant): Promise<OpenSeaSweepRun> => {
    const listings = await listForSweep(devnet, seller, COUNT, PRICE)
    const methods: Array<string> = []
    const wallet = createWalletClient({
      account: buyer.account,
      chain: chain.viemChain!,
      transport: recording(http(devnet.rpcUrls[chain.id]), methods),
    })
    const before = await client.getBalance({ address: buyer.address })
    const t = performance.now()
    let error: string | undefined
    try {
      if (variant === "sweep") {
        await tradekit.actions.buyToken({
          items: listings.map((listing) => ({ orderId: listing.orderHash })),
          wallet,
          onProgress: () => {},
        })
      } else {
        for (const listing of listings)
          await tradekit.actions.buyToken({ items: [{ orderId: listing.orderHash }], wallet, onProgress: () => {} })
      }
    } catch (e) {
      error = e instanceof Error ? e.message : String(e)
    }
    const wallMs = performance.now() - t
    const after = await client.getBalance({ address: buyer.address })
    const owners = await Promise.all(
      listings.map((listing) =>
        client.readContract({
          address: devnet.contracts.origin.punks,
          abi: [
            {
              type: "function",
              name: "ownerOf",
              inputs: [{ type: "uint256" }],
              outputs: [{ type: "address" }],
              stateMutability: "view",
            },
          ],
          functionName: "ownerOf",
          args: [listing.tokenId],
        }),
      ),
    )
    const bought = owners.filter((owner) => owner.toLowerCase() === buyer.address.toLowerCase()).length
    return {
      variant,
      wallMs,
      confirmations: methods.filter((m) => PROMPTS.includes(m)).length,
      transactions: methods.filter((m) => TRANSACTIONS.includes(m)).length,
      gasWei: before - after - PRICE * BigInt(bought),
      bought,
      ...(error !== undefined ? { error: error.split("\n")[0]!.slice(0, 300) } : {}),
    }
  }
  await runOnce("sweep")
  await runOnce("one by one")
  const runs: OpenSeaSweepRun[] = []
  for (let round = 0; round < rounds; round++) {
    for (const variant of round % 2 === 0 ? (["sweep", "one by one"] as const) : (["one by one", "sweep"] as const))
      runs.push(await runOnce(variant))
  }
  await tradekit.dispose()
  return runs
}

/** The line as a markdown table, with the sweep's speed-up over the one-by-one purchases. */
export function openSeaSweepMarkdown(runs: ReadonlyArray<OpenSeaSweepRun>): string {
  const median = (xs: ReadonlyArray<number>) => {
    const s = [...xs].sort((a, b) => a - b)
    return s.length === 0
      ? Number.NaN
      : s.length % 2 === 1
        ? s[(s.length - 1) / 2]!
        : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
  }
  const wallOf = (variant: OpenSeaSweepVariant) =>
    median(runs.filter((r) => r.variant === variant && r.error === undefined).map((r) => r.wallMs))
  const row = (variant: OpenSeaSweepVariant) => {
    const mine = runs.filter((r) => r.variant === variant)
    const ok = mine.filter((r) => r.error === undefined && r.bought === COUNT)
    const walls = ok.map((r) => r.wallMs)
    const wall =
      ok.length === 0
        ? "**failed**"
        : `${Math.round(median(walls))} ms (${Math.round(Math.min(...walls))}–${Math.round(Math.max(...walls))})`
    const gas = median(mine.map((r) => Number(r.gasWei)))
    return `| tradekit, ${variant} | ${ok.length}/${mine.length} | ${wall} | ${median(mine.map((r) => r.confirmations))} | ${median(mine.map((r) => r.transactions))} | ${Number.isNaN(gas) ? "–" : (gas / 1e9).toFixed(0)} |`
  }
  const failures = [...new Set(runs.filter((r) => r.error !== undefined).map((r) => `- ${r.variant}: \`${r.error}\``))]
  const speedUp = wallOf("one by one") / wallOf("sweep")
  return [
    `| OpenSea sweep ${COUNT} | all ${COUNT} bought | wall (median, min–max) | confirmations (median) | transactions (median) | gas paid (gwei, median) |`,
    "| --- | ---: | --- | ---: | ---: | ---: |",
    row("sweep"),
    row("one by one"),
    "",
    `The sweep is ${Number.isFinite(speedUp) ? speedUp.toFixed(1) : "–"}× faster than the same ${COUNT} purchases one at a time.`,
    failures.length === 0 ? "Every run completed." : `How it failed:\n${failures.join("\n")}`,
  ].join("\n")
}
