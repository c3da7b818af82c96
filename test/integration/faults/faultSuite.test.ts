/**
 * The fault suite: 200 seeded random actions (buy, list, bid, sell, cancel, transfer, mint), each valid on the
 * devnet's current state, run through tradekit's Effect actions while about a fifth of the API's answers are
 * faulty (5xx/408, connection resets, hangs past the client's timeout, malformed JSON, 429 with Retry-After)
 * and some transactions are dropped from the pool or sped up. Every action must end complete or with a typed
 * error, no step item may be sent twice, nothing undecodable may be signed, no promise may be left rejected,
 * and the chain must agree with what each action reported: a failed listing or bid leaves no active order of
 * its maker in the book, and every transaction a user account landed on chain was sent once by one wallet call
 * (read back from the blocks, not from the wallet's own count). The summary goes to test-output/fault-suite.json.
 *
 * Reproduce a run with FAULT_SEED=<seed> (printed in the summary). The action plan and the fault decisions are
 * seeded; which request meets which fault also depends on timing (polls), so a rerun is close, not identical.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as SchemaAST from "effect/SchemaAST"
import { type Address, type Hex, type PublicClient, parseEther } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { devnetERC721Abi } from "../../../devnet/artifacts/index.js"
import { devnetPublicClient } from "../../../devnet/chain/deploy.js"
import { type Devnet, type DevnetAccount, type EndpointFault, startDevnet } from "../../../devnet/index.js"
import { bid } from "../../../src/actions/bid.js"
import { buy } from "../../../src/actions/buy.js"
import { cancel } from "../../../src/actions/cancel.js"
import { list } from "../../../src/actions/list.js"
import { mint } from "../../../src/actions/mint.js"
import { sell } from "../../../src/actions/sell.js"
import { transfer } from "../../../src/actions/transfer.js"
import * as Errors from "../../../src/errors/index.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import { fromViemWalletClient } from "../../../src/services/viemWallet.js"
import { Wallet } from "../../../src/services/Wallet.js"
import { Tradekit } from "../../../src/Tradekit.js"
import { apiGet, reads, walletClientOf } from "../devnet/fixture.js"
import { type ChainFault, makeWalletRecord, recordingWallet } from "./recordingWallet.js"

const SEED = Number(process.env.FAULT_SEED ?? 20240607)
const ACTIONS = 200
const HTTP_TIMEOUT_MS = 400

/** The tag of an error class: a Schema.TaggedError class declares it as its `_tag` field, a literal schema. */
const tagOf = (value: unknown): unknown => {
  const ast = (value as { fields?: { _tag?: { ast?: SchemaAST.AST } } }).fields?._tag?.ast
  return ast !== undefined && SchemaAST.isLiteral(ast) ? ast.literal : undefined
}

const ERROR_TAGS: ReadonlySet<string> = new Set(
  Object.values(Errors).flatMap((value) => {
    const tag = tagOf(value)
    return typeof value === "function" && typeof tag === "string" ? [tag] : []
  }),
)

/** mulberry32, as the devnet's fault injector uses. */
const seeded = (seed: number) => {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <A>(list: ReadonlyArray<A>): A => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  }
}

/** The faults of every endpoint tradekit calls. The harness's own reads (/orders, /tokens) are not faulted. */
const clientFault: EndpointFault = {
  errorRate: 0.09,
  errorStatuses: [500, 502, 503, 504, 408],
  malformedRate: 0.04,
  resetRate: 0.04,
  hangRate: 0.02,
  hangMs: HTTP_TIMEOUT_MS + 200,
}
const faultConfig = {
  "/execute/*": clientFault,
  "/order/*": clientFault,
  "/transactions/*": clientFault,
  "/tokens/refresh/*": clientFault,
  "/transfers/*": { ...clientFault, rateLimit: { limit: 3, windowMs: 1000, retryAfterSeconds: 1 } },
}

type Kind = "buy" | "list" | "bid" | "sell" | "cancel" | "transfer" | "mint"

