import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as Schedule from "effect/Schedule"
import { type Chain, type Client, type Hex, keccak256, type LocalAccount, type TransactionReceipt } from "viem"
import { sendRawTransaction, sendRawTransactionSync } from "viem/actions"
import { getAction, getTransactionError } from "viem/utils"
import { type UserRejectedError, type WalletCallError, WalletError } from "../../errors/index.js"
import type { TransactionRequest } from "../../schema/TransactionRequest.js"
import type { ViemWalletClient } from "../ViemWalletClient.js"
import type { SyncSent, WalletService } from "../Wallet.js"
import { transactionByHashOf } from "./accountKind.js"
import { causeChain } from "./causeChain.js"
import { walletCall, walletFailure } from "./walletFailure.js"

type SendFailure = UserRejectedError | WalletError

/** Error codes of a node that does not serve `eth_sendRawTransactionSync` (or not with these parameters). */
const UNSUPPORTED_CODES: ReadonlySet<number> = new Set([-32601, -32602, -32004, 4200])

const isUnsupported = (cause: unknown): boolean =>
  causeChain(cause).some((error) => typeof error.code === "number" && UNSUPPORTED_CODES.has(error.code))

/**
 * EIP-7966's answers for a transaction the node added to its mempool with no receipt yet: 4 (not mined within
 * the wait), 5 (not ready to be processed: a nonce gap, funds short).
 */
const IN_MEMPOOL_CODES: ReadonlySet<number> = new Set([4, 5])

/** A node's words for "I hold these very bytes already" (go-ethereum, Erigon, Nethermind, Besu). */
const ALREADY_KNOWN =
  /already known|known transaction|already imported|already exists|already in (the )?(tx|transaction )?pool/i

/**
 * A node's words for "that nonce is taken": by these very bytes (mined, or pending in the pool) or by another
 * transaction — which, only a look-up by the hash tells.
 */
const NONCE_TAKEN = /nonce too low|replacement transaction underpriced|nonce has already been used/i

const wordsOf = (cause: unknown): string =>
  causeChain(cause)
    .flatMap((error) => [error.message, error.details, error.shortMessage])
    .filter((text): text is string => typeof text === "string")
    .join(" | ")

/**
 * What a node's refusal says about the signed bytes: it holds them (an EIP-7966 mempool code, "already known"),
 * it may hold them (a nonce taken, perhaps by these bytes), or it refused them.
 */
const answerOf = (cause: unknown): "holds" | "may-hold" | "refused" => {
  if (causeChain(cause).some((error) => typeof error.code === "number" && IN_MEMPOOL_CODES.has(error.code)))
    return "holds"
  const words = wordsOf(cause)
  return ALREADY_KNOWN.test(words) ? "holds" : NONCE_TAKEN.test(words) ? "may-hold" : "refused"
}

/**
 * How a node that may hold the bytes is asked about their hash before a failure is reported: a load-balanced
 * node's look-up may lag the node that took them, so it is asked five times over about four seconds (on the
 * Clock: a TestClock drives it).
 */
const LOOK_UP_SCHEDULE = Schedule.exponential(Duration.millis(250)).pipe(Schedule.upTo({ times: 4 }))

/** A transaction a local account can sign as it is: gas, fees and nonce filled, no chain envelope, no data suffix. */
export const canSignAsIs = (client: Client, chain: Chain, request: TransactionRequest): boolean =>
  request.gas !== undefined &&
  request.maxFeePerGas !== undefined &&
  request.maxPriorityFeePerGas !== undefined &&
  client.dataSuffix === undefined &&
  chain.serializers?.transactionEnvelope === undefined

/**
 * The nodes found not to serve `eth_sendRawTransactionSync`, by client (viem's `uid`) and chain: asked once, then
 * sent to the usual way — for the page's life, as a wallet service is made per action. Bounded: forgotten past 256.
 */
const unsupportedNodes = new Set<string>()
const MAX_UNSUPPORTED_NODES = 256
const nodeKey = (client: Client, chain: Chain) => `${client.uid}:${chain.id}`
const rememberUnsupported = (key: string) => {
  if (unsupportedNodes.size >= MAX_UNSUPPORTED_NODES) unsupportedNodes.clear()
  unsupportedNodes.add(key)
}

