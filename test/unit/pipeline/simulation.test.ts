import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { encodeErrorResult, parseAbi } from "viem"
import { resumeExecution } from "../../../src/actions/resume.js"
import { TransactionWouldRevertError, WalletError } from "../../../src/errors/index.js"
import { executeSteps } from "../../../src/pipeline/executeSteps.js"
import { type PreparedTransaction, Wallet } from "../../../src/services/Wallet.js"
import { TEST_CHAIN, testLayer } from "../../../src/testing/testLayer.js"
import { blankRequest } from "../../support/blankRequest.js"
import { buyNeedingApproval, EXCHANGE, routeBuy, setup, step, TOKEN, txItem } from "../fixtures.js"

const failureOf = (exit: Exit.Exit<unknown, unknown>) => {
  expect(Exit.isFailure(exit)).toBe(true)
  return Option.getOrThrow(Cause.findErrorOption((exit as Exit.Failure<unknown, unknown>).cause))
}

const errorString = (reason: string) =>
  encodeErrorResult({ abi: parseAbi(["error Error(string)"]), errorName: "Error", args: [reason] })

const LIST = { request: blankRequest("list") } as const

const withSale = (api: ReturnType<typeof setup>["api"], items: ReadonlyArray<unknown>) =>
  api
    .route("POST", "/execute/list/v5", { body: { steps: [step("sale", "transaction", items)] } })
    .route("GET", /synced/, { body: { synced: true } })