interface Planned {
  readonly kind: Kind
  readonly user: DevnetAccount
  readonly describe: string
  readonly run: (onProgress: (s: ExecutionSnapshot) => Effect.Effect<void>) => Effect.Effect<unknown, unknown, any>
  /** Checks the chain and the book after the action; returns what disagrees with the outcome. */
  readonly verify: (
    completed: boolean,
    last: ExecutionSnapshot | undefined,
    sent: boolean,
  ) => Promise<ReadonlyArray<string>>
  /** The action sends a transaction (so a chain fault can be armed). */
  readonly sends: boolean
}

interface Summary {
  seed: number
  actions: number
  byKind: Record<string, { completed: number; failed: number }>
  completed: number
  typedFailures: number
  untypedFailures: number
  failureTags: Record<string, number>
  requestsToFaultedEndpoints: number
  faultsInjected: {
    error: number
    malformed: number
    reset: number
    timeout: number
    rateLimited: number
    total: number
    rate: number
  }
  chainFaults: { drop: number; replace: number }
  itemsSent: number
  sendsPerItemMax: number
  /** Transactions of the user accounts found in the blocks mined during the run. */
  transactionsLanded: number
  /** Landed transactions that repeat an earlier one of the same action (same to, data and value). */
  transactionsLandedTwice: number
  /** Landed transactions no wallet call of the suite returned (nor the devnet's replacement of one). */
  transactionsNotFromAWalletCall: number
  signaturesOverUndecodableData: number
  unhandledRejections: number
  stateMismatches: number
  durationMs: number
}

let devnet: Devnet
let unhandled = 0
const onUnhandled = () => {
  unhandled++
}

beforeAll(async () => {
  process.on("unhandledRejection", onUnhandled)
  devnet = await startDevnet({ faultSeed: SEED, checkPollingInterval: 50 })
}, 60_000)

afterAll(async () => {
  process.off("unhandledRejection", onUnhandled)
  await devnet?.stop()
})