/**
 * Sends a transaction a local account signs, asking the node for its receipt in the same call
 * (`eth_sendRawTransactionSync`, EIP-7966). The hash is the signed bytes' own, known before anything goes out.
 *
 * - The node answers with the receipt within `waitMs`: the hash and the receipt — no receipt watch is needed.
 * - The node does not serve the method (-32601, -32602, -32004, 4200): it is sent with `eth_sendRawTransaction`
 *   instead, and this client's node for this chain is not asked again.
 * - No answer within `waitMs` (the block is not mined yet: a node holds the call until it is): the node is asked
 *   once whether it knows the hash. Known, the transaction went out — the hash is answered at once, and the usual
 *   receipt watch takes over; unknown, the call's own answer is awaited.
 * - An answer that says the node holds the bytes (EIP-7966's 4 or 5: in the mempool, no receipt yet; "already
 *   known") is no failure: the hash, and the receipt watch. One that says the nonce is taken ("nonce too low",
 *   "replacement transaction underpriced"), perhaps by these very bytes: the hash once a look-up finds it.
 * - Any other failure: the node may have taken the bytes all the same, so it is asked once about the hash;
 *   unknown, the same signed bytes go out with `eth_sendRawTransaction` (a provider that refuses the method with a
 *   code of its own takes them), whose answer is read the same way.
 *
 * Where a failure hangs on a look-up, a load-balanced node's look-up may lag: it is asked a few times, paced
 * (see `LOOK_UP_SCHEDULE`), before the failure is reported in viem's words. So the hash is reported for a
 * transaction the node took, and a failure only for one that, asked by its hash, it does not have.
 */
export const sendSync = (
  client: Client,
  account: LocalAccount,
  chain: Chain,
  request: TransactionRequest,
  nonce: number,
  /** Milliseconds the node has to answer with the receipt before the hash is looked up and reported. */
  waitMs: number,
): Effect.Effect<SyncSent, SendFailure> =>
  Effect.gen(function* () {
    const serialized = yield* walletCall("signTransaction", () =>
      account.signTransaction(
        {
          chainId: chain.id,
          to: request.to,
          data: request.data,
          value: request.value,
          gas: request.gas,
          maxFeePerGas: request.maxFeePerGas,
          maxPriorityFeePerGas: request.maxPriorityFeePerGas,
          nonce,
        },
        { serializer: chain.serializers?.transaction },
      ),
    )
    const signed: SignedSend = { client, account, chain, request, nonce, serialized, hash: keccak256(serialized) }
    const readings = readingsOf(signed)
    const key = nodeKey(client, chain)
    if (unsupportedNodes.has(key)) return yield* readings.sendPlain
    return yield* sendAwaitingReceipt(signed, readings, key, waitMs)
  })

/** A transaction signed by a local account, and what it was signed from. */
interface SignedSend {
  readonly client: Client
  readonly account: LocalAccount
  readonly chain: Chain
  readonly request: TransactionRequest
  readonly nonce: number
  readonly serialized: Hex
  readonly hash: Hex
}

/** How the node's answers about signed bytes are read: look-ups by hash, a refusal settled, the plain send. */
const readingsOf = (signed: SignedSend) => {
  const { client, account, chain, request, nonce, serialized, hash } = signed
  const failure = (cause: unknown) =>
    walletFailure("sendTransaction", getTransactionError(cause as Error, { account, chain, ...request, nonce }))
  const sent: SyncSent = { hash }
  // Whether the node knows the hash, asked once; a look-up that fails is no answer.
  const knownOnce = transactionByHashOf(client, hash).pipe(
    Effect.orElseSucceed(() => undefined),
    Effect.map((known) => known !== undefined),
  )
  // Whether the node knows the hash, asked until it does, a few times, paced.
  const knownAfterLag = knownOnce.pipe(
    Effect.flatMap((known) => (known ? Effect.void : Effect.fail("unknown" as const))),
    Effect.retry(LOOK_UP_SCHEDULE),
    Effect.as(true),
    Effect.orElseSucceed(() => false),
  )
  /**
   * A refusal settled: the node holds the bytes — the hash; it may hold them — the hash once a look-up finds it,
   * else the refusal; it refused them — the refusal, in viem's words ("nonce too low", "insufficient funds", …), as
   * its own send words them.
   */
  const settleRefusal = (cause: unknown): Effect.Effect<SyncSent, SendFailure> => {
    switch (answerOf(cause)) {
      case "holds":
        return Effect.succeed(sent)
      case "may-hold":
        return Effect.flatMap(knownAfterLag, (known) => (known ? Effect.succeed(sent) : Effect.fail(failure(cause))))
      case "refused":
        return Effect.fail(failure(cause))
    }
  }
  const sendPlain = Effect.tryPromise({
    try: () => getAction(client, sendRawTransaction, "sendRawTransaction")({ serializedTransaction: serialized }),
    catch: (cause) => cause,
  }).pipe(
    Effect.as(sent),
    Effect.catch((cause) => settleRefusal(cause)),
  )
  // The node knows the transaction: it went out, and its receipt is watched for as usual.
  const accepted = (orElse: Effect.Effect<SyncSent, SendFailure>) =>
    Effect.flatMap(knownOnce, (known) => (known ? Effect.succeed(sent) : orElse))
  return { sent, settleRefusal, sendPlain, accepted }
}

