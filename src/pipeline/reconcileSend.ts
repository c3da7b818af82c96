import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { Address, Chain, Hex } from "viem"
import { PollTimeoutError, SendOutcomeUnknownError, TransactionCancelledError, type WalletCallError } from "../errors/index.js"
import { pollUntil } from "../polling/pollUntil.js"
import type { TransactionRequest } from "../schema/TransactionRequest.js"
import type { NonceLookup } from "../services/Wallet.js"
import type { ExecutionContext } from "./ExecutionContext.js"
import type { SendRequestedEntry } from "./Journal.js"

/** What a send of unknown outcome turned out to be. */
export type Reconciled = { readonly _tag: "Adopt"; readonly hash: Hex } | { readonly _tag: "NotSent" }

const sameCall = (found: Extract<NonceLookup, { _tag: "Mined" }>, request: TransactionRequest): boolean =>
  found.to?.toLowerCase() === request.to.toLowerCase() &&
  found.value === (request.value ?? 0n) &&
  found.input.toLowerCase() === (request.data ?? "0x").toLowerCase()

const isCancellation = (found: Extract<NonceLookup, { _tag: "Mined" }>, from: string): boolean =>
  found.to?.toLowerCase() === from.toLowerCase() && found.value === 0n && (found.input === "0x" || found.input === "0x0")

/**
 * Settles a send whose outcome is unknown — the wallet was asked, and no hash came back (the prompt was
 * abandoned, timed out, or the execution stopped) — by the account's nonces, so a transaction is never sent
 * twice: a mined transaction from the account, at the recorded nonce or a few after it, that does what the
 * item asks is adopted; one that is still pending is waited for; a self-transfer of nothing at the recorded
 * nonce is a cancellation; nothing at all means the send never happened, and it may be made. A wallet that
 * cannot look nonces up gives a SendOutcomeUnknownError: never a blind second send.
 */
export const reconcileSend = (
  ctx: ExecutionContext,
  chain: Chain,
  request: TransactionRequest,
  requested: SendRequestedEntry,
): Effect.Effect<Reconciled, SendOutcomeUnknownError | TransactionCancelledError | PollTimeoutError | WalletCallError> =>
  Effect.gen(function* () {
    const { nextNonce, transactionByNonce } = ctx.wallet
    if (requested.nonce === undefined || nextNonce === undefined || transactionByNonce === undefined) {
      return yield* SendOutcomeUnknownError.of({ from: requested.from, chainId: requested.chainId })
    }
    const address = requested.from as Address
    const first = requested.nonce
    const probe = Effect.gen(function* () {
      const next = yield* nextNonce({ chain, address })
      const last = Math.min(next, first + ctx.config.settings.nonceWindow) - 1
      let pending = false
      for (let nonce = first; nonce <= last; nonce++) {
        const found = yield* transactionByNonce({ chain, address, nonce })
        if (found._tag === "Pending") pending = true
        if (found._tag !== "Mined") continue
        if (sameCall(found, request)) return Option.some<Reconciled | "cancelled">({ _tag: "Adopt", hash: found.hash })
        if (nonce === first && isCancellation(found, address)) return Option.some<Reconciled | "cancelled">("cancelled")
      }
      // A transaction still pending may be ours: wait for it to be mined before deciding.
      return pending ? Option.none() : Option.some<Reconciled | "cancelled">({ _tag: "NotSent" })
    })
    const outcome = yield* pollUntil(probe, {
      interval: ctx.pollingInterval,
      attempts: ctx.maxAttempts,
      onExhausted: (attempts) => PollTimeoutError.of({ kind: "ok", attempts }),
    })
    if (outcome === "cancelled") return yield* new TransactionCancelledError({ txHash: "0x" })
    return outcome
  }).pipe(Effect.withSpan("tradekit.reconcileSend"))
