/**
 * The bench's "buy with USDC, no ETH" line: a buyer who holds USDC and no ETH at all buys a punk listed in USDC.
 * tradekit holds the devnet batching wallet and names the devnet's ERC-7677 paymaster service as the chain's
 * `paymasterService`: one `wallet_sendCalls`, gas paid by the sponsor. reservoir-sdk 2.0.11 holds an ordinary
 * wallet of the same account (it neither batches nor knows paymasters): its approval cannot be paid for.
 * Each run has a buyer of its own (a fresh key, funded with 100 USDC and nothing else) and a punk of its own.
 */
import { getClient } from "@reservoir0x/reservoir-sdk"
import {
  createWalletClient,
  custom,
  encodeFunctionData,
  http,
  type LocalAccount,
  parseUnits,
  type Transport,
} from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { stableTokenAbi } from "../devnet/artifacts/index.js"
import { devnetPublicClient } from "../devnet/chain/deploy.js"
import { createBatchingProvider, type Devnet } from "../devnet/index.js"
import { sendBatch } from "../devnet/seed.js"
import { createClient } from "../src/client.js"
import { listPunks, mintPunks } from "./inventory.js"
import { PROMPTS } from "./prompts.js"

/** The two sides of the line. */
export type UsdcNoEthVariant = "tradekit" | "reservoir-sdk"

/** One buy. */
export interface UsdcNoEthRun {
  readonly variant: UsdcNoEthVariant
  readonly wallMs: number
  /** Prompts the user would have confirmed (transactions, batches, signatures). */
  readonly confirmations: number
  /** The buyer's ETH spent, in wei (it has none: always 0). */
  readonly userGasWei: bigint
  /** The sponsor's ETH spent on the run, in wei. */
  readonly sponsorGasWei: bigint
  readonly bought: boolean
  readonly error?: string
}

const PRICE = parseUnits("1", 6)

/** A fresh buyer with 100 USDC and no ETH, and a punk listed in USDC for it. */
const prepare = async (devnet: Devnet): Promise<{ readonly buyer: LocalAccount; readonly tokenId: bigint }> => {
  const buyer = privateKeyToAccount(generatePrivateKey())
  const { usdc } = devnet.contracts.origin
  await sendBatch(devnet.rpcUrls[devnet.originChainId]!, devnet.originChainId, [
    {
      account: devnet.accounts.deployer.account,
      to: usdc,
      data: encodeFunctionData({
        abi: stableTokenAbi,
        functionName: "mint",
        args: [buyer.address, parseUnits("100", 6)],
      }),
    },
  ])
  const [tokenId] = await mintPunks(devnet, devnet.accounts.users[0]!.address, 1)
  await listPunks(devnet, devnet.accounts.users[0]!.account as unknown as LocalAccount, [tokenId!], PRICE, usdc)
  return { buyer, tokenId: tokenId! }
}

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

