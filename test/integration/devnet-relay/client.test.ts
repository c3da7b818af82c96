/**
 * tradekit's Relay book on the devnet's Relay: `actions.call` quotes Relay, holds the quote to the calls asked before
 * the deposit, deposits, tells Relay, follows its status and ends when the calls are made on the destination chain;
 * a destination revert ends in a CrossChainTransactionError carrying the refund, paid back on the origin chain; a
 * hostile quote is refused with nothing sent.
 */
import * as Layer from "effect/Layer"
import {
  type Address,
  createWalletClient,
  decodeFunctionData,
  encodeFunctionData,
  erc721Abi,
  type Hex,
  http,
  parseEther,
  zeroAddress,
} from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { devnetERC721Abi, relayDepositoryAbi } from "../../../devnet/artifacts/index.js"
import { devnetPublicClient } from "../../../devnet/chain/deploy.js"
import { type Devnet, startDevnet } from "../../../devnet/index.js"
import { type RelayOrder, relayOrderId } from "../../../devnet/relay/order.js"
import { relay } from "../../../src/apis/relay/index.js"
import { createClientWithLayer } from "../../../src/client/createClientWithLayer.js"
import type { ReservoirClient } from "../../../src/client/ReservoirClient.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import { HttpTransport } from "../../../src/services/HttpTransport.js"
import { PROMPTS } from "../devnet/fixture.js"
import { recordingWallet } from "./fixture.js"

let devnet: Devnet
let client: ReservoirClient
/** Relay's routes tradekit asked, as `METHOD path`. */
const asked: Array<string> = []
/** When set, rewrites Relay's next quote as a hostile API would. */
let tamper: ((quote: any) => unknown) | undefined
/** Called after each quote answer. */
let onQuote: (() => void) | undefined
/** When set, rewrites Relay's status answers. */
let tamperStatus: ((status: any) => unknown) | undefined

beforeAll(async () => {
  devnet = await startDevnet({ seed: false })
  const fetchRelay: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    asked.push(`${init?.method ?? "GET"} ${url.pathname}`)
    const response = await globalThis.fetch(input, init)
    const rewriteStatus = tamperStatus
    if (url.pathname.endsWith("/intents/status/v3") && rewriteStatus !== undefined && response.status === 200)
      return new Response(JSON.stringify(rewriteStatus(await response.json())), {
        status: 200,
        headers: { "content-type": "application/json" },
      })
    if (!url.pathname.endsWith("/quote/v2")) return response
    onQuote?.()
    const rewrite = tamper
    if (rewrite === undefined || response.status !== 200) return response
    tamper = undefined
    return new Response(JSON.stringify(rewrite(await response.json())), {
      status: 200,
      headers: { "content-type": "application/json" },
    })
  }
  const depositories = Object.fromEntries(
    Object.entries(devnet.relay.chains).map(([id, contracts]) => [id, contracts.depository]),
  )
  client = createClientWithLayer(
    { chains: devnet.chains, book: relay({ apiBaseUrl: devnet.relay.apiUrl, depositories }) },
    Layer.fresh(HttpTransport.layerFetch(fetchRelay)),
  )
})
afterAll(async () => {
  await client?.dispose()
  await devnet?.stop()
})

const user = (n: number) => devnet.accounts.users[n - 1]!
const origin = () =>
  devnetPublicClient({ chainId: devnet.originChainId, rpcUrl: devnet.rpcUrls[devnet.originChainId]! })
const destination = () =>
  devnetPublicClient({ chainId: devnet.destinationChainId, rpcUrl: devnet.rpcUrls[devnet.destinationChainId]! })
const punksOf = (owner: Address) =>
  destination().readContract({
    address: devnet.contracts.destination.punks,
    abi: erc721Abi,
    functionName: "balanceOf",
    args: [owner],
  })
