/**
 * Transfers on the OpenSea book, planned from the chain alone (OpenSea has no transfer route): an ERC-721 and
 * ERC-1155 units in one confirmation with a batching wallet, one by one with a plain EOA, and every refusal before
 * the wallet — asserted on the devnet's chain.
 */
import { type Address, createWalletClient, custom, erc721Abi, erc1155Abi, http } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { devnetPublicClient } from "../../../devnet/chain/deploy.js"
import { type Devnet, devnetBatchingProvider, devnetUser, startDevnet } from "../../../devnet/index.js"
import { openSea } from "../../../src/apis/opensea/index.js"
import type { ReservoirClient } from "../../../src/client/ReservoirClient.js"
import { createClient } from "../../../src/client.js"
import type { ExecutionSnapshot } from "../../../src/pipeline/ExecutionSnapshot.js"
import type { Step } from "../../../src/schema/Step.js"
import { PROMPTS } from "../devnet/fixture.js"

let devnet: Devnet
let client: ReservoirClient
let chain: ReturnType<typeof devnetPublicClient>

beforeAll(async () => {
  devnet = await startDevnet()
  chain = devnetPublicClient({ chainId: devnet.originChainId, rpcUrl: devnet.rpcUrls[devnet.originChainId]! })
  client = createClient({ chains: devnet.chains, book: openSea(devnet.openSea) })
})
afterAll(async () => {
  await client?.dispose()
  await devnet?.stop()
})

const user = (n: number) => devnetUser(devnet, n)
const punks = () => devnet.contracts.origin.punks
const editions = () => devnet.contracts.origin.editions
const ownerOf = (id: bigint) =>
  chain.readContract({ address: punks(), abi: erc721Abi, functionName: "ownerOf", args: [id] })
const unitsOf = (owner: Address, id: bigint) =>
  chain.readContract({ address: editions(), abi: erc1155Abi, functionName: "balanceOf", args: [owner, id] })

/** User `n`'s plain EOA wallet; `methods` records every method it is asked, `after` runs after each answer. */
const walletOf = (n: number, methods: Array<string>, after?: (method: string) => Promise<void>) => {
  const rpc = http(devnet.rpcUrls[devnet.originChainId])({ chain: devnet.chains[0]!.viemChain! })
  return createWalletClient({
    account: user(n).account,
    chain: devnet.chains[0]!.viemChain!,
    transport: custom({
      request: async (args: { method: string; params?: unknown }) => {
        methods.push(args.method)
        const answer = await rpc.request(args as never)
        await after?.(args.method)
        return answer
      },
    }),
  })
}

const prompts = (methods: ReadonlyArray<string>) => methods.filter((method) => PROMPTS.has(method))