describe("fault suite", () => {
  it(`${ACTIONS} seeded random actions under API and chain faults end complete or typed, and the chain agrees`, async () => {
    const started = performance.now()
    const rng = seeded(SEED)
    const r = reads(devnet)
    const origin = devnetPublicClient({ chainId: devnet.originChainId, rpcUrl: devnet.rpcUrls[devnet.originChainId]! })
    const { punks, drops, weth, usdc } = devnet.contracts.origin
    const users = devnet.accounts.users
    const other = (u: DevnetAccount) => rng.pick(users.filter((v) => v.address !== u.address))
    const record = makeWalletRecord()
    const armed: { fault: ChainFault | undefined } = { fault: undefined }

    const layerFor = (user: DevnetAccount, action: number) =>
      Layer.merge(
        Tradekit.layer({
          chains: devnet.chains,
          apiKey: "fault-suite-key",
          retry: { times: 4, baseDelay: "20 millis", maxDelay: "200 millis" },
          httpTimeout: HTTP_TIMEOUT_MS,
          maxPollingAttemptsBeforeTimeout: 80,
        }),
        Layer.succeed(
          Wallet,
          recordingWallet(
            fromViemWalletClient(walletClientOf(devnet, user), {
              publicClients: { [devnet.originChainId]: origin },
              receiptPollingInterval: 50,
              syncReceiptWait: 100,
            }),
            record,
            action,
            devnet,
            armed,
          ),
        ),
      )

    // ------------------------------------------------------------------ state reads (never faulted)
    const supply = async (collection: Address) =>
      Number(await origin.readContract({ address: collection, abi: devnetERC721Abi, functionName: "totalSupply" }))
    const ownerOf = (collection: Address, id: bigint) => r.ownerOf(collection, id) as Promise<Address>
    const punkOwners = async () => {
      const n = await supply(punks)
      const owners = await Promise.all(Array.from({ length: n }, (_, i) => ownerOf(punks, BigInt(i + 1))))
      return owners.map((owner, i) => ({ id: BigInt(i + 1), owner }))
    }
    const ownedBy = async (user: DevnetAccount) => (await punkOwners()).filter((t) => t.owner === user.address)
    type BookRow = {
      id: Hex
      maker: Address
      contract: Address
      price: { currency: { contract: Address }; amount: { raw: string } }
      criteria: { kind: string; data: { token?: { tokenId: string } } }
    }
    const activeAsks = async () =>
      (await apiGet<{ orders: BookRow[] }>(devnet, `/orders/asks/v5?contracts=${punks}`)).orders
    const activeBids = async (query: string) =>
      (await apiGet<{ orders: BookRow[] }>(devnet, `/orders/bids/v6?${query}`)).orders
    const mintedBy = (collection: Address, user: Address) =>
      origin.readContract({ address: collection, abi: devnetERC721Abi, functionName: "mintedBy", args: [user] })
    const orderIdsOf = (last: ExecutionSnapshot | undefined) =>
      (last?.steps ?? [])
        .flatMap((s) => (s.id === "order-signature" ? (s.items ?? []).flatMap((i) => i.orderData ?? []) : []))
        .map((o) => o.orderId as Hex)
    const activeOrderIdsOf = async (maker: Address, side: "asks" | "bids") =>
      new Set(
        (
          await apiGet<{ orders: BookRow[] }>(devnet, `/orders/${side}/${side === "asks" ? "v5" : "v6"}?maker=${maker}`)
        ).orders.map((o) => o.id.toLowerCase()),
      )
    /**
     * What a listing or bid left in the book: actions run one at a time and only an action's maker makes orders,
     * so the maker's active orders on that side that were not active before the action are the action's.
     */
    const orderOutcome = async (
      what: string,
      maker: Address,
      side: "asks" | "bids",
      before: ReadonlySet<string>,
      completed: boolean,
      last: ExecutionSnapshot | undefined,
    ) => {
      const created = [...(await activeOrderIdsOf(maker, side))].filter((id) => !before.has(id))
      if (!completed)
        return created.length === 0
          ? []
          : [`failed ${what}, yet the maker has new active orders in the book: ${created.join(", ")}`]
      const [id] = orderIdsOf(last)
      return id !== undefined && created.length === 1 && created[0] === id.toLowerCase()
        ? []
        : [`completed ${what} ${id}, but the maker's new active orders in the book are [${created.join(", ")}]`]
    }
    const bidderCanPay = async (row: BookRow) => {
      const price = BigInt(row.price.amount.raw)
      return (
        row.price.currency.contract.toLowerCase() === weth.toLowerCase() &&
        (await r.erc20(weth, row.maker)) >= price &&
        (await r.allowance(weth, row.maker)) >= price
      )
    }

    // ------------------------------------------------------------------ planning: one valid action on the current state
    const plan = async (kind: Kind): Promise<Planned | undefined> => {
      switch (kind) {
        case "buy": {
          const owners = new Map((await punkOwners()).map((t) => [t.id, t.owner]))
          const candidates = (await activeAsks()).filter(
            (o) => o.criteria.kind === "token" && owners.get(BigInt(o.criteria.data.token!.tokenId)) === o.maker,
          )
          if (candidates.length === 0) return undefined
          const order = rng.pick(candidates)
          const tokenId = BigInt(order.criteria.data.token!.tokenId)
          const inUsdc = order.price.currency.contract.toLowerCase() === usdc.toLowerCase()
          const buyers = users.filter((u) => u.address !== order.maker && (!inUsdc || u.index <= 4))
          const user = rng.pick(buyers)
          return {
            kind,
            user,
            sends: true,
            describe: `user ${user.index} buys punk ${tokenId} (${order.id.slice(0, 10)})`,
            run: (onProgress) => buy({ items: [{ orderId: order.id }], onProgress }),
            verify: async (completed, _last, sent) => {
              const owner = await ownerOf(punks, tokenId)
              if (completed)
                return owner === user.address && (await r.orderStatus(order.id)) === "filled"
                  ? []
                  : [`completed buy but owner ${owner}`]
              return !sent && owner !== order.maker
                ? [`failed buy with nothing sent, yet punk ${tokenId} moved to ${owner}`]
                : []
            },
          }
        }
        case "list": {
          const user = rng.pick(users)
          const mine = await ownedBy(user)
          if (mine.length === 0) return undefined
          const token = rng.pick(mine)
          const inUsdc = rng.chance(0.2)
          const weiPrice = inUsdc
            ? String(rng.int(1, 200) * 1_000_000)
            : String(parseEther("0.01") * BigInt(rng.int(1, 30)))
          const before = await activeOrderIdsOf(user.address, "asks")
          return {
            kind,
            user,
            sends: false,
            describe: `user ${user.index} lists punk ${token.id} for ${weiPrice}${inUsdc ? " USDC" : ""}`,
            run: (onProgress) =>
              list({
                listings: [
                  {
                    token: `${punks}:${token.id}`,
                    weiPrice,
                    orderbook: "reservoir",
                    ...(inUsdc ? { currency: usdc } : {}),
                  },
                ],
                onProgress,
              }),
            verify: (completed, last) => orderOutcome("listing", user.address, "asks", before, completed, last),
          }
        }
        case "bid": {
          const user = rng.pick(users)
          const owners = await punkOwners()
          const others = owners.filter((t) => t.owner !== user.address)
          if (others.length === 0) return undefined
          const target = rng.chance(0.8) ? { token: `${punks}:${rng.pick(others).id}` } : { collection: punks }
          const weiPrice = String(parseEther("0.001") * BigInt(rng.int(1, 40)))
          const before = await activeOrderIdsOf(user.address, "bids")
          return {
            kind,
            user,
            sends: true,
            describe: `user ${user.index} bids ${weiPrice} on ${JSON.stringify(target)}`,
            run: (onProgress) => bid({ bids: [{ ...target, weiPrice }], onProgress }),
            verify: async (completed, last) => {
              const problems = await orderOutcome("bid", user.address, "bids", before, completed, last)
              if (completed && (await r.erc20(weth, user.address)) < BigInt(weiPrice))
                problems.push(`completed bid but the bidder holds less WETH than ${weiPrice}`)
              return problems
            },
          }
        }
        case "sell": {
          const owners = await punkOwners()
          const shuffled = [...owners].sort(() => rng.next() - 0.5)
          for (const token of shuffled.slice(0, 8)) {
            const seller = users.find((u) => u.address === token.owner)
            if (seller === undefined) continue
            const bids = []
            for (const row of await activeBids(`token=${punks}:${token.id}`)) {
              if (row.maker !== seller.address && (await bidderCanPay(row))) bids.push(row)
            }
            if (bids.length === 0) continue
            const order = rng.pick(bids)
            return {
              kind,
              user: seller,
              sends: true,
              describe: `user ${seller.index} sells punk ${token.id} into ${order.criteria.kind} bid ${order.id.slice(0, 10)}`,
              run: (onProgress) => sell({ items: [{ token: `${punks}:${token.id}`, orderId: order.id }], onProgress }),
              verify: async (completed, _last, sent) => {
                const owner = await ownerOf(punks, token.id)
                if (completed)
                  return owner === order.maker && (await r.orderStatus(order.id)) === "filled"
                    ? []
                    : [`completed sale but owner ${owner}`]
                return !sent && owner !== seller.address
                  ? [`failed sale with nothing sent, yet punk ${token.id} moved to ${owner}`]
                  : []
              },
            }
          }
          return undefined
        }
        case "cancel": {
          const rows = [
            ...(await activeAsks()).map((o) => ({ ...o, side: "asks" as const })),
            ...(await activeBids(`contracts=${punks}`)).map((o) => ({ ...o, side: "bids" as const })),
          ]
          const mine = rows.filter((o) => users.some((u) => u.address === o.maker))
          if (mine.length === 0) return undefined
          const order = rng.pick(mine)
          const user = users.find((u) => u.address === order.maker)!
          const variant = rng.pick([{}, { signatureKind: "eip712" }, { onChain: true }] as const)
          const nonceBefore = await r.nonce(user.address)
          return {
            kind,
            user,
            sends: "onChain" in variant,
            describe: `user ${user.index} cancels ${order.side} ${order.id.slice(0, 10)} ${JSON.stringify(variant)}`,
            run: (onProgress) => cancel({ orderIds: [order.id], options: variant, onProgress }),
            verify: async (completed, _last, sent) => {
              const status = await r.orderStatus(order.id)
              if (completed)
                return status === "cancelled" ? [] : [`completed cancel but the order is ${status} on chain`]
              if (!sent && (await r.nonce(user.address)) !== nonceBefore)
                return ["failed cancel with nothing sent, yet the maker's nonce moved"]
              return status === "filled" ? [`failed cancel, and the order is filled`] : []
            },
          }
        }
        case "transfer": {
          const user = rng.pick(users)
          const mine = await ownedBy(user)
          if (mine.length === 0) return undefined
          const token = rng.pick(mine)
          const to = other(user)
          return {
            kind,
            user,
            sends: true,
            describe: `user ${user.index} transfers punk ${token.id} to user ${to.index}`,
            run: (onProgress) => transfer({ to: to.address, items: [{ token: `${punks}:${token.id}` }], onProgress }),
            verify: async (completed, _last, sent) => {
              const owner = await ownerOf(punks, token.id)
              if (completed) return owner === to.address ? [] : [`completed transfer but owner ${owner}`]
              return !sent && owner !== user.address
                ? [`failed transfer with nothing sent, yet punk ${token.id} moved`]
                : []
            },
          }
        }
        case "mint": {
          const user = rng.pick(users)
          const paid = rng.chance(0.4)
          const collection = paid ? punks : drops
          const already = await mintedBy(collection, user.address)
          const limit = paid ? 5n : 10n
          if (already >= limit) return undefined
          const quantity = rng.int(1, Number(limit - already > 2n ? 2n : limit - already))
          return {
            kind,
            user,
            sends: true,
            describe: `user ${user.index} mints ${quantity} of ${paid ? "punks" : "drops"}`,
            run: (onProgress) => mint({ items: [{ collection, quantity }], onProgress }),
            verify: async (completed, last, sent) => {
              const after = await mintedBy(collection, user.address)
              if (completed) {
                const transfers = (last?.steps ?? []).flatMap((s) =>
                  (s.items ?? []).flatMap((i) => i.transfersData ?? []),
                )
                const owners = await Promise.all(transfers.map((t) => ownerOf(collection, BigInt(t.token!.tokenId))))
                const problems =
                  after === already + BigInt(quantity)
                    ? []
                    : [`completed mint of ${quantity} but minted ${after - already}`]
                if (transfers.length !== quantity)
                  problems.push(`completed mint reports ${transfers.length} transfers for ${quantity}`)
                if (owners.some((o) => o !== user.address)) problems.push("a minted token reported is not the taker's")
                return problems
              }
              return !sent && after !== already ? ["failed mint with nothing sent, yet tokens were minted"] : []
            },
          }
        }
      }
    }

    // ------------------------------------------------------------------ run
    const weights: ReadonlyArray<readonly [Kind, number]> = [
      ["buy", 18],
      ["list", 16],
      ["bid", 14],
      ["sell", 14],
      ["cancel", 12],
      ["transfer", 10],
      ["mint", 16],
    ]
    const pickKind = (): Kind => {
      let roll = rng.next() * weights.reduce((sum, [, w]) => sum + w, 0)
      for (const [kind, w] of weights) if ((roll -= w) < 0) return kind
      return "mint"
    }

    const summary: Summary = {
      seed: SEED,
      actions: 0,
      byKind: {},
      completed: 0,
      typedFailures: 0,
      untypedFailures: 0,
      failureTags: {},
      requestsToFaultedEndpoints: 0,
      faultsInjected: { error: 0, malformed: 0, reset: 0, timeout: 0, rateLimited: 0, total: 0, rate: 0 },
      chainFaults: { drop: 0, replace: 0 },
      itemsSent: 0,
      sendsPerItemMax: 0,
      transactionsLanded: 0,
      transactionsLandedTwice: 0,
      transactionsNotFromAWalletCall: 0,
      signaturesOverUndecodableData: 0,
      unhandledRejections: 0,
      stateMismatches: 0,
      durationMs: 0,
    }
    const problems: Array<string> = []
    const labels: Array<string> = []
    /** The head after each action: a transaction no wallet call returned is put down to the action it landed in. */
    const lastBlockOf: Array<bigint> = []
    const firstBlock = (await origin.getBlockNumber()) + 1n
    const noncesBefore = await Promise.all(users.map((u) => r.nonce(u.address)))
    devnet.faults.configure({ seed: SEED, endpoints: faultConfig })

    for (let index = 0; index < ACTIONS; index++) {
      let planned: Planned | undefined
      // A kind can have no valid action on the current state (no live listing, a user at the mint limit): draw again.
      for (let tries = 0; planned === undefined && tries < 30; tries++) planned = await plan(pickKind())
      if (planned === undefined) throw new Error(`seed ${SEED}: no valid action at #${index}`)
      const chainFault: ChainFault | undefined =
        planned.sends && rng.chance(0.1) ? (rng.chance(0.6) ? "replace" : "drop") : undefined
      if (chainFault !== undefined) {
        armed.fault = chainFault
        await devnet.faults.setAutomine(devnet.originChainId, false)
      }
      let last: ExecutionSnapshot | undefined
      const exit = await Effect.runPromiseExit(
        planned
          .run((snapshot) => Effect.sync(() => void (last = snapshot)))
          .pipe(Effect.provide(layerFor(planned.user, index))) as Effect.Effect<unknown, unknown>,
      )
      armed.fault = undefined
      await devnet.faults.setAutomine(devnet.originChainId, true)
      await devnet.sync()

      const entry = (summary.byKind[planned.kind] ??= { completed: 0, failed: 0 })
      summary.actions++
      const label = `#${index} ${planned.describe}${chainFault ? ` [${chainFault}]` : ""}`
      labels.push(label)
      lastBlockOf.push(await origin.getBlockNumber())
      if (Exit.isSuccess(exit)) {
        summary.completed++
        entry.completed++
      } else {
        entry.failed++
        const died = Cause.hasDies(exit.cause)
        const failure = Cause.findErrorOption(exit.cause)
        const tag = Option.isSome(failure) ? (failure.value as { _tag?: unknown })?._tag : undefined
        if (!died && typeof tag === "string" && ERROR_TAGS.has(tag)) {
          summary.typedFailures++
          summary.failureTags[tag] = (summary.failureTags[tag] ?? 0) + 1
        } else {
          summary.untypedFailures++
          problems.push(`${label}: untyped failure ${Cause.pretty(exit.cause)}`)
        }
      }
      const sent = (record.sentByAction.get(index) ?? []).length > 0
      for (const p of await planned.verify(Exit.isSuccess(exit), last, sent)) {
        summary.stateMismatches++
        problems.push(`${label}: ${p}`)
      }
      // A failed action never reports its failing item complete; every completed item's transaction succeeded.
      for (const step of last?.steps ?? []) {
        for (const item of step.items ?? []) {
          if (item.status !== "complete") continue
          for (const { txHash } of item.internalTxHashes ?? []) {
            const receipt = await origin.getTransactionReceipt({ hash: txHash as Hex }).catch(() => undefined)
            if (receipt?.status !== "success") {
              summary.stateMismatches++
              problems.push(
                `${label}: item of ${step.id} reported complete, but its transaction ${txHash} is ${receipt?.status ?? "not mined"}`,
              )
            }
          }
        }
      }
    }

    const stats = devnet.faults.stats()
    devnet.faults.reset()

    // ------------------------------------------------------------------ every send, read back from the chain
    // A transaction still pending (its action ended before it was mined) lands now, so it is counted like any
    // other; the blocks and the nonces are then read at one head, which nothing mined later can move.
    await devnet.faults.mine(devnet.originChainId)
    const head = await origin.getBlockNumber()
    const landed = await transactionsFrom(origin, firstBlock, head, new Set(users.map((u) => u.address.toLowerCase())))
    const actionOfHash = new Map<string, number>()
    for (const [action, hashes] of record.sentByAction)
      for (const hash of hashes) actionOfHash.set(hash.toLowerCase(), action)
    for (const f of record.chainFaults)
      if (f.replacement !== undefined) actionOfHash.set(f.replacement.toLowerCase(), f.action)
    const landedCalls = new Map<string, { nonce: number; hash: Hex }>()
    for (const tx of landed) {
      let action = actionOfHash.get(tx.hash.toLowerCase())
      if (action === undefined) {
        action = lastBlockOf.findIndex((last) => tx.blockNumber <= last)
        summary.transactionsNotFromAWalletCall++
        problems.push(
          `${labels[action] ?? "after the last action"}: transaction ${tx.hash} (nonce ${tx.nonce} of ${tx.from}) landed, but no wallet call returned it`,
        )
      }
      const call = `${action}:${tx.to}:${tx.input}:${tx.value}`
      const earlier = landedCalls.get(call)
      if (earlier !== undefined) {
        summary.transactionsLandedTwice++
        problems.push(
          `${labels[action]}: the same transaction landed twice, ${earlier.hash} (nonce ${earlier.nonce}) and ${tx.hash} (nonce ${tx.nonce})`,
        )
      }
      landedCalls.set(call, { nonce: tx.nonce, hash: tx.hash })
    }
    summary.transactionsLanded = landed.length
    const noncesAfter = await Promise.all(
      users.map((u) => origin.getTransactionCount({ address: u.address, blockNumber: head })),
    )
    const nonceMoves = noncesAfter.reduce((sum, n, i) => sum + (n - noncesBefore[i]!), 0)
    if (nonceMoves !== landed.length)
      problems.push(
        `the users' nonces moved by ${nonceMoves}, but ${landed.length} of their transactions are in the blocks`,
      )
    summary.requestsToFaultedEndpoints = Object.values(stats).reduce((a, b) => a + b, 0)
    const injected = stats.error + stats.malformed + stats.reset + stats.hang + stats["rate-limited"]
    summary.faultsInjected = {
      error: stats.error,
      malformed: stats.malformed,
      reset: stats.reset,
      timeout: stats.hang,
      rateLimited: stats["rate-limited"],
      total: injected,
      rate: Math.round((injected / Math.max(1, summary.requestsToFaultedEndpoints)) * 1000) / 1000,
    }
    summary.chainFaults = {
      drop: record.chainFaults.filter((f) => f.fault === "drop").length,
      replace: record.chainFaults.filter((f) => f.fault === "replace").length,
    }
    summary.itemsSent = record.sendsPerItem.size
    summary.sendsPerItemMax = Math.max(0, ...record.sendsPerItem.values())
    summary.signaturesOverUndecodableData = record.undecodableSignatures.length
    summary.unhandledRejections = unhandled
    summary.durationMs = Math.round(performance.now() - started)

    mkdirSync("test-output", { recursive: true })
    writeFileSync("test-output/fault-suite.json", `${JSON.stringify({ ...summary, problems }, null, 2)}\n`)
    console.log(
      `fault suite (seed ${SEED}): ${summary.actions} actions, ${summary.completed} completed, ${summary.typedFailures} typed failures, ` +
        `${summary.untypedFailures} untyped; ${injected} API faults injected in ${summary.requestsToFaultedEndpoints} requests ` +
        `(${(summary.faultsInjected.rate * 100).toFixed(1)}%), ${summary.chainFaults.drop} dropped + ${summary.chainFaults.replace} replaced txs; ` +
        `sends per item max ${summary.sendsPerItemMax} over ${summary.itemsSent} items; ${summary.transactionsLanded} transactions landed, ` +
        `${summary.transactionsLandedTwice} twice, ${summary.transactionsNotFromAWalletCall} not from a wallet call; ` +
        `${summary.signaturesOverUndecodableData} signatures over undecodable data; ` +
        `${summary.unhandledRejections} unhandled rejections; ${summary.stateMismatches} state mismatches; ${summary.durationMs} ms`,
    )

    expect(problems).toEqual([])
    expect(summary.actions).toBe(ACTIONS)
    expect(summary.untypedFailures).toBe(0)
    expect(summary.sendsPerItemMax).toBeLessThanOrEqual(1)
    expect(summary.transactionsLandedTwice).toBe(0)
    expect(summary.transactionsNotFromAWalletCall).toBe(0)
    expect(summary.transactionsLanded).toBeGreaterThan(ACTIONS / 4)
    expect(record.undecodableSignatures).toEqual([])
    expect(unhandled).toBe(0)
    expect(summary.faultsInjected.rate).toBeGreaterThan(0.12)
    expect(summary.completed).toBeGreaterThan(ACTIONS / 3)
  }, 170_000)
})

/** The transactions sent from `senders` in the blocks from `fromBlock` to `head`, in chain order. */
async function transactionsFrom(client: PublicClient, fromBlock: bigint, head: bigint, senders: ReadonlySet<string>) {
  const blocks = []
  for (let n = fromBlock; n <= head; n += 20n) {
    const last = n + 19n < head ? n + 19n : head
    const numbers = Array.from({ length: Number(last - n + 1n) }, (_, i) => n + BigInt(i))
    blocks.push(
      ...(await Promise.all(numbers.map((blockNumber) => client.getBlock({ blockNumber, includeTransactions: true })))),
    )
  }
  return blocks.flatMap((block) => block.transactions.filter((tx) => senders.has(tx.from.toLowerCase())))
}