describe("executeSteps: simulation before send", () => {
  it.effect(
    "a transaction that would revert is refused with the decoded reason: no send, nothing journaled, the error on the item",
    () =>
      Effect.gen(function* () {
        const { api, wallet, execute } = setup()
        withSale(api, [txItem(wallet.address)])
        wallet.behaviour.simulations.push({ revert: errorString("Exchange: filled") })
        const exit = yield* Effect.exit(execute(LIST))
        const error = failureOf(exit) as TransactionWouldRevertError
        expect(error).toBeInstanceOf(TransactionWouldRevertError)
        expect(error.reason).toBe("Exchange: filled")
        expect(error.message).toBe(
          `The transaction would revert, so it was not sent\n\nTo: ${EXCHANGE}\nChain: 1\n\nDetails: Exchange: filled`,
        )
        expect(wallet.sent).toEqual([])
        expect(wallet.calls).toEqual([])
        expect(wallet.simulated).toHaveLength(1)
      }),
  )

  it.effect("the refusal is recorded on the item and step, and no journal entry says it was sent", () =>
    Effect.gen(function* () {
      const { api, wallet, execute, snapshots } = setup()
      withSale(api, [txItem(wallet.address)])
      wallet.behaviour.simulations.push({ revert: errorString("Exchange: filled") })
      yield* Effect.exit(execute(LIST))
      const last = snapshots.at(-1)!
      expect(last.status).toBe("error")
      expect(last.error?._tag).toBe("TransactionWouldRevertError")
      expect(last.steps[0]!.items![0]!.error).toContain("Details: Exchange: filled")
      expect(last.steps[0]!.error).toContain("Details: Exchange: filled")
      expect(last.journal ?? []).toEqual([])
    }),
  )

  it.effect("a revert without data names the node's reason; unknown revert data is shown raw", () =>
    Effect.gen(function* () {
      const first = setup()
      withSale(first.api, [txItem(first.wallet.address)])
      first.wallet.behaviour.simulations.push({ revert: undefined, message: "Ownable: caller is not the owner" })
      expect((failureOf(yield* Effect.exit(first.execute(LIST))) as TransactionWouldRevertError).reason).toBe(
        "Ownable: caller is not the owner",
      )
      const second = setup()
      withSale(second.api, [txItem(second.wallet.address)])
      second.wallet.behaviour.simulations.push({ revert: "0xdeadbeef01" })
      const error = failureOf(yield* Effect.exit(second.execute(LIST))) as TransactionWouldRevertError
      expect(error.reason).toBe("reverted with data 0xdeadbeef01")
      expect(error.revertData).toBe("0xdeadbeef01")
    }),
  )

  it.effect("decodes panics and the standard token errors", () =>
    Effect.gen(function* () {
      const panic = encodeErrorResult({ abi: parseAbi(["error Panic(uint256)"]), errorName: "Panic", args: [0x11n] })
      const nonexistent = encodeErrorResult({
        abi: parseAbi(["error ERC721NonexistentToken(uint256 tokenId)"]),
        errorName: "ERC721NonexistentToken",
        args: [7n],
      })
      const reasons: Array<string> = []
      for (const revert of [panic, nonexistent]) {
        const { api, wallet, execute } = setup()
        withSale(api, [txItem(wallet.address)])
        wallet.behaviour.simulations.push({ revert })
        reasons.push((failureOf(yield* Effect.exit(execute(LIST))) as TransactionWouldRevertError).reason)
      }
      expect(reasons).toEqual([
        "Panic: arithmetic operation resulted in underflow or overflow",
        "ERC721NonexistentToken(7)",
      ])
    }),
  )

  it.effect("a node that cannot simulate, or a failing simulation, does not block the send", () =>
    Effect.gen(function* () {
      for (const script of ["unsupported", "fail"] as const) {
        const { api, wallet, execute } = setup()
        withSale(api, [txItem(wallet.address)])
        wallet.behaviour.simulations.push(script)
        const final = yield* execute(LIST)
        expect(final.status).toBe("complete")
        expect(wallet.sent).toHaveLength(1)
        expect(wallet.sent[0]!.request.gas).toBeUndefined()
        expect(final.steps[0]!.items![0]!.networkFee).toBeUndefined()
      }
    }),
  )

  it.effect("with simulate: false nothing is simulated and the send goes ahead", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup({ simulate: false })
      withSale(api, [txItem(wallet.address)])
      wallet.behaviour.simulations.push({ revert: errorString("Exchange: filled") })
      yield* execute(LIST)
      expect(wallet.simulated).toEqual([])
      expect(wallet.feeReads).toBe(0)
      expect(wallet.sent).toHaveLength(1)
    }),
  )

  it.effect("the estimate is the gas limit when the step gives none; a step's or caller's gas limit wins", () =>
    Effect.gen(function* () {
      const { api, wallet, execute } = setup()
      withSale(api, [
        txItem(wallet.address),
        txItem(wallet.address, { data: { ...txItem(wallet.address).data, gas: "90000" } }),
      ])
      wallet.behaviour.simulations.push({ gas: 50_000n }, { gas: 60_000n })
      yield* execute(LIST)
      expect(wallet.sent.map((s) => s.request.gas).sort()).toEqual([50_000n, 90_000n])

      const overridden = setup()
      withSale(overridden.api, [txItem(overridden.wallet.address)])
      yield* overridden.execute({ ...LIST, gas: 300_000n })
      expect(overridden.wallet.sent[0]!.request.gas).toBe(300_000n)
    }),
  )

  it.effect(
    "each sent item carries its network fee: the estimate times the chain's max fee, read once per execution",
    () =>
      Effect.gen(function* () {
        const { api, wallet, execute } = setup()
        withSale(api, [
          txItem(wallet.address),
          txItem(wallet.address, { data: { ...txItem(wallet.address).data, maxFeePerGas: "5000000000" } }),
        ])
        wallet.behaviour.simulations.push({ gas: 50_000n }, { gas: 50_000n })
        const final = yield* execute({ ...LIST })
        const [own, priced] = final.steps[0]!.items!
        expect(own!.networkFee).toEqual({ gas: "50000", maxFeePerGas: "2000000000", fee: "100000000000000" })
        expect(priced!.networkFee).toEqual({ gas: "50000", maxFeePerGas: "5000000000", fee: "250000000000000" })
        expect(wallet.feeReads).toBe(1)
      }),
  )

  it.effect("an item journaled as sent is not simulated again on resume", () =>
    Effect.gen(function* () {
      const { api, wallet, execute, snapshots } = setup()
      withSale(api, [txItem(wallet.address)])
      yield* execute(LIST)
      const stored = snapshots.find(
        (s) => s.journal?.some((e) => e._tag === "Sent") && s.steps[0]!.items![0]!.status === "incomplete",
      )!
      expect(stored.steps[0]!.items![0]!.networkFee).toEqual({
        gas: "21000",
        maxFeePerGas: "2000000000",
        fee: "42000000000000",
      })
      const layer = testLayer({ api, wallet, options: { chains: [TEST_CHAIN] } })
      const resumed = yield* resumeExecution(stored).pipe(Effect.provide(layer))
      expect(resumed.status).toBe("complete")
      expect(wallet.simulated).toHaveLength(1)
      expect(wallet.sent).toHaveLength(1)
    }),
  )

  describe("in a batch (EIP-5792)", () => {
    it.effect("a first call that would revert refuses the whole batch: no sendCalls, the error on every item", () =>
      Effect.gen(function* () {
        const { api, wallet, execute, snapshots } = setup()
        wallet.behaviour.atomicBatch = true
        api.route("POST", "/execute/buy/v7", { body: { steps: buyNeedingApproval(wallet) } })
        wallet.behaviour.simulations.push({ revert: errorString("ERC20: approve from the zero address") })
        const error = failureOf(yield* Effect.exit(execute())) as TransactionWouldRevertError
        expect(error._tag).toBe("TransactionWouldRevertError")
        expect(error.reason).toBe("ERC20: approve from the zero address")
        expect(wallet.batches).toEqual([])
        expect(wallet.sent).toEqual([])
        const last = snapshots.at(-1)!
        expect(last.steps.map((s) => s.items![0]!.error)).toEqual([error.message, error.message])
        expect(last.journal ?? []).toEqual([])
      }),
    )

    it.effect("only the first call is simulated: a later one may need it (the sale needs the approval)", () =>
      Effect.gen(function* () {
        const { api, wallet, execute } = setup()
        wallet.behaviour.atomicBatch = true
        routeBuy(api, buyNeedingApproval(wallet))
        wallet.behaviour.simulations.push({ gas: 46_000n }, { revert: errorString("ERC20: insufficient allowance") })
        const final = yield* execute()
        expect(final.status).toBe("complete")
        expect(wallet.simulated.map((s) => s.request.to)).toEqual([TOKEN])
        expect(wallet.batches).toHaveLength(1)
      }),
    )
  })
})