const mintCall = (to: Address, quantity: bigint) => ({
  to: devnet.contracts.destination.punks,
  data: encodeFunctionData({ abi: devnetERC721Abi, functionName: "mint", args: [to, quantity] }),
  value: parseEther("0.01") * quantity,
})
/** User `n`'s wallet on the origin chain; `methods` records what it is asked, `before` runs before each prompt. */
const walletOf = (n: number, methods: Array<string> = [], before?: () => Promise<void>) =>
  recordingWallet(devnet, devnet.originChainId, user(n).account, methods, before)
const prompts = (methods: ReadonlyArray<string>) => methods.filter((method) => PROMPTS.has(method))
const call = (n: number, txs: ReadonlyArray<ReturnType<typeof mintCall>>, wallet = walletOf(n)) =>
  client.actions.call({ chainId: devnet.originChainId, toChainId: devnet.destinationChainId, txs, wallet })

describe("cross-chain calls through Relay", () => {
  it("a call made on the destination chain, paid by one deposit on the origin, told to Relay", async () => {
    const methods: Array<string> = []
    const before = await punksOf(user(1).address)
    const stages: Array<string> = []
    await expect(
      client.actions.call({
        chainId: devnet.originChainId,
        toChainId: devnet.destinationChainId,
        txs: [mintCall(user(1).address, 1n)],
        wallet: walletOf(1, methods),
        onProgress: (steps) => {
          const stage = steps[0]?.items?.[0]?.checkStatus
          if (stage !== undefined && stages.at(-1) !== stage) stages.push(stage)
        },
      }),
    ).resolves.toBe(true)
    // Relay's own statuses reach the caller as the item's checkStatus, ending in success.
    expect(stages.at(-1)).toBe("success")
    expect(prompts(methods)).toHaveLength(1)
    expect((await punksOf(user(1).address)) - before).toBe(1n)
    expect(asked).toContain("POST /quote/v2")
    expect(asked).toContain("GET /intents/status/v3")
  })

  it("a destination revert ends in a CrossChainTransactionError carrying the refund on the origin chain", async () => {
    // Two calls for 3 tokens each to user 3 (5 at most per wallet): both quoted before either fills, so the second
    // fill reverts and Relay refunds it.
    let quotes = 0
    let bothQuoted: () => void = () => undefined
    const quoted = new Promise<void>((resolve) => {
      bothQuoted = resolve
    })
    onQuote = () => {
      quotes += 1
      if (quotes === 2) bothQuoted()
    }
    const results = await Promise.allSettled([
      call(
        2,
        [mintCall(user(3).address, 3n)],
        walletOf(2, [], () => quoted),
      ),
      call(
        4,
        [mintCall(user(3).address, 3n)],
        walletOf(4, [], () => quoted),
      ),
    ])
    onQuote = undefined
    const refused = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []))
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1)
    expect(refused).toHaveLength(1)
    expect(refused[0]).toMatchObject({
      _tag: "CrossChainTransactionError",
      refund: { chainId: devnet.originChainId, currency: zeroAddress },
    })
    const refund = await origin().getTransactionReceipt({ hash: refused[0].refund.txHash as Hex })
    expect(refund.status).toBe("success")
    expect(await punksOf(user(3).address)).toBe(3n)
  })

  it("a resume after the deposit asks no new quote: it follows the stored request, and deposits nothing more", async () => {
    const snapshots: Array<ExecutionSnapshot> = []
    await client.actions.call({
      chainId: devnet.originChainId,
      toChainId: devnet.destinationChainId,
      txs: [mintCall(user(2).address, 1n)],
      wallet: walletOf(2),
      onSnapshot: (snapshot) => snapshots.push(snapshot),
    })
    // The page went away once the deposit was sent: the snapshot stored then has its hash, not its outcome.
    const sent = snapshots.find((snapshot) => (snapshot.journal ?? []).some((entry) => entry._tag === "Sent"))
    expect(sent).toBeDefined()
    const stored = JSON.parse(JSON.stringify(sent)) as ExecutionSnapshot
    const quotes = asked.filter((request) => request === "POST /quote/v2").length
    const nonce = await origin().getTransactionCount({ address: user(2).address })
    const methods: Array<string> = []
    await expect(client.resume({ snapshot: stored, wallet: walletOf(2, methods) })).resolves.toBe(true)
    expect(asked.filter((request) => request === "POST /quote/v2").length).toBe(quotes)
    expect(prompts(methods)).toEqual([])
    expect(await origin().getTransactionCount({ address: user(2).address })).toBe(nonce)
  })

  it("Relay's success is read on the destination chain: a reverted destination transaction fails the call", async () => {
    // A transaction that reverted on the destination chain: a mint paid nothing.
    const chain = devnet.chains.find((c) => c.id === devnet.destinationChainId)!.viemChain!
    const sender = createWalletClient({
      account: user(5).account,
      chain,
      transport: http(devnet.rpcUrls[devnet.destinationChainId]),
    })
    const reverted = await sender.sendTransaction({ ...mintCall(user(5).address, 1n), value: 0n, gas: 200_000n })
    expect((await destination().waitForTransactionReceipt({ hash: reverted })).status).toBe("reverted")
    tamperStatus = (status) => ({ ...status, status: "success", txHashes: [reverted] })
    try {
      await expect(call(5, [mintCall(user(5).address, 1n)])).rejects.toMatchObject({ _tag: "TransactionFailedError" })
    } finally {
      tamperStatus = undefined
    }
  })

  const hostile: ReadonlyArray<readonly [string, string, (quote: any) => unknown]> = [
    ["deposits to another address", "target", (q) => withDeposit(q, { to: devnet.contracts.origin.weth })],
    [
      "changes the destination calls",
      "calldata",
      (q) => withOrder(q, (o) => ({ ...o, output: { ...o.output, calls: [] } })),
    ],
    ["refunds a stranger", "recipient", (q) => withRefund(q, user(1).address)],
    [
      "makes the calls on another chain",
      "chain",
      (q) => withOrder(q, (o) => ({ ...o, output: { ...o.output, chainId: "1" } })),
    ],
    [
      "asks more than the calls' value and the fee bound",
      "payment",
      (q) => withDeposit(q, { value: parseEther("1").toString() }),
    ],
    ["carries no protocol data", "order", (q) => ({ ...q, protocol: undefined })],
  ]
  it.each(hostile)("refuses a quote that %s, before the deposit: nothing sent", async (_, check, rewrite) => {
    const methods: Array<string> = []
    tamper = rewrite
    await expect(call(5, [mintCall(user(5).address, 1n)], walletOf(5, methods))).rejects.toMatchObject({
      _tag: "OrderCheckError",
      book: "relay",
      check,
    })
    expect(tamper).toBeUndefined()
    expect(prompts(methods)).toEqual([])
  })
})

