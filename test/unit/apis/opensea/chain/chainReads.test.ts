/**
 * The OpenSea book's reads of a chain over a viem public client, against a node answering JSON-RPC: each read asks
 * the right contract the right call and decodes its answer; a token nobody owns and a receipt not mined yet are
 * answers, not failures; any other failure of the node is a 502 that says what could not be read. And the RPC
 * reader refuses a chain with no RPC URL with a configuration error that says how to add one.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import {
  type Abi,
  type Address,
  createPublicClient,
  custom,
  decodeFunctionData,
  encodeFunctionResult,
  erc20Abi,
  erc721Abi,
  erc1155Abi,
  type Hex,
  numberToHex,
  type PublicClient,
} from "viem"
import { mainnet } from "viem/chains"
import { makeChainReads, makeRpcChainReader } from "../../../../../src/apis/opensea/chain/chainReads.js"
import { seaportAbi } from "../../../../../src/apis/opensea/seaport/seaportAbi.js"

const TOKEN: Address = "0x5555555555555555555555555555555555555555"
const OWNER: Address = "0x1111111111111111111111111111111111111111"
const OTHER: Address = "0x2222222222222222222222222222222222222222"
const SEAPORT: Address = "0x0000000000000068F116a894984e2DB1123eB395"
const HASH: Hex = `0x${"ab".repeat(32)}`

const ABIS: ReadonlyArray<Abi> = [erc20Abi, erc721Abi, erc1155Abi, seaportAbi as Abi]

/** A call the node was asked: the contract and the decoded function call. */
interface Call {
  readonly to: Address
  readonly functionName: string
  readonly args: ReadonlyArray<unknown>
}

/** An error a node sends (a revert, a rate limit, ...). */
class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: Hex,
  ) {
    super(message)
  }
}

/**
 * A public client over a node that answers `eth_call` with `answer(call)` (ABI-encoded by the called function's own
 * ABI) and the other methods with `other`; what it was called with is in `calls`.
 */
const nodeOf = (answer: (call: Call) => unknown, other: (method: string, params: unknown) => unknown = () => null) => {
  const calls: Array<Call> = []
  const client = createPublicClient({
    chain: mainnet,
    transport: custom(
      {
        request: async ({ method, params }: { method: string; params: ReadonlyArray<{ to: Address; data: Hex }> }) => {
          if (method === "eth_chainId") return numberToHex(1)
          if (method !== "eth_call") return other(method, params)
          const { to, data } = params[0]!
          for (const abi of ABIS) {
            try {
              const decoded = decodeFunctionData({ abi, data })
              const call = {
                to: to.toLowerCase() as Address,
                functionName: decoded.functionName,
                args: decoded.args ?? [],
              }
              calls.push(call)
              return encodeFunctionResult({ abi, functionName: decoded.functionName, result: answer(call) } as never)
            } catch (error) {
              if (error instanceof RpcError) throw error
            }
          }
          throw new Error(`no ABI decodes ${data}`)
        },
      },
      // A failure is the node's answer here: no retry, so each refusal is read once.
      { retryCount: 0 },
    ),
  })
  return { reads: makeChainReads(client as PublicClient), calls }
}

