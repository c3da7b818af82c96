import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { Address, Chain, Hex } from "viem"
import {
  InvalidSnapshotError,
  PollTimeoutError,
  SendOutcomeUnknownError,
  TransactionCancelledError,
  type WalletCallError,
} from "../../errors/index.js"
import { NO_STACK } from "../../internal/spanOptions.js"
import { pollUntil } from "../../polling/pollUntil.js"
import type { TransactionRequest } from "../../schema/TransactionRequest.js"
import type { NonceLookup } from "../../services/Wallet.js"
import type { ExecutionContext } from "../ExecutionContext.js"
import type { ItemJournal, SendRequestedEntry } from "./Journal.js"

/** What a send of unknown outcome turned out to be: adopted by its hash, or proven never to land. */
export type Reconciled = { readonly _tag: "Adopt"; readonly hash: Hex } | { readonly _tag: "NotSent" }

/** Why a send's outcome cannot be settled: the words of the SendOutcomeUnknownError. */
type Unproven = "smart-account" | "no-nonce" | "open-prompt"

const sameCall = (found: Extract<NonceLookup, { _tag: "Mined" }>, request: TransactionRequest): boolean =>
  found.to?.toLowerCase() === request.to.toLowerCase() &&
  found.value === (request.value ?? 0n) &&
  found.input.toLowerCase() === (request.data ?? "0x").toLowerCase()

const isCancellation = (found: Extract<NonceLookup, { _tag: "Mined" }>, from: string): boolean =>
  found.to?.toLowerCase() === from.toLowerCase() &&
  found.value === 0n &&
  (found.input === "0x" || found.input === "0x0")

/** What the chain says about the nonces from the journaled one on. */
type Probe =
  | { readonly _tag: "Adopt"; readonly hash: Hex }
  | { readonly _tag: "Cancelled" }
  | { readonly _tag: "SlotTaken" }
  | { readonly _tag: "SlotFree" }

/**
 * A send the journal says the wallet rejected: nothing went out, so it may be sent again — unless the chain says
 * otherwise. The journal is stored where anyone may edit it, so where the wallet can look nonces up, the account's
 * mined transactions from the journaled nonce on (a few) are read first: the very call among them is adopted, never
 * sent twice.
 */
const afterRejection = (
  ctx: ExecutionContext,
  chain: Chain,
  request: TransactionRequest,
  requested: SendRequestedEntry,
  address: Address,
): Effect.Effect<Reconciled, WalletCallError> =>
  Effect.gen(function* () {
    const { nextNonce, transactionByNonce } = ctx.wallet
    if (requested.nonce === undefined || nextNonce === undefined || transactionByNonce === undefined)
      return { _tag: "NotSent" } as const
    const next = yield* nextNonce({ chain, address })
    const last = Math.min(next, requested.nonce + ctx.config.settings.nonceWindow) - 1
    for (let nonce = requested.nonce; nonce <= last; nonce++) {
      const found = yield* transactionByNonce({ chain, address, nonce })
      if (found._tag === "Mined" && sameCall(found, request)) return { _tag: "Adopt", hash: found.hash } as const
    }
    return { _tag: "NotSent" } as const
  })

/**
 * Settles a send whose outcome is unknown — the wallet was asked and no hash came back (the prompt was
 * abandoned, timed out, or the execution stopped) — so that a transaction is sent again only with proof that
 * the first cannot land:
 * - the wallet answered the prompt with a rejection (journaled): not sent, unless the chain shows the very call
 *   (see {@link afterRejection});
 * - a mined transaction of the account, at the journaled nonce or a few after it, doing what the item asks: it
 *   is adopted; one still pending in that window is waited for; a self-transfer of nothing at the nonce is a
 *   cancellation;
 * - the transaction was to go out with exactly the journaled nonce (an account that signs locally) and that
 *   slot is taken by another transaction, or still free (a second send takes the same slot, so at most one
 *   lands): not sent.
 * Anything else has no proof — a smart account (its own nonce need not move), a wallet that picks its own
 * nonces (a prompt still open would take the next free one), a wallet that cannot look nonces up — and is a
 * SendOutcomeUnknownError, unless the app asked the user and opted in (`resendUnknown`). A journaled nonce
 * beyond the account's next one cannot be true: an InvalidSnapshotError.
 */
export const reconcileSend = (
  ctx: ExecutionContext,
  chain: Chain,
  request: TransactionRequest,
  journal: ItemJournal & { readonly sendRequested: SendRequestedEntry },
): Effect.Effect<
  Reconciled,
  SendOutcomeUnknownError | TransactionCancelledError | PollTimeoutError | InvalidSnapshotError | WalletCallError
> =>
  Effect.gen(function* () {
    const requested = journal.sendRequested
    // The account is the wallet's, never the journal's word: a send is adopted only from the user's transactions.
    const address = yield* ctx.address
    if (journal.sendRejected) return yield* afterRejection(ctx, chain, request, requested, address)
    const unproven = (why: Unproven) =>
      ctx.resendUnknown
        ? Effect.as(Effect.logInfo(`tradekit: sending again a send of unknown outcome (${why}), as the app asked`), {
            _tag: "NotSent",
          } as const)
        : SendOutcomeUnknownError.of({ from: requested.from, chainId: requested.chainId, reason: why })

    const kind = ctx.wallet.accountKind === undefined ? "eoa" : yield* ctx.wallet.accountKind({ chain, address })
    if (kind === "smart") return yield* unproven("smart-account")
    const { nextNonce, transactionByNonce } = ctx.wallet
    if (requested.nonce === undefined || nextNonce === undefined || transactionByNonce === undefined)
      return yield* unproven("no-nonce")
    const first = requested.nonce

    const probe = Effect.gen(function* () {
      const next = yield* nextNonce({ chain, address })
      if (first > next) {
        return yield* InvalidSnapshotError.of({
          issue: `its journal says a send was asked for at nonce ${first}, but the account's next nonce on chain ${chain.id} is ${next}`,
        })
      }
      const last = Math.min(next, first + ctx.config.settings.nonceWindow) - 1
      let pending = false
      let firstSlot: Probe = { _tag: "SlotFree" }
      for (let nonce = first; nonce <= last; nonce++) {
        const found = yield* transactionByNonce({ chain, address, nonce })
        if (found._tag === "Pending") pending = true
        if (found._tag !== "Mined") continue
        if (sameCall(found, request)) return Option.some<Probe>({ _tag: "Adopt", hash: found.hash })
        if (nonce === first) firstSlot = isCancellation(found, address) ? { _tag: "Cancelled" } : { _tag: "SlotTaken" }
      }
      // A transaction still pending may be ours: wait for it to be mined before deciding.
      return pending ? Option.none<Probe>() : Option.some(firstSlot)
    })
    const outcome = yield* pollUntil(probe, {
      interval: ctx.pollingInterval,
      attempts: ctx.maxAttempts,
      onExhausted: (attempts) => PollTimeoutError.of({ kind: "ok", attempts }),
    })
    switch (outcome._tag) {
      case "Adopt":
        return outcome
      case "Cancelled":
        return yield* new TransactionCancelledError({ txHash: "0x" })
      default:
        return requested.exactNonce === true ? ({ _tag: "NotSent" } as const) : yield* unproven("open-prompt")
    }
  }).pipe(Effect.withSpan("tradekit.reconcileSend", undefined, NO_STACK))