/** The quote with its deposit transaction's fields replaced. */
function withDeposit(quote: any, data: Record<string, unknown>) {
  const [step] = quote.steps
  return { ...quote, steps: [{ ...step, items: [{ ...step.items[0], data: { ...step.items[0].data, ...data } }] }] }
}
/**
 * The quote with its order changed, made consistent as a hostile Relay would: the order id recomputed (the devnet's
 * algorithm, checked against Relay's SDK) and named by the deposit, so that only the rule behind can refuse it.
 */
function withOrder(quote: any, change: (order: any) => unknown) {
  const orderData = change(quote.protocol.v2.orderData) as RelayOrder
  const orderId = relayOrderId(orderData)
  const { args } = decodeFunctionData({ abi: relayDepositoryAbi, data: quote.steps[0].items[0].data.data })
  const data = encodeFunctionData({
    abi: relayDepositoryAbi,
    functionName: "depositNative",
    args: [args[0] as Address, orderId],
  })
  return withDeposit({ ...quote, protocol: { v2: { ...quote.protocol.v2, orderId, orderData } } }, { data })
}
/** The quote whose order refunds `recipient`. */
function withRefund(quote: any, recipient: Address) {
  return withOrder(quote, (o) => ({
    ...o,
    inputs: o.inputs.map((input: any) => ({
      ...input,
      refunds: input.refunds.map((refund: any) => ({ ...refund, recipient })),
    })),
  }))
}
