import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schedule from "effect/Schedule"
import type { Hex, PublicClient, Transaction } from "viem"
import type { ReceiptOutcome } from "../Wallet.js"

const attempt = <A>(f: () => Promise<A>) => Effect.tryPromise(f).pipe(Effect.option)

/** Blocks before the watch starts that are looked at too: the replacement may have been mined just before. */
const LOOK_BACK = 5n

/** The most blocks one probe scans: after a long pause only the latest ones are looked at. */
const SCAN_WINDOW = 25n

/** The block before the first one to scan, when the chain is at `block`. */
const lookBackFrom = (block: bigint): bigint => (block > LOOK_BACK ? block - LOOK_BACK : -1n)

const replacementReason = (original: Transaction, replacement: Transaction): "replaced" | "repriced" | "cancelled" => {
  if (replacement.to?.toLowerCase() === original.from.toLowerCase() && replacement.value === 0n) return "cancelled"
  return replacement.to === original.to && replacement.value === original.value && replacement.input === original.input
    ? "repriced"
    : "replaced"
}

/**
 * Looks the transaction up right after it was sent, retrying briefly while the node has not seen it yet.
 * Knowing its sender and nonce early lets the watch detect a replacement even when the user speeds the
 * transaction up before the first look-up of the watch.
 */
export const lookUpSentTransaction = (client: PublicClient, hash: Hex) =>
  Effect.tryPromise(() => client.getTransaction({ hash })).pipe(
    Effect.retry({ schedule: Schedule.spaced("50 millis"), times: 5 }),
    Effect.option,
    Effect.map(Option.getOrUndefined),
  )

/**
 * Watches a transaction until it is mined or replaced, polling the node on a Schedule (so it stops the
 * moment it is interrupted, and a TestClock drives it). A replacement is detected as viem does: the sender's
 * nonce moved past the transaction's while it has no receipt, and a mined block holds the sender's
 * transaction with that nonce.
 */
export const watchReceipt = (
  client: PublicClient,
  hash: Hex,
  interval: Duration.Input,
  sent?: Transaction,
) =>
  Effect.gen(function* () {
    let original: Transaction | undefined = sent
    // The last block looked at; unknown until a block number is read: a failed first read is made up by the
    // next probe's, never taken as block 0.
    let scannedUpTo: bigint | undefined = Option.getOrUndefined(
      Option.map(yield* attempt(() => client.getBlockNumber({ cacheTime: 0 })), lookBackFrom),
    )

    const findReplacement = (sent: Transaction) =>
      Effect.gen(function* () {
        const nonce = yield* attempt(() => client.getTransactionCount({ address: sent.from, blockTag: "latest" }))
        if (Option.isNone(nonce) || nonce.value <= sent.nonce) return Option.none<ReceiptOutcome>()
        const latest = yield* attempt(() => client.getBlockNumber({ cacheTime: 0 }))
        if (Option.isNone(latest)) return Option.none<ReceiptOutcome>()
        scannedUpTo ??= lookBackFrom(latest.value)
        const windowStart = latest.value - SCAN_WINDOW + 1n
        const first = scannedUpTo + 1n > windowStart ? scannedUpTo + 1n : windowStart
        for (let number = first; number <= latest.value; number++) {
          const block = yield* attempt(() => client.getBlock({ blockNumber: number, includeTransactions: true }))
          if (Option.isNone(block)) return Option.none<ReceiptOutcome>()
          scannedUpTo = number
          const replacement = block.value.transactions.find(
            (tx) => tx.from.toLowerCase() === sent.from.toLowerCase() && tx.nonce === sent.nonce,
          )
          if (replacement !== undefined && replacement.hash !== hash) {
            return Option.some<ReceiptOutcome>({
              _tag: "Replaced",
              hash: replacement.hash,
              reason: replacementReason(sent, replacement),
            })
          }
        }
        return Option.none<ReceiptOutcome>()
      })

    const probe = Effect.gen(function* () {
      const receipt = yield* attempt(() => client.getTransactionReceipt({ hash }))
      if (Option.isSome(receipt)) {
        return Option.some<ReceiptOutcome>({
          _tag: "Mined",
          hash,
          status: receipt.value.status,
          blockNumber: receipt.value.blockNumber,
        })
      }
      if (original === undefined) {
        original = Option.getOrUndefined(yield* attempt(() => client.getTransaction({ hash })))
      }
      return original === undefined ? Option.none<ReceiptOutcome>() : yield* findReplacement(original)
    })

    const outcome: Option.Option<ReceiptOutcome> = yield* Effect.repeat(probe, {
      schedule: Schedule.spaced(interval),
      until: Option.isSome,
    })
    return Option.getOrThrow(outcome)
  })
