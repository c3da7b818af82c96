import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import { type Chain, type Client, keccak256, type LocalAccount, type TransactionReceipt } from "viem"
import { sendRawTransaction, sendRawTransactionSync } from "viem/actions"
import { getAction, getTransactionError } from "viem/utils"
import type { UserRejectedError, WalletError } from "../../errors/index.js"
import type { TransactionRequest } from "../../schema/TransactionRequest.js"
import type { SyncSent } from "../Wallet.js"
import { transactionByHashOf } from "./accountKind.js"
import { causeChain } from "./causeChain.js"
import { walletCall, walletFailure } from "./walletFailure.js"

type SendFailure = UserRejectedError | WalletError

/** Error codes of a node that does not serve `eth_sendRawTransactionSync` (or not with these parameters). */
const UNSUPPORTED_CODES: ReadonlySet<number> = new Set([-32601, -32602, -32004, 4200])

const isUnsupported = (cause: unknown): boolean =>
  causeChain(cause).some((error) => typeof error.code === "number" && UNSUPPORTED_CODES.has(error.code))

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
 * - No answer within `waitMs` (the block is not mined yet: a node holds the call until it is), or a failure: the
 *   node is asked whether it knows the hash. Known, the transaction went out — the hash is answered at once, and
 *   the usual receipt watch takes over. Unknown after the wait, the call's own answer is awaited; unknown after a
 *   failure, the same signed bytes go out with `eth_sendRawTransaction` (a provider that refuses the method with a
 *   code of its own takes them; a rejection — nonce too low, underpriced — comes back as the failure). So the hash
 *   is reported no later than `waitMs` after the send, and never for a transaction the node did not take.
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
    const hash = keccak256(serialized)
    // A refused send in viem's words ("nonce too low", "insufficient funds", …), as its own send words them.
    const sendPlain = Effect.tryPromise({
      try: () => getAction(client, sendRawTransaction, "sendRawTransaction")({ serializedTransaction: serialized }),
      catch: (cause) => walletFailure("sendTransaction", getTransactionError(cause as Error, { account, chain, ...request, nonce })),
    }).pipe(Effect.as<SyncSent>({ hash }))
    const key = nodeKey(client, chain)
    if (unsupportedNodes.has(key)) return yield* sendPlain

    // The node knows the transaction: it went out, and its receipt is watched for as usual.
    const accepted = (orElse: Effect.Effect<SyncSent, SendFailure>) =>
      transactionByHashOf(client, hash).pipe(
        Effect.orElseSucceed(() => undefined),
        Effect.flatMap((known) => (known !== undefined ? Effect.succeed<SyncSent>({ hash }) : orElse)),
      )
    const fromReceipt = (receipt: TransactionReceipt): SyncSent =>
      // A receipt of another transaction is no answer about this one.
      receipt.transactionHash?.toLowerCase() === hash.toLowerCase()
        ? { hash, receipt: { status: receipt.status === "success" ? "success" : "reverted", blockNumber: receipt.blockNumber } }
        : { hash }
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
      // Any other failure for a transaction the node does not know: the same signed bytes again, the usual way — a
      // node that refuses the method in words of its own takes them; one that refuses the transaction refuses it
      // again, in viem's words. Bytes sent twice are one transaction: one hash, one nonce.
      return accepted(plainInstead)
    }

    return yield* Effect.scoped(
      Effect.gen(function* () {
        const call = yield* Effect.forkScoped(
          Effect.exit(
            Effect.tryPromise({
              try: () => getAction(client, sendRawTransactionSync, "sendRawTransactionSync")({ serializedTransaction: serialized }),
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
  })
