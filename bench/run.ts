/**
 * `npm run bench`: tradekit's Promise facade side by side with @reservoir0x/reservoir-sdk 2.0.11 on the
 * devnet (same chain, same 250 ms polling interval), then the executor's overhead on the in-memory fakes,
 * then the bundle sizes; prints the tables and the targets (met or missed), writes them to bench/out/RESULTS.md
 * (untracked; `--record` writes the tracked bench/RESULTS.md instead), and ends with a one-line summary.
 *
 * Scenarios: buy 1, buy 1 in USDC (an ERC-20 the buyer has not approved: an approval transaction, then the
 * sale), the same buy with one confirmation (tradekit's variants with a devnet batching wallet, which takes
 * both as one EIP-5792 batch; reservoir-sdk, which does not batch, with its ordinary wallet), sweep 20,
 * list 1, bid 1, accept an offer, cancel, and list 1, bid 1 and cancel again right after a buy in the same process
 * (the buy untimed, the signature flow started the moment the buy's promise resolved, so whatever the buy
 * left running weighs on it). Variants: tradekit polling, tradekit with the status websocket,
 * reservoir-sdk. One untimed warm-up round first, then the measured rounds, interleaved
 * (the variant order rotates every round) so drift cancels; each round ends with the 20-item sweep's items
 * bought one by one, tradekit and reservoir-sdk in rotated order. Per run: wall time, API requests by route
 * (the devnet's request log), wallet calls (the JSON-RPC requests through the wallet's transport, plus local
 * signatures, counted up to the wallet's next action so calls landing after a promise resolved are kept),
 * confirmations (of those, the prompts a user would see: transactions, batches, signatures), and completion
 * latency: from the moment the devnet's indexer recorded the transaction to the moment the SDK reported its
 * item complete. What the harness does around an action (the cancel scenario's order
 * lookup, resetting the USDC allowance) is neither timed nor counted.
 *
 * Then the "buy with USDC, no ETH" line (bench/usdcNoEth.ts): a buyer with USDC and no ETH, tradekit with the
 * devnet's paymaster service against reservoir-sdk, which cannot pay for the approval.
 *
 * `--rounds N` (or BENCH_ROUNDS) sets the measured rounds (5); `--devnet-only` skips the overhead and bundle
 * parts and does not write RESULTS.md (for a quick run while developing); `--no-write` only prints;
 * `--scenarios "list 1,list 1 after a buy"` runs only the scenarios named (comma-separated; implies
 * `--devnet-only`, and "cancel after a buy" needs "list 1 after a buy", whose listing it cancels).
 * `--usdc-no-eth-only` runs only the "buy with USDC, no ETH" line and prints it.
 *
 * Then the "OpenSea sweep 20" line (bench/openSeaSweep.ts): tradekit on the devnet's OpenSea buying twenty
 * listings as one sweep transaction against twenty purchases one at a time (at most 3 rounds);
 * `--opensea-sweep-only` runs only that line and prints it.
 */
import { spawnSync } from "node:child_process"
import { mkdirSync, writeFileSync } from "node:fs"
import { cpus, platform, release, totalmem } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { createClient as createReservoirClient, getClient } from "@reservoir0x/reservoir-sdk"
import {
  createWalletClient,
  custom,
  type Hex,
  http,
  type LocalAccount,
  parseEther,
  parseUnits,
  type Transport,
  type WalletClient,
} from "viem"
import WebSocket from "ws"
import { type BatchingProvider, type Devnet, devnetBatchingProvider, startDevnet } from "../devnet/index.js"
import { createClient } from "../src/client.js"
import { markdown as bundleMarkdown, check, figures, measureAll, readBudget } from "./bundle.js"
import { measureDapp } from "./dappWeight.js"
import { batchingBuyers, extraTraders, listPunks, mintPunks, revokeExchangeAllowance } from "./inventory.js"
import { benchOpenSeaSweep, openSeaSweepMarkdown } from "./openSeaSweep.js"
import { PROMPTS } from "./prompts.js"
import { benchUsdcNoEth, usdcNoEthMarkdown } from "./usdcNoEth.js"

const argValue = (flag: string) => {
  const i = process.argv.indexOf(flag)
  return i === -1 ? undefined : process.argv[i + 1]
}
const ROUNDS = Number(argValue("--rounds") ?? process.env.BENCH_ROUNDS ?? 5)
const ONLY = argValue("--scenarios")
  ?.split(",")
  .map((name) => name.trim())
const DEVNET_ONLY = process.argv.includes("--devnet-only") || ONLY !== undefined
const USDC_NO_ETH_ONLY = process.argv.includes("--usdc-no-eth-only")
const OPENSEA_SWEEP_ONLY = process.argv.includes("--opensea-sweep-only")
/** Measured rounds of the "OpenSea sweep 20" line: each buys forty listings, so fewer than the other lines. */
const OPENSEA_SWEEP_ROUNDS = Math.min(ROUNDS, 3)
/**
 * Before a wallet's next action, the bench waits until the wallet has had no call for this long, so the
 * previous action's late calls are all in (reservoir-sdk's receipt watch polls at viem's default 4 s).
 */
const QUIET_MS = Number(argValue("--quiet-ms") ?? 4500)
const here = dirname(fileURLToPath(import.meta.url))
const out = (line = "") => process.stdout.write(`${line}\n`)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

type Variant = "tradekit" | "tradekit+ws" | "reservoir-sdk"
const VARIANTS: ReadonlyArray<Variant> = ["tradekit", "tradekit+ws", "reservoir-sdk"]
const ALL_SCENARIOS = [
  "buy 1",
  "buy 1 in USDC",
  "buy 1 in USDC, one confirmation",
  "sweep 20",
  "list 1",
  "bid 1",
  "accept offer",
  "cancel",
  "list 1 after a buy",
  "bid 1 after a buy",
  "cancel after a buy",
] as const
type Scenario = (typeof ALL_SCENARIOS)[number]
/** The scenarios run: all, or those `--scenarios` names. */
const SCENARIOS: ReadonlyArray<Scenario> =
  ONLY === undefined ? ALL_SCENARIOS : ALL_SCENARIOS.filter((name) => ONLY.includes(name))