describe("makeChainReads", () => {
  it.effect("reads allowances, balances, symbols and decimals of an ERC-20", () =>
    Effect.gen(function* () {
      const answers: Record<string, unknown> = { allowance: 7n, balanceOf: 9n, symbol: "WETH", decimals: 6 }
      const { reads, calls } = nodeOf((call) => answers[call.functionName])
      expect(yield* reads.allowance(TOKEN, OWNER, OTHER)).toBe(7n)
      expect(yield* reads.balanceOf(TOKEN, OWNER)).toBe(9n)
      expect(yield* reads.symbolOf(TOKEN)).toBe("WETH")
      expect(yield* reads.decimalsOf(TOKEN)).toBe(6)
      expect(calls).toEqual([
        { to: TOKEN.toLowerCase(), functionName: "allowance", args: [OWNER, OTHER] },
        { to: TOKEN.toLowerCase(), functionName: "balanceOf", args: [OWNER] },
        { to: TOKEN.toLowerCase(), functionName: "symbol", args: [] },
        { to: TOKEN.toLowerCase(), functionName: "decimals", args: [] },
      ])
    }),
  )

  it.effect("reads an NFT's approvals, owner and ERC-1155 units", () =>
    Effect.gen(function* () {
      const { reads, calls } = nodeOf((call) =>
        call.functionName === "isApprovedForAll" ? true : call.functionName === "ownerOf" ? OWNER : 3n,
      )
      expect(yield* reads.isApprovedForAll(TOKEN, OWNER, OTHER)).toBe(true)
      expect(yield* reads.ownerOf(TOKEN, 42n)).toBe(OWNER)
      expect(yield* reads.unitsOf(TOKEN, OWNER, 7n)).toBe(3n)
      expect(calls.map((call) => [call.functionName, call.args])).toEqual([
        ["isApprovedForAll", [OWNER, OTHER]],
        ["ownerOf", [42n]],
        ["balanceOf", [OWNER, 7n]],
      ])
    }),
  )

  it.effect("reads Seaport's counter and an order's status", () =>
    Effect.gen(function* () {
      const { reads, calls } = nodeOf((call) => (call.functionName === "getCounter" ? 4n : [true, false, 1n, 2n]))
      expect(yield* reads.counterOf(SEAPORT, OWNER)).toBe(4n)
      expect(yield* reads.orderStatusOf(SEAPORT, HASH)).toEqual({ isCancelled: false, totalFilled: 1n, totalSize: 2n })
      expect(calls.map((call) => [call.to, call.functionName, call.args])).toEqual([
        [SEAPORT.toLowerCase(), "getCounter", [OWNER]],
        [SEAPORT.toLowerCase(), "getOrderStatus", [HASH]],
      ])
    }),
  )

  it.effect("answers no owner for a token whose ownerOf reverts", () =>
    Effect.gen(function* () {
      const { reads } = nodeOf(() => {
        throw new RpcError(3, "execution reverted: ERC721: invalid token ID", "0x")
      })
      expect(yield* reads.ownerOf(TOKEN, 42n)).toBeUndefined()
    }),
  )

  it.effect("fails with what it could not read when the node fails, a revert of ownerOf aside", () =>
    Effect.gen(function* () {
      const { reads } = nodeOf(() => {
        throw new RpcError(-32005, "rate limited")
      })
      const owner = yield* Effect.flip(reads.ownerOf(TOKEN, 42n))
      expect(owner.message).toMatch(/^Could not read a token's owner on chain: /)
      expect(owner.message).toContain("rate limited")
      const balance = yield* Effect.flip(reads.balanceOf(TOKEN, OWNER))
      expect(balance.message).toMatch(/^Could not read a balance on chain: /)
    }),
  )

  it.effect("reads the latest block's time", () =>
    Effect.gen(function* () {
      const { reads } = nodeOf(
        () => undefined,
        (method) =>
          method === "eth_getBlockByNumber"
            ? { number: "0x10", timestamp: numberToHex(1_790_000_000), hash: HASH, transactions: [] }
            : null,
      )
      expect(yield* reads.now).toBe(1_790_000_000n)
    }),
  )

  it.effect("answers no receipt for a transaction not mined, and fails on any other failure", () =>
    Effect.gen(function* () {
      const pending = nodeOf(() => undefined)
      expect(yield* pending.reads.receipt(HASH)).toBeUndefined()
      const down = nodeOf(
        () => undefined,
        () => {
          throw new RpcError(-32603, "internal error")
        },
      )
      const failure = yield* Effect.flip(down.reads.receipt(HASH))
      expect(failure.message).toMatch(/^Could not read a receipt on chain: /)
    }),
  )
})

describe("makeRpcChainReader", () => {
  it.effect("refuses a chain with no RPC URL, saying how to add one", () =>
    Effect.gen(function* () {
      const failure = yield* Effect.flip(makeRpcChainReader().forChain({ id: 31337, name: "Devnet", baseApiUrl: "" }))
      expect(failure.message).toContain("viemChain")
      expect(failure.message).toContain("31337")
      // The book's edge turns this reason into a BookConfigurationError naming what to add.
      expect(failure).toMatchObject({ _tag: "OpenSeaError", reason: { _tag: "Misconfigured" } })
    }),
  )

  it.effect("makes one client per chain and reuses it", () =>
    Effect.gen(function* () {
      const reader = makeRpcChainReader()
      const chain = { id: 1, name: "Ethereum", baseApiUrl: "", viemChain: mainnet }
      const first = yield* reader.forChain(chain)
      expect(yield* reader.forChain(chain)).toBe(first)
      expect(yield* makeRpcChainReader().forChain(chain)).not.toBe(first)
    }),
  )
})