describe("executeSteps: a wallet that fills its transactions (a local account)", () => {
  /** Runs a one-sale listing with a wallet whose `prepareTransaction` answers `prepared`, counting nonce reads. */
  const runFilled = (
    prepared: (
      request: import("../../../src/schema/TransactionRequest.js").TransactionRequest,
    ) => Effect.Effect<PreparedTransaction, WalletError>,
  ) =>
    Effect.gen(function* () {
      const { api, wallet } = setup()
      withSale(api, [txItem(wallet.address)])
      let nonceReads = 0
      const filling = Layer.succeed(Wallet, {
        ...wallet.service,
        prepareTransaction: ({ request }) => prepared(request),
        nextNonce: (args) =>
          Effect.andThen(
            Effect.sync(() => nonceReads++),
            wallet.service.nextNonce!(args),
          ),
      })
      const snapshots: Array<import("../../../src/pipeline/ExecutionSnapshot.js").ExecutionSnapshot> = []
      const exit = yield* Effect.exit(
        executeSteps({ ...LIST, onProgress: (snapshot) => Effect.sync(() => snapshots.push(snapshot)) }).pipe(
          Effect.provide(Layer.merge(testLayer({ api, wallet }), filling)),
        ),
      )
      return { exit, wallet, snapshots, nonceReads: () => nonceReads }
    })

  it.effect(
    "sends the filled transaction with the nonce the filling read: no simulation, no nonce read of its own",
    () =>
      Effect.gen(function* () {
        const { exit, wallet, snapshots, nonceReads } = yield* runFilled((request) =>
          Effect.succeed({
            _tag: "Prepared",
            nonce: 41,
            request: { ...request, gas: 70_000n, maxFeePerGas: 3_000_000_000n, maxPriorityFeePerGas: 1n },
          }),
        )
        expect(Exit.isSuccess(exit)).toBe(true)
        expect(wallet.sent).toHaveLength(1)
        expect(wallet.sent[0]!.request).toMatchObject({
          gas: 70_000n,
          maxFeePerGas: 3_000_000_000n,
          maxPriorityFeePerGas: 1n,
        })
        expect(wallet.simulated).toEqual([])
        expect(nonceReads()).toBe(0)
        const last = snapshots.at(-1)!
        expect(last.journal?.find((entry) => entry._tag === "SendRequested")).toMatchObject({ nonce: 41 })
        expect(last.steps[0]!.items![0]!.networkFee).toEqual({
          gas: "70000",
          maxFeePerGas: "3000000000",
          fee: "210000000000000",
        })
      }),
  )

  it.effect("a revert while filling is refused with its reason: no send, nothing journaled", () =>
    Effect.gen(function* () {
      const { exit, wallet, snapshots } = yield* runFilled(() =>
        Effect.succeed({ _tag: "Reverted", data: errorString("Exchange: filled") }),
      )
      expect((failureOf(exit) as TransactionWouldRevertError).reason).toBe("Exchange: filled")
      expect(wallet.sent).toEqual([])
      expect(snapshots.at(-1)!.journal ?? []).toEqual([])
    }),
  )

  it.effect("a wallet that cannot fill the transaction sends it the usual way, with its own nonce read", () =>
    Effect.gen(function* () {
      const { exit, wallet, nonceReads } = yield* runFilled(() =>
        Effect.fail(new WalletError({ operation: "prepareTransaction", message: "eth_fillTransaction failed" })),
      )
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(wallet.sent).toHaveLength(1)
      expect(wallet.sent[0]!.request.gas).toBeUndefined()
      expect(nonceReads()).toBe(1)
    }),
  )
})