if (ONLY !== undefined && SCENARIOS.length !== ONLY.length)
  throw new Error(`unknown scenario in --scenarios; known: ${ALL_SCENARIOS.join(", ")}`)
/** The signature flows measured right after a buy, and the buy's place among a round's native listings. */
const AFTER_A_BUY: Partial<Record<Scenario, number>> = {
  "list 1 after a buy": 21,
  "bid 1 after a buy": 22,
  "cancel after a buy": 23,
}
/** Native listings per variant and round: 1 to buy, 20 to sweep, 3 bought before a signature flow. Plus one USDC listing per USDC scenario. */
const NATIVE_PER_ROUND = 24
/** The variant's own punks per round: listed, bid on, listed after a buy, bid on after a buy. */
const OWN_PER_ROUND = 4
/** The scenarios buying a USDC listing; the second with a batching wallet for tradekit. */
const USDC_SCENARIOS: ReadonlyArray<Scenario> = ["buy 1 in USDC", "buy 1 in USDC, one confirmation"]

interface Run {
  readonly wallMs: number
  readonly requests: Record<string, number>
  /** Filled until the wallet's next action begins (or the bench ends): read it only once the rounds are done. */
  readonly walletCalls: Record<string, number>
  /** Of those, the calls that came after the action's promise resolved, and the last one's delay. */
  readonly late: { readonly calls: number; readonly lastMs: number }
  /** Per transaction item: indexed -> reported complete, in ms. */
  readonly latencies: ReadonlyArray<number>
  readonly error?: string
}

/** The calls a wallet received for one action: by method, and how many came after the action's promise resolved. */
interface ActionCalls {
  readonly counts: Record<string, number>
  readonly late: { calls: number; lastMs: number }
  /** Marks the moment the action's promise resolved. */
  readonly end: () => void
}

/**
 * A viem wallet client whose every JSON-RPC request and local signature is counted, into the calls of the
 * wallet's current action: `begin()` opens them when the next action starts, so calls that land after an
 * action's promise resolved (reservoir-sdk's receipt reads) still count for that action. With a `provider`
 * (a devnet batching wallet) the client holds a JSON-RPC account and every request goes to the provider, as
 * to a browser wallet; `account` stays the key, for the harness's own transactions.
 */
const countingWallet = (devnet: Devnet, account: LocalAccount, provider?: BatchingProvider) => {
  let endedAt: number | undefined
  let current: ActionCalls = { counts: {}, late: { calls: 0, lastMs: 0 }, end: () => {} }
  let lastCallAt = 0
  const count = (name: string) => {
    lastCallAt = performance.now()
    current.counts[name] = (current.counts[name] ?? 0) + 1
    if (endedAt !== undefined) {
      current.late.calls++
      current.late.lastMs = lastCallAt - endedAt
    }
  }
  const base = provider === undefined ? http(devnet.rpcUrls[devnet.originChainId]) : custom(provider)
  const transport: Transport = (options) => {
    const inner = base(options)
    const request = (async (args: { method: string }) => (
      count(args.method), inner.request(args as never)
    )) as typeof inner.request
    // The client's `transport.request` is the config's: reservoir-sdk reads receipts through it (custom(wallet.transport)).
    return { ...inner, request, config: { ...inner.config, request } }
  }
  const counted: LocalAccount = {
    ...account,
    signMessage: (args) => (count("signMessage (local)"), account.signMessage(args)),
    signTypedData: ((args: never) => (
      count("signTypedData (local)"), account.signTypedData(args)
    )) as LocalAccount["signTypedData"],
  }
  const wallet: WalletClient = createWalletClient({
    account: provider?.address ?? counted,
    chain: devnet.chains[0]!.viemChain!,
    transport,
  })
  return {
    wallet,
    account,
    /** Waits until the wallet has had no call for `ms` (the previous action's watchers are done), then opens the next action's calls. */
    begin: async (quietMs: number): Promise<ActionCalls> => {
      while (performance.now() - lastCallAt < quietMs) await sleep(quietMs - (performance.now() - lastCallAt))
      endedAt = undefined
      current = { counts: {}, late: { calls: 0, lastMs: 0 }, end: () => void (endedAt = performance.now()) }
      return current
    },
    lastCallAt: () => lastCallAt,
  }
}

/** Records, per transaction item, the time from indexing to the first progress callback reporting it complete. */
const latencyProbe = (devnet: Devnet) => {
  const seen = new Set<string>()
  const latencies: number[] = []
  const onSteps = (steps: ReadonlyArray<{ kind?: string; items?: ReadonlyArray<any> }>) => {
    const now = performance.timeOrigin + performance.now()
    steps.forEach((step, s) =>
      (step.items ?? []).forEach((item, i) => {
        const hash: string | undefined = item.internalTxHashes?.[0]?.txHash ?? item.txHashes?.[0]?.txHash
        const key = `${s}:${i}`
        if (step.kind !== "transaction" || item.status !== "complete" || hash === undefined || seen.has(key)) return
        seen.add(key)
        const indexedAt = devnet.indexedAt(hash)
        if (indexedAt !== undefined) latencies.push(now - indexedAt)
      }),
    )
  }
  return { onSteps, latencies }
}

const median = (xs: ReadonlyArray<number>) => {
  if (xs.length === 0) return Number.NaN
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}
const ms = (x: number) => (Number.isNaN(x) ? "–" : `${x < 10 ? x.toFixed(1) : Math.round(x)} ms`)
const sumCounts = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0)
/** Transactions the wallet sent: a batch (`wallet_sendCalls`) is one transaction. */
const transactionsOf = (calls: Record<string, number>) =>
  (calls.eth_sendRawTransaction ?? 0) +
  (calls.eth_sendRawTransactionSync ?? 0) +
  (calls.eth_sendTransaction ?? 0) +
  (calls.wallet_sendCalls ?? 0)
/** The prompts a user would have confirmed in their wallet. */
const confirmationsOf = (calls: Record<string, number>) => PROMPTS.reduce((n, method) => n + (calls[method] ?? 0), 0)

