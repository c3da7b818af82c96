/**
 * The demo's actions (`npm start`), through the Promise facade (createClient), on a devnet: each action by its
 * user, with a live line per step/item status change to `out`. The state they leave is the one the playground opens
 * on after `npm start`; the browser tests start from it too. Throws on the first action that fails.
 */
import {
  createPublicClient,
  createWalletClient,
  custom,
  encodeFunctionData,
  type Hex,
  http,
  parseEther,
  type WalletClient,
} from "viem"
import { devnetERC721Abi } from "../devnet/artifacts/index.js"
import { type Devnet, type DevnetAccount, devnetBatchingProvider } from "../devnet/index.js"
import { listForSweep } from "../devnet/opensea/sweepListings.js"
import { USDC_ONLY_PUNK } from "../devnet/seed.js"
import { openSea } from "../src/apis/opensea/index.js"
import { relay } from "../src/apis/relay/index.js"
import { createClient } from "../src/client.js"
import type { Step } from "../src/schema/Step.js"

const short = (hash: string) => `${hash.slice(0, 10)}…`

/** The wallet methods that ask the user to confirm something. */
const PROMPTS = new Set(["wallet_sendCalls", "eth_sendTransaction", "personal_sign", "eth_signTypedData_v4"])

/** To `out`: one line whenever a step item appears or changes status (or gets a tx hash / an error). */
const progressPrinterTo = (out: (line: string) => void) => (label: string) => {
  const seen = new Map<string, string>()
  return (steps: ReadonlyArray<Step>) => {
    for (const [s, step] of steps.entries()) {
      for (const [i, item] of (step.items ?? []).entries()) {
        const tx = item.txHashes?.[0]?.txHash
        const state = `${item.status}${tx ? ` tx ${short(tx)}` : ""}${item.error ? ` error: ${item.error}` : ""}${item.data === undefined && item.status === "incomplete" ? " (waiting for data)" : ""}`
        const key = `${s}/${step.id}/${i}`
        if (seen.get(key) === state) continue
        seen.set(key, state)
        out(`    ${label} › ${step.action ?? step.id} [${step.id}#${i + 1}] ${state}`)
      }
    }
  }
}