describe("transfers on the OpenSea book", () => {
  it("an ERC-721 and two ERC-1155 units in ONE confirmation with a batching wallet", async () => {
    const provider = devnetBatchingProvider(devnet, user(1))
    const methods: Array<string> = []
    const wallet = createWalletClient({
      account: provider.address,
      chain: devnet.chains[0]!.viemChain!,
      transport: custom({
        request: (args: { method: string; params?: unknown }) => (methods.push(args.method), provider.request(args)),
      }),
    })
    const before = await unitsOf(user(4).address, 1n)
    const plans: Array<ReadonlyArray<Step>> = []
    const done = await client.actions.transferTokens({
      to: user(4).address,
      items: [{ token: `${punks()}:1` }, { token: `${editions()}:1`, quantity: 2 }],
      wallet,
      onProgress: (steps) => plans.push(steps),
    })
    expect(done).toBe(true)
    expect(prompts(methods)).toEqual(["wallet_sendCalls"])
    expect(await ownerOf(1n)).toBe(user(4).address)
    expect((await unitsOf(user(4).address, 1n)) - before).toBe(2n)
    expect(plans.at(-1)?.map((step) => step.id)).toEqual(["transfer"])
    expect(plans.at(-1)?.[0]?.items?.map((item) => item.status)).toEqual(["complete", "complete"])
  })

  it("one transaction per item with a plain EOA, each confirmed on chain", async () => {
    const methods: Array<string> = []
    const before = await unitsOf(user(5).address, 1n)
    await client.actions.transferTokens({
      to: user(5).address,
      items: [{ token: `${punks()}:2` }, { token: `${editions()}:1`, quantity: "3" }],
      wallet: walletOf(1, methods),
    })
    // A local account signs and sends raw transactions: two sends, one per item.
    expect(prompts(methods)).toEqual(["eth_sendRawTransactionSync", "eth_sendRawTransactionSync"])
    expect(await ownerOf(2n)).toBe(user(5).address)
    expect((await unitsOf(user(5).address, 1n)) - before).toBe(3n)
  })

  it("a plain EOA that approved the conduit: the items in ONE transaction through Seaport's TransferHelper", async () => {
    // User 3 lists on OpenSea, so the conduit is approved on the punks and the editions.
    const methods: Array<string> = []
    const plans: Array<ReadonlyArray<Step>> = []
    const before = await unitsOf(user(5).address, 3n)
    await client.actions.transferTokens({
      to: user(5).address,
      items: [{ token: `${punks()}:16` }, { token: `${punks()}:17` }, { token: `${editions()}:3`, quantity: 2 }],
      wallet: walletOf(3, methods),
      onProgress: (steps) => plans.push(steps),
    })
    expect(prompts(methods)).toEqual(["eth_sendRawTransactionSync"])
    const sent = plans.at(-1)?.[0]?.items?.map((item) => (item.data as { readonly to?: string } | undefined)?.to)
    expect(sent).toEqual([devnet.openSea.transferHelper])
    expect(await ownerOf(16n)).toBe(user(5).address)
    expect(await ownerOf(17n)).toBe(user(5).address)
    expect((await unitsOf(user(5).address, 3n)) - before).toBe(2n)
  })

  it("through the TransferHelper, a contract that cannot hold an ERC-721 fails the simulation: nothing sent", async () => {
    const methods: Array<string> = []
    await expect(
      client.actions.transferTokens({
        to: devnet.contracts.origin.weth,
        // ERC-721s only: the conduit moves them without asking the recipient, so the helper must ask it.
        items: [{ token: `${punks()}:14` }, { token: `${punks()}:15` }],
        wallet: walletOf(3, methods),
      }),
    ).rejects.toMatchObject({ _tag: "TransactionWouldRevertError" })
    expect(prompts(methods)).toEqual([])
    expect(await ownerOf(14n)).toBe(user(3).address)
  })

  it("a precheck plans from the chain and sends nothing", async () => {
    const methods: Array<string> = []
    const steps = await client.actions.transferTokens({
      to: user(5).address,
      items: [{ token: `${punks()}:3` }],
      wallet: walletOf(1, methods),
      precheck: true,
    })
    expect(prompts(methods)).toEqual([])
    expect(steps).toMatchObject([{ id: "transfer", kind: "transaction", items: [{ data: { to: punks() } }] }])
    expect(await ownerOf(3n)).toBe(user(1).address)
  })

  it.each([
    ["a token the wallet does not own", () => [{ token: `${punks()}:7` }], "owner"],
    ["more units than the wallet holds", () => [{ token: `${editions()}:1`, quantity: 1000 }], "balance"],
    ["an ERC-721 quantity of 2", () => [{ token: `${punks()}:3`, quantity: 2 }], "quantity"],
    ["the same token twice", () => [{ token: `${punks()}:3` }, { token: `${punks()}:3` }], "duplicate"],
    ["a contract that is no NFT", () => [{ token: `${devnet.contracts.origin.weth}:1` }], "standard"],
  ])("refuses %s before the wallet: a typed error naming the item, nothing sent", async (_, items, reason) => {
    const methods: Array<string> = []
    const nonce = await chain.getTransactionCount({ address: user(1).address })
    const error = await client.actions
      .transferTokens({ to: user(5).address, items: items(), wallet: walletOf(1, methods) })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ _tag: "TransferRefusedError", reason, token: items()[0]!.token })
    expect(prompts(methods)).toEqual([])
    expect(await chain.getTransactionCount({ address: user(1).address })).toBe(nonce)
  })

  it("refuses the zero address and the token's own contract as recipient", async () => {
    for (const to of ["0x0000000000000000000000000000000000000000", punks()] as const) {
      const methods: Array<string> = []
      await expect(
        client.actions.transferTokens({ to, items: [{ token: `${punks()}:3` }], wallet: walletOf(1, methods) }),
      ).rejects.toMatchObject({ _tag: "TransferRefusedError", reason: "recipient" })
      expect(prompts(methods)).toEqual([])
    }
  })

  it("a recipient contract that cannot hold the token: the simulation refuses it, nothing sent", async () => {
    const methods: Array<string> = []
    await expect(
      client.actions.transferTokens({
        to: devnet.contracts.origin.weth,
        items: [{ token: `${punks()}:3` }],
        wallet: walletOf(1, methods),
      }),
    ).rejects.toMatchObject({ _tag: "TransactionWouldRevertError" })
    expect(prompts(methods)).toEqual([])
    expect(await ownerOf(3n)).toBe(user(1).address)
  })

  it("a partial failure says which items moved: the first sent and confirmed, the second refused", async () => {
    const methods: Array<string> = []
    let moved = false
    const other = user(2)
    // After the first transfer is sent, token 5 leaves the wallet another way: its transfer can no longer happen.
    const wallet = walletOf(1, methods, async (method) => {
      if (!PROMPTS.has(method) || moved) return
      moved = true
      const side = walletOf(1, [])
      const hash = await side.writeContract({
        address: punks(),
        abi: erc721Abi,
        functionName: "transferFrom",
        args: [user(1).address, other.address, 5n],
      })
      await chain.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    })
    const plans: Array<ReadonlyArray<Step>> = []
    const error = await client.actions
      .transferTokens({
        to: user(5).address,
        items: [{ token: `${punks()}:4` }, { token: `${punks()}:5` }],
        wallet,
        onProgress: (steps) => plans.push(steps),
      })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ _tag: "TransactionWouldRevertError" })
    expect(await ownerOf(4n)).toBe(user(5).address)
    expect(await ownerOf(5n)).toBe(other.address)
    expect(plans.at(-1)?.[0]?.items?.map((item) => item.status)).toEqual(["complete", "incomplete"])
  })

  it("a reload between two sends: the resume sends only the item not sent yet", async () => {
    const rpc = http(devnet.rpcUrls[devnet.originChainId])({ chain: devnet.chains[0]!.viemChain! })
    const sends: Array<string> = []
    // The page goes away as the wallet is about to send the second transfer: the first is out, its hash journaled.
    const closing = createWalletClient({
      account: user(2).account,
      chain: devnet.chains[0]!.viemChain!,
      transport: custom({
        request: async (args: { method: string; params?: unknown }) => {
          if (PROMPTS.has(args.method)) {
            if (sends.length === 1) throw new Error("the page was reloaded")
            sends.push(args.method)
          }
          return rpc.request(args as never)
        },
      }),
    })
    const nonce = await chain.getTransactionCount({ address: user(2).address })
    const snapshots: Array<ExecutionSnapshot> = []
    await expect(
      client.actions.transferTokens({
        to: user(5).address,
        items: [{ token: `${punks()}:8` }, { token: `${punks()}:9` }],
        wallet: closing,
        onSnapshot: (snapshot) => snapshots.push(snapshot),
      }),
    ).rejects.toThrow()
    const stored = JSON.parse(JSON.stringify(snapshots.at(-1))) as ExecutionSnapshot
    const methods: Array<string> = []
    await expect(client.resume({ snapshot: stored, wallet: walletOf(2, methods) })).resolves.toBe(true)
    expect(prompts(methods)).toHaveLength(1)
    expect(await chain.getTransactionCount({ address: user(2).address })).toBe(nonce + 2)
    expect(await ownerOf(8n)).toBe(user(5).address)
    expect(await ownerOf(9n)).toBe(user(5).address)
  })
})