/** The reservoir-sdk client of the devnet's origin chain (a global singleton, as reservoir-sdk keeps it). */
const createReservoirDevnetClient = (devnet: Devnet) =>
  createReservoirClient({
    chains: [
      {
        id: devnet.originChainId,
        name: "Devnet Origin",
        baseApiUrl: devnet.apiUrl,
        active: true,
        checkPollingInterval: devnet.chains[0]!.checkPollingInterval!,
      },
    ],
    source: "bench",
    logLevel: 0,
  })

/** Only the "buy with USDC, no ETH" line. */
async function usdcNoEthOnly() {
  const devnet = await startDevnet()
  try {
    createReservoirDevnetClient(devnet)
    out(`buy with USDC, no ETH: 1 warm-up + ${ROUNDS} rounds`)
    out(usdcNoEthMarkdown(await benchUsdcNoEth(devnet, ROUNDS)))
  } finally {
    await devnet.stop()
  }
}

/** Only the "OpenSea sweep 20" line. */
async function openSeaSweepOnly() {
  const devnet = await startDevnet()
  try {
    out(`OpenSea sweep 20: 1 warm-up + ${OPENSEA_SWEEP_ROUNDS} rounds`)
    out(openSeaSweepMarkdown(await benchOpenSeaSweep(devnet, OPENSEA_SWEEP_ROUNDS)))
  } finally {
    await devnet.stop()
  }
}