/** Runs the line `rounds` times per variant, interleaved; reservoir-sdk's client must already be created. */
export async function benchUsdcNoEth(devnet: Devnet, rounds: number): Promise<ReadonlyArray<UsdcNoEthRun>> {
  const chain = devnet.chains[0]!
  const client = devnetPublicClient({ chainId: devnet.originChainId, rpcUrl: devnet.rpcUrls[devnet.originChainId]! })
  const tradekit = createClient({
    chains: devnet.chains.map((c) => ({ ...c, paymasterService: { url: devnet.paymasterUrls[c.id]! } })),
    source: "bench",
  })
  const runs: UsdcNoEthRun[] = []
  const runOnce = async (variant: UsdcNoEthVariant): Promise<UsdcNoEthRun> => {
    const { buyer, tokenId } = await prepare(devnet)
    const methods: Array<string> = []
    const wallet =
      variant === "tradekit"
        ? createWalletClient({
            account: buyer.address,
            chain: chain.viemChain!,
            transport: recording(
              custom(
                createBatchingProvider({
                  account: buyer,
                  chains: [
                    {
                      chainId: chain.id,
                      rpcUrl: devnet.rpcUrls[chain.id]!,
                      batchExecutor: devnet.contracts.origin.batchExecutor,
                    },
                  ],
                }),
              ),
              methods,
            ),
          })
        : createWalletClient({
            account: buyer,
            chain: chain.viemChain!,
            transport: recording(http(devnet.rpcUrls[chain.id]), methods),
          })
    const [ethBefore, sponsorBefore] = await Promise.all([
      client.getBalance({ address: buyer.address }),
      client.getBalance({ address: devnet.accounts.sponsor.address }),
    ])
    const items = [{ token: `${devnet.contracts.origin.punks}:${tokenId}` }]
    const t = performance.now()
    let error: string | undefined
    try {
      if (variant === "tradekit") await tradekit.actions.buyToken({ items, wallet, onProgress: () => {} })
      else await getClient().actions.buyToken({ items, wallet, onProgress: () => {} })
    } catch (e) {
      error = e instanceof Error ? e.message : String(e)
    }
    const wallMs = performance.now() - t
    const [ethAfter, sponsorAfter, owner] = await Promise.all([
      client.getBalance({ address: buyer.address }),
      client.getBalance({ address: devnet.accounts.sponsor.address }),
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
        args: [tokenId],
      }),
    ])
    return {
      variant,
      wallMs,
      confirmations: methods.filter((m) => PROMPTS.includes(m)).length,
      userGasWei: ethBefore - ethAfter,
      sponsorGasWei: sponsorBefore - sponsorAfter,
      bought: owner.toLowerCase() === buyer.address.toLowerCase(),
      ...(error !== undefined ? { error: error.split("\n")[0]!.slice(0, 300) } : {}),
    }
  }
  // Untimed warm-up of tradekit's side, then interleaved rounds.
  await runOnce("tradekit")
  for (let round = 0; round < rounds; round++) {
    for (const variant of round % 2 === 0
      ? (["tradekit", "reservoir-sdk"] as const)
      : (["reservoir-sdk", "tradekit"] as const)) {
      runs.push(await runOnce(variant))
    }
  }
  await tradekit.dispose()
  return runs
}

/** The line as a markdown table, and how reservoir-sdk failed. */
export function usdcNoEthMarkdown(runs: ReadonlyArray<UsdcNoEthRun>): string {
  const median = (xs: ReadonlyArray<number>) => {
    const s = [...xs].sort((a, b) => a - b)
    return s.length === 0
      ? Number.NaN
      : s.length % 2 === 1
        ? s[(s.length - 1) / 2]!
        : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
  }
  const row = (variant: UsdcNoEthVariant) => {
    const mine = runs.filter((r) => r.variant === variant)
    const ok = mine.filter((r) => r.bought && r.error === undefined)
    const walls = ok.map((r) => r.wallMs)
    const wall =
      ok.length === 0
        ? "**failed**"
        : `${Math.round(median(walls))} ms (${Math.round(Math.min(...walls))}–${Math.round(Math.max(...walls))})`
    const confirmations = median(mine.map((r) => r.confirmations))
    // biome-ignore lint/complexity/useMathMinMax: wei are bigints, which Math.max does not take
    const userGas = mine.map((r) => r.userGasWei).reduce((a, b) => (b > a ? b : a), 0n)
    const sponsorGas = median(mine.map((r) => Number(r.sponsorGasWei)))
    return `| ${variant} | ${ok.length}/${mine.length} | ${wall} | ${confirmations} | ${userGas} | ${Number.isNaN(sponsorGas) ? "–" : sponsorGas} |`
  }
  const failures = [...new Set(runs.filter((r) => r.error !== undefined).map((r) => `- ${r.variant}: \`${r.error}\``))]
  return [
    "| buy with USDC, no ETH | bought | wall (median, min–max) | confirmations (median) | gas paid by the user (wei, max) | gas paid by the sponsor (wei, median) |",
    "| --- | ---: | --- | ---: | ---: | ---: |",
    row("tradekit"),
    row("reservoir-sdk"),
    "",
    failures.length === 0 ? "Both completed." : `How it failed:\n${failures.join("\n")}`,
  ].join("\n")
}