export async function runDemoActions(devnet: Devnet, out: (line: string) => void = () => undefined): Promise<void> {
  const progressPrinter = progressPrinterTo(out)
  const client = createClient({ chains: devnet.chains, source: "tradekit.demo", logLevel: 1 })
  /** The same chains with the devnet's OpenSea as the order book. */
  const onOpenSea = createClient({ chains: devnet.chains, book: openSea(devnet.openSea), logLevel: 1 })
  /** On Relay: cross-chain calls, and OpenSea's book with Relay carrying purchases paid on another chain. */
  const onRelay = createClient({ chains: devnet.chains, book: relay(devnet.relay), logLevel: 1 })
  const acrossOpenSea = createClient({
    chains: devnet.chains,
    book: openSea({ ...devnet.openSea, crossChain: relay(devnet.relay) }),
    logLevel: 1,
  })
  const { punks, drops, editions, usdc } = devnet.contracts.origin
  const users = devnet.accounts.users
  const wallet = (u: DevnetAccount): WalletClient =>
    createWalletClient({
      account: u.account,
      chain: devnet.chains[0]!.viemChain!,
      transport: http(devnet.rpcUrls[devnet.originChainId]),
    })
  /** `u` with a smart wallet that batches calls (EIP-5792 over EIP-7702), counting what it asks the user to confirm. */
  const batchingWallet = (u: DevnetAccount) => {
    const provider = devnetBatchingProvider(devnet, u)
    const prompts: Array<string> = []
    const request = (args: { readonly method: string; readonly params?: unknown }) => {
      if (PROMPTS.has(args.method)) prompts.push(args.method)
      return provider.request(args)
    }
    return {
      prompts,
      client: createWalletClient({
        account: provider.address,
        chain: devnet.chains[0]!.viemChain!,
        transport: custom({ request }),
      }),
    }
  }
  const punk = (id: number) => `${punks}:${id}`
  const asks = async (query: string): Promise<Hex[]> =>
    ((await (await fetch(`${devnet.apiUrl}/orders/asks/v5?${query}`)).json()) as { orders: { id: Hex }[] }).orders.map(
      (o) => o.id,
    )
  const [u1, u2, u3, u4, u5] = users as [DevnetAccount, DevnetAccount, DevnetAccount, DevnetAccount, DevnetAccount]

  const actions: Array<[string, () => Promise<unknown>]> = [
    [
      "buy Devnet Punk #1 with ETH (user 3)",
      () =>
        client.actions.buyToken({
          items: [{ token: punk(1) }],
          wallet: wallet(u3),
          onProgress: progressPrinter("buy"),
        }),
    ],
    [
      "buy Devnet Punk #5 with USDC, approving USDC, in ONE wallet confirmation (user 3, a batching wallet)",
      async () => {
        const { client: batching, prompts } = batchingWallet(u3)
        await client.actions.buyToken({
          items: [{ token: punk(5) }],
          options: { currency: usdc },
          wallet: batching,
          onProgress: progressPrinter("buy"),
        })
        out(`    wallet confirmations: ${prompts.length} (${prompts.join(", ")}); reservoir-sdk asks 2`)
        if (prompts.length !== 1) throw new Error(`the USDC buy took ${prompts.length} wallet confirmations, not 1`)
      },
    ],
    [
      `buy with USDC, no ETH, one confirmation: Devnet Punk #${USDC_ONLY_PUNK} for the USDC-only user, gas paid by the devnet's paymaster`,
      async () => {
        const buyer = devnet.accounts.usdcOnlyUser
        const { client: batching, prompts } = batchingWallet(buyer)
        // The chain names the devnet's ERC-7677 paymaster service: the batching wallet has the sponsor pay.
        const sponsored = createClient({
          chains: devnet.chains.map((c) => ({ ...c, paymasterService: { url: devnet.paymasterUrls[c.id]! } })),
          source: "tradekit.demo",
        })
        const node = createPublicClient({ transport: http(devnet.rpcUrls[devnet.originChainId]) })
        await sponsored.actions.buyToken({
          items: [{ token: punk(Number(USDC_ONLY_PUNK)) }],
          wallet: batching,
          onProgress: progressPrinter("buy"),
        })
        await sponsored.dispose()
        const eth = await node.getBalance({ address: buyer.address })
        out(
          `    wallet confirmations: ${prompts.length} (${prompts.join(", ")}); the buyer's ETH: ${eth} wei, before and after`,
        )
        if (prompts.length !== 1 || eth !== 0n)
          throw new Error(`the sponsored buy took ${prompts.length} confirmations and left ${eth} wei`)
      },
    ],
    [
      "sweep Devnet Punks #2, #3, #4 (user 4)",
      () =>
        client.actions.buyToken({
          items: [2, 3, 4].map((id) => ({ token: punk(id) })),
          wallet: wallet(u4),
          onProgress: progressPrinter("sweep"),
        }),
    ],
    [
      "accept the token bid on #7 (user 2)",
      () =>
        client.actions.acceptOffer({
          items: [{ token: punk(7) }],
          wallet: wallet(u2),
          onProgress: progressPrinter("sell"),
        }),
    ],
    [
      "list #13 for 0.5 ETH, approving the collection (user 3)",
      () =>
        client.actions.listToken({
          listings: [{ token: punk(13), weiPrice: parseEther("0.5").toString() }],
          wallet: wallet(u3),
          onProgress: progressPrinter("list"),
        }),
    ],
    [
      "buy that listing (user 5)",
      async () =>
        client.actions.buyToken({
          items: [{ orderId: (await asks(`token=${punk(13)}`))[0] }],
          wallet: wallet(u5),
          onProgress: progressPrinter("buy"),
        }),
    ],
    [
      "bid 0.2 WETH on #14 from a fresh wallet: wrap, approve, sign (user 5)",
      () =>
        client.actions.placeBid({
          bids: [{ token: punk(14), weiPrice: parseEther("0.2").toString() }],
          wallet: wallet(u5),
          onProgress: progressPrinter("bid"),
        }),
    ],
    [
      "accept that bid (user 3)",
      () =>
        client.actions.acceptOffer({
          items: [{ token: punk(14) }],
          wallet: wallet(u3),
          onProgress: progressPrinter("sell"),
        }),
    ],
    [
      "cancel the listing of #6 off-chain (user 1)",
      async () =>
        client.actions.cancelOrder({
          ids: await asks(`token=${punk(6)}`),
          wallet: wallet(u1),
          onProgress: progressPrinter("cancel"),
        }),
    ],
    [
      "cancel the listing of #11 on chain (user 2)",
      async () =>
        client.actions.cancelOrder({
          ids: await asks(`token=${punk(11)}`),
          options: { onChain: true },
          wallet: wallet(u2),
          onProgress: progressPrinter("cancel"),
        }),
    ],
    [
      "transfer #20 and 2 × Edition #1 to user 5 (user 1 / user 4)",
      async () => {
        await client.actions.transferTokens({
          to: u5.address,
          items: [{ token: `${editions}:1`, quantity: 2 }],
          wallet: wallet(u1),
          onProgress: progressPrinter("transfer"),
        })
        return client.actions.transferTokens({
          to: u5.address,
          items: [{ token: punk(20) }],
          wallet: wallet(u4),
          onProgress: progressPrinter("transfer"),
        })
      },
    ],
    [
      "mint 2 Devnet Drops (user 5)",
      () =>
        client.actions.mintToken({
          items: [{ collection: drops, quantity: 2 }],
          wallet: wallet(u5),
          onProgress: progressPrinter("mint"),
        }),
    ],
    [
      "mint on 31338 through a cross-chain call paid on 31337 (user 1)",
      () =>
        client.actions.call({
          toChainId: devnet.destinationChainId,
          txs: [
            {
              to: devnet.contracts.destination.punks,
              data: encodeFunctionData({ abi: devnetERC721Abi, functionName: "mint", args: [u1.address, 1n] }),
              value: parseEther("0.01").toString(),
            },
          ],
          wallet: wallet(u1),
          onProgress: progressPrinter("call"),
        }),
    ],
    [
      "on OpenSea's book: transfer Devnet Punk #9 and 2 × Edition #2 to user 5 in ONE confirmation, planned from the chain (user 2, a batching wallet)",
      async () => {
        const { client: batching, prompts } = batchingWallet(u2)
        await onOpenSea.actions.transferTokens({
          to: u5.address,
          items: [{ token: punk(9) }, { token: `${editions}:2`, quantity: 2 }],
          wallet: batching,
          onProgress: progressPrinter("transfer"),
        })
        out(`    wallet confirmations: ${prompts.length} (${prompts.join(", ")})`)
        if (prompts.length !== 1) throw new Error(`the transfer took ${prompts.length} wallet confirmations, not 1`)
      },
    ],
    [
      "on OpenSea's book: mint 2 from the Devnet Drop through OpenSea's mint route, checked against SeaDrop (user 4)",
      async () => {
        const drop = devnet.openSea.drops.find((d) => d.slug === "devnet-drop")!
        await onOpenSea.actions.mintToken({
          items: [{ collection: drop.contract, quantity: 2 }],
          wallet: wallet(u4),
          onProgress: progressPrinter("mint"),
        })
      },
    ],
  ]
  actions.push(
    [
      "through Relay: mint on 31338 paid by one deposit on 31337, the quote checked before the deposit (user 3)",
      () =>
        onRelay.actions.call({
          chainId: devnet.originChainId,
          toChainId: devnet.destinationChainId,
          txs: [
            {
              to: devnet.contracts.destination.punks,
              data: encodeFunctionData({ abi: devnetERC721Abi, functionName: "mint", args: [u3.address, 1n] }),
              value: parseEther("0.01").toString(),
            },
          ],
          wallet: wallet(u3),
          onProgress: progressPrinter("relay call"),
        }),
    ],
    [
      "through Relay: buy a fresh OpenSea listing on 31337, paying on 31338, the token sent to the buyer (user 5)",
      async () => {
        const [listing] = await listForSweep(devnet, u1, 1, parseEther("0.02"))
        const tokenId = listing!.tokenId
        const payingChain = devnet.chains.find((c) => c.id === devnet.destinationChainId)!.viemChain!
        await acrossOpenSea.actions.buyToken({
          chainId: devnet.originChainId,
          items: [{ token: `${punks}:${tokenId}` }],
          options: { currencyChainId: devnet.destinationChainId },
          wallet: createWalletClient({
            account: u5.account,
            chain: payingChain,
            transport: http(devnet.rpcUrls[devnet.destinationChainId]),
          }),
          onProgress: progressPrinter("relay buy"),
        })
        const node = createPublicClient({ transport: http(devnet.rpcUrls[devnet.originChainId]) })
        const owner = await node.readContract({
          address: punks,
          abi: devnetERC721Abi,
          functionName: "ownerOf",
          args: [tokenId],
        })
        out(`    Devnet Punk #${tokenId} on 31337 now belongs to ${owner} (user 5)`)
        if (owner !== u5.address) throw new Error(`Devnet Punk #${tokenId} went to ${owner}, not the buyer`)
      },
    ],
  )
  try {
    for (const [title, run] of actions) {
      const t = performance.now()
      out(`\n▶ ${title}`)
      await run()
      out(`  ✔ done in ${Math.round(performance.now() - t)} ms`)
    }
  } finally {
    await Promise.all([client.dispose(), onOpenSea.dispose(), onRelay.dispose(), acrossOpenSea.dispose()])
  }
}