async function main() {
  if (USDC_NO_ETH_ONLY) return usdcNoEthOnly()
  if (OPENSEA_SWEEP_ONLY) return openSeaSweepOnly()
  const started = performance.now()
  const devnet = await startDevnet()
  out(`devnet up in ${devnet.timings.totalMs} ms; 1 warm-up round + ${ROUNDS} rounds`)
  const [u1, u2, u3, u4] = devnet.accounts.users as unknown as [
    Devnet["accounts"]["users"][0],
    Devnet["accounts"]["users"][0],
    Devnet["accounts"]["users"][0],
    Devnet["accounts"]["users"][0],
  ]
  const { punks, usdc } = devnet.contracts.origin
  const punk = (id: bigint) => `${punks}:${id}`

  // Who plays which part, per variant, each with wallets of its own (so one variant's late calls never land
  // in another's count): tradekit polling trades between users 1 and 3, tradekit with the websocket between
  // two spare accounts set up alike, reservoir-sdk between users 2 and 4.
  const extra = await extraTraders(devnet)
  const asLocal = (u: (typeof devnet.accounts.users)[number]) => u.account as unknown as LocalAccount
  const roles: Record<Variant, { readonly seller: LocalAccount; readonly taker: LocalAccount }> = {
    tradekit: { seller: asLocal(u1), taker: asLocal(u3) },
    "tradekit+ws": extra,
    "reservoir-sdk": { seller: asLocal(u2), taker: asLocal(u4) },
  }
  const seller = (v: Variant) => roles[v].seller
  const taker = (v: Variant) => roles[v].taker
  // The one-confirmation USDC buy: tradekit's variants buy with batching wallets of their own (see batchingBuyers).
  const [batching1, batching2] = await batchingBuyers(devnet)
  const batchers: Record<"tradekit" | "tradekit+ws", ReturnType<typeof countingWallet>> = {
    tradekit: countingWallet(
      devnet,
      batching1.account as unknown as LocalAccount,
      devnetBatchingProvider(devnet, batching1),
    ),
    "tradekit+ws": countingWallet(
      devnet,
      batching2.account as unknown as LocalAccount,
      devnetBatchingProvider(devnet, batching2),
    ),
  }
  const wallets = new Map([
    ...Object.values(roles)
      .flatMap((r) => [r.seller, r.taker])
      .map((a) => [a.address, countingWallet(devnet, a)] as const),
    ...Object.values(batchers).map((w) => [w.account.address, w] as const),
  ])
  const walletOf = (address: string) => wallets.get(address as Hex)!

  // Inventory, for every variant and round (the warm-up's included): 1 + 20 listed punks to buy, 1 punk listed
  // in USDC, a punk to list, a punk to be bid on; and per measured round 2 × 20 punks to buy one by one.
  out("minting and listing the inventory…")
  const rounds = ROUNDS + 1
  const perVariant = rounds * NATIVE_PER_ROUND
  const buyIds = await mintPunks(devnet, u1.address, VARIANTS.length * perVariant + ROUNDS * 40)
  await listPunks(devnet, u1.account as unknown as LocalAccount, buyIds)
  const usdcIds = await mintPunks(devnet, u1.address, USDC_SCENARIOS.length * VARIANTS.length * rounds)
  await listPunks(devnet, u1.account as unknown as LocalAccount, usdcIds, parseUnits("1", 6), usdc)
  const ownIds = new Map<Variant, bigint[]>()
  for (const v of VARIANTS) ownIds.set(v, await mintPunks(devnet, seller(v).address, rounds * OWN_PER_ROUND))
  const buys = (v: Variant, round: number) => {
    const from = VARIANTS.indexOf(v) * perVariant + round * NATIVE_PER_ROUND
    return buyIds.slice(from, from + NATIVE_PER_ROUND)
  }
  const usdcBuy = (v: Variant, round: number, scenario: Scenario) =>
    usdcIds[(USDC_SCENARIOS.indexOf(scenario) * VARIANTS.length + VARIANTS.indexOf(v)) * rounds + round]!
  /** The punks bought one by one in measured round `round` (1-based) by tradekit or reservoir-sdk. */
  const oneByOneIds = (v: "tradekit" | "reservoir-sdk", round: number) => {
    const from = VARIANTS.length * perVariant + (round - 1) * 40 + (v === "tradekit" ? 0 : 20)
    return buyIds.slice(from, from + 20)
  }

  const chains = devnet.chains.map(({ websocketUrl: _ws, ...chain }) => chain)
  const tradekit = createClient({ chains, source: "bench" })
  const tradekitWs = createClient({
    chains: devnet.chains,
    source: "bench",
    webSocketConstructor: (url, protocols) => new WebSocket(url, protocols) as unknown as globalThis.WebSocket,
  })
  createReservoirDevnetClient(devnet)
  const reservoir = getClient()
  const actionsOf = (v: Variant): any =>
    v === "tradekit" ? tradekit.actions : v === "tradekit+ws" ? tradekitWs.actions : reservoir.actions

  const listingOf = async (tokenId: bigint, maker: string): Promise<Hex> => {
    const { orders } = (await (await fetch(`${devnet.apiUrl}/orders/asks/v5?token=${punk(tokenId)}`)).json()) as {
      orders: { id: Hex; maker: string }[]
    }
    const order = orders.find((o) => o.maker.toLowerCase() === maker.toLowerCase())
    if (order === undefined) throw new Error(`no listing of ${tokenId} by ${maker}`)
    return order.id
  }

  /** The wallet a scenario acts with. */
  const actor = (v: Variant, scenario: Scenario) =>
    scenario === "buy 1 in USDC, one confirmation" && v !== "reservoir-sdk"
      ? batchers[v]
      : walletOf(
          (["list 1", "accept offer", "cancel", "list 1 after a buy", "cancel after a buy"].includes(scenario)
            ? seller(v)
            : taker(v)
          ).address,
        )

  /** The harness's own work before an action (neither timed nor counted): the order to cancel, a fresh allowance. */
  const prepare = async (v: Variant, scenario: Scenario, round: number): Promise<Hex | undefined> => {
    if (scenario === "cancel") return listingOf(ownIds.get(v)![round * OWN_PER_ROUND]!, seller(v).address)
    if (scenario === "cancel after a buy")
      return listingOf(ownIds.get(v)![round * OWN_PER_ROUND + 2]!, seller(v).address)
    if (USDC_SCENARIOS.includes(scenario)) await revokeExchangeAllowance(devnet, actor(v, scenario).account, usdc)
    return undefined
  }

  const call = (
    v: Variant,
    scenario: Scenario,
    round: number,
    prepared: Hex | undefined,
    onSteps: (steps: any) => void,
  ) => {
    const actions = actionsOf(v)
    const own = ownIds.get(v)!
    const listed = own[round * OWN_PER_ROUND]!
    const bidOn = own[round * OWN_PER_ROUND + 1]!
    const wallet = actor(v, scenario).wallet
    switch (scenario) {
      case "buy 1":
        return actions.buyToken({ items: [{ token: punk(buys(v, round)[0]!) }], wallet, onProgress: onSteps })
      case "buy 1 in USDC":
      case "buy 1 in USDC, one confirmation":
        return actions.buyToken({ items: [{ token: punk(usdcBuy(v, round, scenario)) }], wallet, onProgress: onSteps })
      case "sweep 20":
        return actions.buyToken({
          items: buys(v, round)
            .slice(1, 21)
            .map((id) => ({ token: punk(id) })),
          wallet,
          onProgress: onSteps,
        })
      case "list 1":
        return actions.listToken({
          listings: [{ token: punk(listed), weiPrice: parseEther("0.5").toString() }],
          wallet,
          onProgress: onSteps,
        })
      case "bid 1":
        return actions.placeBid({
          bids: [{ token: punk(bidOn), weiPrice: parseEther("0.01").toString() }],
          wallet,
          onProgress: onSteps,
        })
      case "accept offer":
        return actions.acceptOffer({ items: [{ token: punk(bidOn), quantity: 1 }], wallet, onProgress: onSteps })
      case "cancel":
      case "cancel after a buy":
        return actions.cancelOrder({ ids: [prepared!], wallet, onProgress: onSteps })
      case "list 1 after a buy":
        return actions.listToken({
          listings: [{ token: punk(own[round * OWN_PER_ROUND + 2]!), weiPrice: parseEther("0.5").toString() }],
          wallet,
          onProgress: onSteps,
        })
      case "bid 1 after a buy":
        return actions.placeBid({
          bids: [{ token: punk(own[round * OWN_PER_ROUND + 3]!), weiPrice: parseEther("0.01").toString() }],
          wallet,
          onProgress: onSteps,
        })
    }
  }

  const runOnce = async (v: Variant, scenario: Scenario, round: number): Promise<Run> => {
    const prepared = await prepare(v, scenario, round)
    let calls = await actor(v, scenario).begin(QUIET_MS)
    const buyFirst = AFTER_A_BUY[scenario]
    if (buyFirst !== undefined) {
      // The buy is the harness's: untimed, and its wallet calls before it resolved not counted; the flow starts the moment it resolved.
      const buyer = walletOf(taker(v).address)
      await buyer.begin(QUIET_MS)
      await actionsOf(v).buyToken({
        items: [{ token: punk(buys(v, round)[buyFirst]!) }],
        wallet: buyer.wallet,
        onProgress: () => {},
      })
      calls = await actor(v, scenario).begin(0)
    }
    devnet.requests.clear()
    const probe = latencyProbe(devnet)
    const t = performance.now()
    let error: string | undefined
    try {
      await call(v, scenario, round, prepared, probe.onSteps)
    } catch (e) {
      error = e instanceof Error ? e.message : typeof e === "string" ? e : JSON.stringify(e)
    }
    const wallMs = performance.now() - t
    calls.end()
    // reservoir-sdk posts /execute/results/v1 without waiting for it; let it land before counting.
    await sleep(150)
    return {
      wallMs,
      requests: devnet.requests.counts(),
      walletCalls: calls.counts,
      late: calls.late,
      latencies: probe.latencies,
      ...(error !== undefined ? { error } : {}),
    }
  }

  /** The 20 punks of a round bought one by one (one buyToken per item, in sequence); the wall time, if all went through. */
  const buyOneByOne = async (v: "tradekit" | "reservoir-sdk", round: number): Promise<number | undefined> => {
    const w = walletOf(taker(v).address)
    await w.begin(QUIET_MS)
    const t = performance.now()
    try {
      for (const id of oneByOneIds(v, round))
        await actionsOf(v).buyToken({ items: [{ token: punk(id) }], wallet: w.wallet, onProgress: () => {} })
      return performance.now() - t
    } catch (e) {
      out(`  ${v} one by one, round ${round}: ERROR ${e instanceof Error ? e.message : String(e)}`)
      return undefined
    }
  }

  const results = new Map<string, Run[]>()
  const oneByOneMs: Record<"tradekit" | "reservoir-sdk", Array<number | undefined>> = {
    tradekit: [],
    "reservoir-sdk": [],
  }
  // Round 0 is the warm-up: every variant runs every scenario once, untimed (JIT, connections, the SDKs' caches).
  for (let round = 0; round < rounds; round++) {
    const order = VARIANTS.map((_, i) => VARIANTS[(i + round) % VARIANTS.length]!)
    for (const scenario of SCENARIOS) {
      for (const v of order) {
        const run = await runOnce(v, scenario, round)
        if (run.error !== undefined && round <= 1)
          out(`  ${v} ${scenario}${round === 0 ? " (warm-up)" : ""}: ERROR ${run.error.slice(0, 200)}`)
        if (round === 0) continue
        const key = `${scenario}|${v}`
        results.set(key, [...(results.get(key) ?? []), run])
      }
    }
    if (round > 0 && SCENARIOS.includes("sweep 20")) {
      for (const v of round % 2 === 1
        ? (["tradekit", "reservoir-sdk"] as const)
        : (["reservoir-sdk", "tradekit"] as const)) {
        oneByOneMs[v].push(await buyOneByOne(v, round))
      }
    }
    out(
      `${round === 0 ? "warm-up round" : `round ${round}/${ROUNDS}`} done (${Math.round((performance.now() - started) / 1000)} s)`,
    )
  }

  // The last action of each wallet has no next action: wait until every wallet is quiet, as before a next one.
  await Promise.all([...wallets.values()].map((w) => w.begin(QUIET_MS)))

  out("buy with USDC, no ETH…")
  const usdcNoEth = usdcNoEthMarkdown(await benchUsdcNoEth(devnet, ROUNDS))
  out("OpenSea sweep 20…")
  const openSeaSweep = openSeaSweepMarkdown(await benchOpenSeaSweep(devnet, OPENSEA_SWEEP_ROUNDS))

  await tradekit.dispose()
  await tradekitWs.dispose()
  await devnet.stop()

  // ---- tables
  const ok = (runs: ReadonlyArray<Run>) => runs.filter((r) => r.error === undefined)
  const stat = (scenario: Scenario, v: Variant) => {
    const runs = results.get(`${scenario}|${v}`) ?? []
    const good = ok(runs)
    const walls = good.map((r) => r.wallMs)
    const withTx = good.filter((r) => transactionsOf(r.walletCalls) > 0)
    return {
      runs,
      good,
      wall: median(walls),
      spread: walls.length > 0 ? `${ms(Math.min(...walls))}–${ms(Math.max(...walls))}` : "–",
      requests: median(good.map((r) => sumCounts(r.requests))),
      wallet: median(good.map((r) => sumCounts(r.walletCalls))),
      confirmations: median(good.map((r) => confirmationsOf(r.walletCalls))),
      /**
       * Wallet calls per transaction sent, over all runs (so the occasional late receipt reads count, which a
       * median run would hide); NaN without a transaction.
       */
      walletPerTx:
        withTx.reduce((a, r) => a + sumCounts(r.walletCalls), 0) /
        withTx.reduce((a, r) => a + transactionsOf(r.walletCalls), 0),
      latency: median(good.flatMap((r) => r.latencies)),
      latencyMax: good.flatMap((r) => r.latencies).reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY),
      errors: runs.filter((r) => r.error !== undefined).map((r) => r.error!),
    }
  }
  type Stat = ReturnType<typeof stat>
  const ratioOf = (a: number, b: number) => (Number.isNaN(a) || Number.isNaN(b) || b === 0 ? Number.NaN : a / b)
  const times = (x: number) => (Number.isNaN(x) ? "–" : `${x.toFixed(2)}×`)
  const num = (x: number) => (Number.isNaN(x) ? "–" : Number.isInteger(x) ? `${x}` : x.toFixed(2))
  const failed = (s: Stat) => s.good.length === 0
  const wallCell = (s: Stat) => (failed(s) ? "**failed**" : `${ms(s.wall)} (${s.spread})`)
  const lat = (s: Stat) => (Number.isNaN(s.latency) ? "–" : `${ms(s.latency)} (max ${ms(s.latencyMax)})`)
  const lines: string[] = []
  lines.push(
    "| scenario | wall: tradekit poll (min–max) | wall: tradekit ws (min–max) | wall: reservoir-sdk (min–max) | poll/rs | ws/rs | API requests poll / ws / rs | confirmations poll / ws / rs | wallet calls poll / ws / rs | wallet calls per tx poll / ws / rs | completion latency poll / ws / rs (median, max) |",
    "| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  )
  for (const scenario of SCENARIOS) {
    const [tk, ws, rs] = VARIANTS.map((v) => stat(scenario, v)) as [Stat, Stat, Stat]
    const three = (f: (s: Stat) => number) => [tk, ws, rs].map((s) => (failed(s) ? "–" : num(f(s)))).join(" / ")
    lines.push(
      `| ${scenario} | ${wallCell(tk)} | ${wallCell(ws)} | ${wallCell(rs)} | ${times(ratioOf(tk.wall, rs.wall))} | ${times(ratioOf(ws.wall, rs.wall))} | ${three((s) => s.requests)} | ${three((s) => s.confirmations)} | ${three((s) => s.wallet)} | ${three((s) => s.walletPerTx)} | ${lat(tk)} / ${lat(ws)} / ${lat(rs)} |`,
    )
  }
  const table = lines.join("\n")

  const medianRun = (runs: ReadonlyArray<Run>, size: (r: Run) => number) => {
    const good = ok(runs)
    return good.length === 0 ? undefined : [...good].sort((a, b) => size(a) - size(b))[Math.floor(good.length / 2)]!
  }
  const listCounts = (counts: Record<string, number> | undefined) =>
    counts === undefined
      ? "–"
      : Object.entries(counts)
          .map(([k, n]) => `${k} ×${n}`)
          .join("<br>")

  const routes: string[] = [
    "| scenario | tradekit: requests by route (median run) | reservoir-sdk: requests by route |",
    "| --- | --- | --- |",
  ]
  const byRoute = (runs: ReadonlyArray<Run>) => listCounts(medianRun(runs, (r) => sumCounts(r.requests))?.requests)
  for (const scenario of SCENARIOS)
    routes.push(
      `| ${scenario} | ${byRoute(stat(scenario, "tradekit").runs)} | ${byRoute(stat(scenario, "reservoir-sdk").runs)} |`,
    )

  const walletRoutes: string[] = [
    "| scenario | tradekit: wallet calls (median run) | reservoir-sdk: wallet calls |",
    "| --- | --- | --- |",
  ]
  const byMethod = (runs: ReadonlyArray<Run>) =>
    listCounts(medianRun(runs, (r) => sumCounts(r.walletCalls))?.walletCalls)
  for (const scenario of SCENARIOS)
    walletRoutes.push(
      `| ${scenario} | ${byMethod(stat(scenario, "tradekit").runs)} | ${byMethod(stat(scenario, "reservoir-sdk").runs)} |`,
    )

  const lateLines = VARIANTS.map((v) => {
    const runs = SCENARIOS.flatMap((sc) => ok(stat(sc, v).runs))
    const late = runs.filter((r) => r.late.calls > 0)
    return late.length === 0
      ? `${v}: none in ${runs.length} actions`
      : `${v}: ${late.reduce((a, r) => a + r.late.calls, 0)} calls in ${late.length} of ${runs.length} actions, the last ${ms(late.reduce((a, r) => Math.max(a, r.late.lastMs), 0))} after the promise resolved`
  })

  const errors = VARIANTS.flatMap((v) =>
    SCENARIOS.flatMap((s) =>
      [...new Set(stat(s, v).errors)].map(
        (e) => `- ${v}, ${s} (${stat(s, v).errors.length}/${ROUNDS} runs): \`${e.slice(0, 400)}\``,
      ),
    ),
  )

  // The sweep against the same number of items bought one by one, per round (the sweep of that round), then the median.
  const sweepVsOneByOne = (v: "tradekit" | "reservoir-sdk") => {
    const sweeps = (results.get(`sweep 20|${v}`) ?? []).map((r) => (r.error === undefined ? r.wallMs : undefined))
    const pairs = oneByOneMs[v].flatMap((one, i) =>
      one !== undefined && sweeps[i] !== undefined ? [{ one, sweep: sweeps[i]! }] : [],
    )
    return {
      pairs,
      one: median(pairs.map((p) => p.one)),
      sweep: median(pairs.map((p) => p.sweep)),
      ratio: median(pairs.map((p) => p.one / p.sweep)),
    }
  }
  const sweepTk = sweepVsOneByOne("tradekit")
  const sweepRs = sweepVsOneByOne("reservoir-sdk")
  const sweepLines = [
    `- tradekit: sweep of 20 ${ms(sweepTk.sweep)} vs the same number one by one ${ms(sweepTk.one)} (medians) → **${times(sweepTk.ratio)} faster** (median of the ${sweepTk.pairs.length} rounds' ratios)`,
    `- reservoir-sdk: sweep of 20 ${ms(sweepRs.sweep)} vs one by one ${ms(sweepRs.one)} → ${times(sweepRs.ratio)} faster (median of ${sweepRs.pairs.length} rounds)`,
  ]

  // ---- targets (issues "Faster than the SDK it replaces" and "Beyond every peer"); each prints the figure, the limit and met/missed.
  const interval = devnet.chains[0]!.checkPollingInterval!
  const mark = (okay: boolean) => (okay ? "met" : "**MISSED**")
  const targetsMet: boolean[] = []
  const missed: string[] = []
  const target = (text: string, okay: boolean) => {
    targetsMet.push(okay)
    if (!okay) missed.push(text.split(":")[0] ?? text)
    return `- ${text} → ${mark(okay)}`
  }
  const wallTarget = (scenarios: ReadonlyArray<Scenario>, v: Variant, limit: number, label: string) => {
    const ratios = scenarios.map((sc) => ({ sc, r: ratioOf(stat(sc, v).wall, stat(sc, "reservoir-sdk").wall) }))
    return target(
      `${scenarios.join(", ")}: wall ${label} ≤ ${limit}× reservoir-sdk's: ${ratios.map(({ sc, r }) => `${sc} ${times(r)}`).join(", ")}`,
      ratios.every(({ r }) => r <= limit),
    )
  }
  const txScenarios = SCENARIOS.filter((sc) => !Number.isNaN(stat(sc, "tradekit").latency))
  const pollLatencies = txScenarios.flatMap((sc) => stat(sc, "tradekit").good.flatMap((r) => r.latencies))
  const wsLatencies = txScenarios.flatMap((sc) => stat(sc, "tradekit+ws").good.flatMap((r) => r.latencies))
  const compared = SCENARIOS.filter((sc) => !failed(stat(sc, "reservoir-sdk")))
  // The one-confirmation buy sends one batch where reservoir-sdk sends two transactions: per transaction would
  // compare unlike units, so its wallet calls are compared per action instead.
  const perTxScenarios = compared.filter(
    (sc) => sc !== "buy 1 in USDC, one confirmation" && !Number.isNaN(stat(sc, "reservoir-sdk").walletPerTx),
  )
  const [tkOne, wsOne, rsOne] = VARIANTS.map((v) => stat("buy 1 in USDC, one confirmation", v)) as [Stat, Stat, Stat]
  const targets = [
    wallTarget(["buy 1", "accept offer"], "tradekit", 0.6, "tradekit polling"),
    wallTarget(["buy 1", "accept offer"], "tradekit+ws", 0.4, "tradekit websocket"),
    wallTarget(
      (["list 1", "bid 1", "cancel", "list 1 after a buy", "bid 1 after a buy", "cancel after a buy"] as const).filter(
        (sc) => SCENARIOS.includes(sc),
      ),
      "tradekit",
      1.1,
      "tradekit",
    ),
    target(
      `completion latency when polling: median ${ms(median(pollLatencies))} ≤ 100 ms (max ${ms(Math.max(...pollLatencies))}, interval ${interval} ms)`,
      median(pollLatencies) <= 100,
    ),
    ...(["tradekit", "tradekit+ws"] as const).map((v) =>
      target(
        `API requests ${v === "tradekit" ? "polling" : "websocket"} ≤ reservoir-sdk's on every scenario: ${compared.map((sc) => `${sc} ${stat(sc, v).requests}/${stat(sc, "reservoir-sdk").requests}`).join(", ")}`,
        compared.every((sc) => stat(sc, v).requests <= stat(sc, "reservoir-sdk").requests),
      ),
    ),
    target(
      `wallet calls per transaction ≤ reservoir-sdk's (counted up to the wallet's next action): ${perTxScenarios.map((sc) => `${sc} ${num(stat(sc, "tradekit").walletPerTx)}/${num(stat(sc, "reservoir-sdk").walletPerTx)}`).join(", ")}; one batch against two transactions, per action: buy 1 in USDC, one confirmation ${num(tkOne.wallet)}/${num(rsOne.wallet)}`,
      perTxScenarios.every(
        (sc) =>
          stat(sc, "tradekit").walletPerTx <= stat(sc, "reservoir-sdk").walletPerTx &&
          stat(sc, "tradekit+ws").walletPerTx <= stat(sc, "reservoir-sdk").walletPerTx,
      ) &&
        tkOne.wallet <= rsOne.wallet &&
        wsOne.wallet <= rsOne.wallet,
    ),
    target(
      `completion latency with the websocket ≤ 50 ms: median ${ms(median(wsLatencies))}, max ${ms(Math.max(...wsLatencies))}`,
      Math.max(...wsLatencies) <= 50,
    ),
    target(`a 20-item sweep ≥ 5× faster than the same items one by one: ${times(sweepTk.ratio)}`, sweepTk.ratio >= 5),
    // Issue "Beyond every peer": an ERC-20 buy needing approval, tradekit with a batching wallet.
    target(
      `ERC-20 buy needing approval: confirmations tradekit ≤ 1 and reservoir-sdk 2 (median run): poll ${num(tkOne.confirmations)}, ws ${num(wsOne.confirmations)}, rs ${num(rsOne.confirmations)}`,
      tkOne.confirmations <= 1 && wsOne.confirmations <= 1 && rsOne.confirmations === 2,
    ),
    target(
      `ERC-20 buy needing approval: its wall time below reservoir-sdk's: poll ${times(ratioOf(tkOne.wall, rsOne.wall))}, ws ${times(ratioOf(wsOne.wall, rsOne.wall))}`,
      ratioOf(tkOne.wall, rsOne.wall) < 1 && ratioOf(wsOne.wall, rsOne.wall) < 1,
    ),
  ]
  const targetSummary = `${targetsMet.filter(Boolean).length} of ${targetsMet.length} targets met.`

  let overheadText = "(skipped: --devnet-only)"
  let bundleText = "(skipped: --devnet-only)"
  if (!DEVNET_ONLY) {
    out("\nexecutor overhead on the fakes…")
    const overhead = spawnSync(
      process.execPath,
      ["--expose-gc", "--import", "tsx", join(here, "overhead.ts"), "--markdown"],
      {
        encoding: "utf8",
        cwd: join(here, ".."),
      },
    )
    overheadText =
      overhead.status === 0
        ? overhead.stdout.trim()
        : `overhead benchmark failed:\n\n\`\`\`\n${overhead.stderr.slice(-2000)}\n\`\`\``

    out("bundle sizes…")
    const bundles = await measureAll()
    const dapp = await measureDapp()
    const verdicts = check(figures(bundles, dapp), readBudget())
    bundleText = [
      "The size check (`npm run size`, in CI) against bench/budget.json: it fails on a regression over the recorded figure + 1 KB (a page, or a capability's cost); the issue-11, issue-20 and issue-37 targets print as met or MISSED and do not fail it while they are missed (see bench/bundle.ts).",
      "",
      "```",
      ...verdicts.map((v) => v.line),
      "```",
      "",
      bundleMarkdown(bundles, dapp),
      "",
      "Before and after issue 20 by module group (the dApp page, viem's actions), where the remaining bytes go and what would take them further, and the signature flows right after a buy: bench/BUNDLE-ISSUE20.md. The Effect 3 → 4 comparison: bench/BUNDLE-EFFECT4.md.",
    ].join("\n")
  }

  const cpu = cpus()[0]?.model ?? "unknown CPU"
  const machine = `${cpu} × ${cpus().length}, ${Math.round(totalmem() / 2 ** 30)} GB, ${platform()} ${release()}, Node ${process.version}`
  const report = [
    "# Benchmarks",
    "",
    `Run ${new Date().toISOString()} on ${machine}, by \`npm run bench\` (1 untimed warm-up round, then ${ROUNDS} interleaved rounds; ${Math.round((performance.now() - started) / 1000)} s in all). The machine is shared: its ${cpus().length} cores ran other work during the run, so the absolute figures are noisy; the variants are interleaved so the comparison is fair, not quiet.`,
    "",
    `## tradekit vs @reservoir0x/reservoir-sdk 2.0.11 on the devnet`,
    "",
    `Both on chain 31337 with \`checkPollingInterval\` ${interval} ms, the same devnet, each trading its own freshly listed tokens. "poll" is tradekit polling, "ws" is tradekit with the chain's \`websocketUrl\` and the \`ws\` package as WebSocket constructor, "rs" is reservoir-sdk (polling only). Wall time: median (min–max) over the rounds. API requests: all requests the devnet answered for one action (median run). Confirmations: the prompts a user would see in their wallet for the action (\`eth_sendTransaction\`, \`eth_sendRawTransaction\` or \`eth_sendRawTransactionSync\` (a local account's send; the second answers with the receipt, EIP-7966), \`wallet_sendCalls\`, \`personal_sign\`, \`eth_signTypedData_v4\`, local signatures; median run). Wallet calls: JSON-RPC requests through the wallet's transport plus local signatures, counted up to the wallet's next action (median run); per tx: all runs' calls divided by the transactions they sent (a \`wallet_sendCalls\` batch is one transaction). Completion latency: indexer has the transaction → the item is reported complete (median over every transaction item of every run, and the max). "buy 1 in USDC" buys a punk listed in the devnet's USDC by a buyer whose allowance was reset to zero before the run: an approval transaction, then the sale. "buy 1 in USDC, one confirmation" is the same buy where tradekit's variants hold a devnet batching wallet (an EIP-1193 provider with EIP-5792 \`wallet_sendCalls\`, atomic through an EIP-7702 delegation): tradekit sends the approval and the sale as one batch, one confirmation; reservoir-sdk does not batch and keeps its ordinary wallet, two confirmations.`,
    "",
    table,
    "",
    "### Targets",
    "",
    ...targets,
    "",
    targetSummary,
    "",
    "### Buy with USDC, no ETH",
    "",
    "A buyer holding USDC and no ETH at all (a fresh key per run, 100 USDC) buys a punk listed in USDC (approval, then the sale). tradekit: the devnet batching wallet and the chain's `paymasterService` (the devnet's ERC-7677 service): one `wallet_sendCalls`, the devnet's sponsor submits it and pays the gas. reservoir-sdk 2.0.11: an ordinary wallet of the same account; it neither batches nor knows paymasters.",
    "",
    usdcNoEth,
    "",
    "### OpenSea sweep 20",
    "",
    "Twenty OpenSea listings on the devnet (its OpenSea routes and real Seaport 1.6; fresh punks listed by user 3 at 0.01 ETH each run), bought by tradekit with user 5's wallet: one `buyToken` of the twenty (one `fulfillAvailableAdvancedOrders` built from OpenSea's twenty fulfilment answers) against twenty `buyToken` calls one after the other. One untimed warm-up of each side, then the rounds, the side that goes first alternating.",
    "",
    openSeaSweep,
    "",
    "### 20-item sweep vs the same items one by one",
    "",
    ...sweepLines,
    "",
    "### API requests by route",
    "",
    routes.join("\n"),
    "",
    "### Wallet calls by method",
    "",
    walletRoutes.join("\n"),
    "",
    "### Errors",
    "",
    errors.length === 0 ? "None: every run of every variant completed." : errors.join("\n"),
    "",
    "### Method",
    "",
    "- A warm-up round runs every scenario of every variant once before the measured rounds; it is neither timed nor counted.",
    "- Wallet calls are counted for an action from its start to the start of that wallet's next action. Each variant acts with wallets of its own (tradekit with the websocket with two spare funded accounts set up like users 1 and 3), so one variant's late calls never land in another's count. reservoir-sdk starts `waitForTransactionReceipt` without waiting for it, so its receipt reads land after its promise resolved: they count for the action that caused them.",
    `- Before a wallet's next action the bench waits (untimed) until that wallet has had no call for ${QUIET_MS} ms; reservoir-sdk's receipt watch polls at viem's default 4 s. Calls that came after the promise resolved, all counted: ${lateLines.join("; ")}.`,
    "- The one-confirmation USDC buy: tradekit polling buys with user 5, tradekit with the websocket with the test mnemonic's index 10 (funded by the bench), each through its own batching wallet whose JSON-RPC requests are counted like the other wallets'; each account delegates to the devnet's BatchExecutor on its first batch, in the warm-up round, so the measured rounds' batches carry no authorization. reservoir-sdk buys with user 4's ordinary wallet, as in \"buy 1 in USDC\".",
    "- The cancel scenario looks up the order id (`GET /orders/asks/v5`) before the clock starts and before the request log is cleared; the USDC scenarios reset the allowance the same way, with a transaction sent outside the counted wallet.",
    "- The sweep-vs-one-by-one figure: in every measured round, the 20 items are bought one by one by tradekit and by reservoir-sdk (which goes first alternates), and compared with that round's sweep; the figure is the median of the rounds' ratios.",
    "- API requests are read 150 ms after the action resolved (reservoir-sdk posts `/execute/results/v1` without waiting for it).",
    `- Completion latency when polling is bounded by the polling interval plus one request round trip: the first status poll goes out right after the send, before the devnet has indexed the block (the indexer follows the chain every 40 ms), so the answer comes from the next poll, ${interval} ms later. The websocket removes the wait: the devnet pushes as soon as its indexer records the transaction.`,
    "- Wall times of list, bid and cancel are a few tens of ms for both SDKs (no transaction): on a shared 2-core machine, differences there are close to the noise.",
    "",
    "## Executor overhead on the in-memory fakes (tradekit/testing)",
    "",
    overheadText,
    "",
    "## Bundle sizes (esbuild, minified, browser, esm; gzip -9)",
    "",
    bundleText,
    "",
  ].join("\n")
  out(
    `\n${table}\n\n${usdcNoEth}\n\n${openSeaSweep}\n\n${targets.join("\n")}\n${targetSummary}\n\nlate wallet calls: ${lateLines.join("; ")}\n\n${sweepLines.join("\n")}\n\n${walletRoutes.join("\n")}\n\n${overheadText}\n\n${bundleText}`,
  )
  if (errors.length > 0) out(`\n${errors.join("\n")}`)
  // The tracked bench/RESULTS.md is rewritten only when asked (`--record`); a plain run writes to bench/out/.
  let written = "not written"
  if (!process.argv.includes("--no-write") && !DEVNET_ONLY) {
    const file = process.argv.includes("--record") ? join(here, "RESULTS.md") : join(here, "out", "RESULTS.md")
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, report)
    written = `written to ${file}`
  }
  out(`\nbench: ${targetSummary}${missed.length > 0 ? ` Missed: ${missed.join("; ")}.` : ""} Results ${written}.`)
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    process.exit(1)
  },
)