/** `eth_sendRawTransactionSync`, its answer awaited `waitMs`, then read as `sendSync` says. */
const sendAwaitingReceipt = (
  signed: SignedSend,
  readings: ReturnType<typeof readingsOf>,
  key: string,
  waitMs: number,
): Effect.Effect<SyncSent, SendFailure> => {
  const { client, serialized, hash } = signed
  const { sent, settleRefusal, sendPlain, accepted } = readings
  const fromReceipt = (receipt: TransactionReceipt): SyncSent =>
    // A receipt of another transaction is no answer about this one.
    receipt.transactionHash?.toLowerCase() === hash.toLowerCase()
      ? {
          hash,
          receipt: { status: receipt.status === "success" ? "success" : "reverted", blockNumber: receipt.blockNumber },
        }
      : sent
  const settle = (exit: Exit.Exit<TransactionReceipt, unknown>): Effect.Effect<SyncSent, SendFailure> => {
    if (Exit.isSuccess(exit)) return Effect.succeed(fromReceipt(exit.value))
    const cause = Option.getOrUndefined(Exit.findErrorOption(exit))
    const plainInstead = Effect.andThen(sendPlain, (sent) =>
      Effect.as(
        Effect.sync(() => rememberUnsupported(key)),
        sent,
      ),
    )
    if (isUnsupported(cause)) return plainInstead
    if (answerOf(cause) !== "refused") return settleRefusal(cause)
    // Any other failure (a dropped connection, a provider's words of its own) for a transaction the node does not
    // know: the same signed bytes again, the usual way — a node that refuses the method in words of its own takes
    // them; one that already took them says so, and one that refuses the transaction refuses it again, each read
    // as above. Bytes sent twice are one transaction: one hash, one nonce.
    return accepted(plainInstead)
  }
  return Effect.scoped(
    Effect.gen(function* () {
      const call = yield* Effect.forkScoped(
        Effect.exit(
          Effect.tryPromise({
            try: () =>
              getAction(
                client,
                sendRawTransactionSync,
                "sendRawTransactionSync",
              )({ serializedTransaction: serialized }),
            catch: (cause) => cause,
          }),
        ),
        { startImmediately: true },
      )
      const early = yield* Effect.timeoutOption(Fiber.join(call), Duration.millis(waitMs))
      if (Option.isSome(early)) return yield* settle(early.value)
      // Still waiting for its block: once the node has it, the hash is enough; the call is left behind.
      return yield* accepted(Effect.flatMap(Fiber.join(call), settle))
    }),
  )
}

/**
 * A local account's send that asks the node for the receipt in the same call (EIP-7966), waiting `syncReceiptWait`
 * ms for it. A transaction not filled for sending (no fee fields, a chain's envelope) is filled and sent by viem
 * instead, and its receipt watched.
 */
export const sendLocalSyncWith =
  (client: ViemWalletClient, sendOne: WalletService["sendTransaction"], syncReceiptWait: number) =>
  (
    local: LocalAccount,
    { chain, request, nonce, context }: Parameters<NonNullable<WalletService["sendTransactionSync"]>>[0],
  ): Effect.Effect<SyncSent, WalletCallError> =>
    canSignAsIs(client, chain, request)
      ? sendSync(client, local, chain, request, nonce, syncReceiptWait)
      : Effect.flatMap(sendOne({ chain, request, nonce, context }), (hash) =>
          hash === undefined
            ? Effect.fail(
                new WalletError({ operation: "sendTransaction", message: "Wallet sendTransaction failed: no hash" }),
              )
            : Effect.succeed({ hash }),
        )
