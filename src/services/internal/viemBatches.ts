import * as Effect from "effect/Effect"
import type { Chain } from "viem"
import { getCallsStatus, getCapabilities, sendCalls } from "viem/actions"
import { getAction } from "viem/utils"
import { CallsIdMissingError } from "../../errors/index.js"
import type { CallsStatus, WalletService } from "../Wallet.js"
import type { ViemWalletParts } from "./ViemWalletParts.js"
import { batchFailure, walletCall } from "./walletFailure.js"

/** What the wallet's EIP-5792 capabilities of one chain allow: atomic batches, and ERC-7677 sponsored gas. */
interface ChainCapabilities {
  readonly atomic: boolean
  readonly paymasterService: boolean
}

const NO_CAPABILITIES: ChainCapabilities = { atomic: false, paymasterService: false }

/** Reads one chain's capabilities: `atomic` is `supported` or `ready`; `paymasterService.supported` is true. */
const capabilitiesOf = (capabilities: unknown): ChainCapabilities => {
  const of = capabilities as
    | { readonly atomic?: { readonly status?: unknown }; readonly paymasterService?: { readonly supported?: unknown } }
    | undefined
  const status = of?.atomic?.status
  return {
    atomic: status === "supported" || status === "ready",
    paymasterService: of?.paymasterService?.supported === true,
  }
}

/** The longest calls id EIP-5792 allows. */
const MAX_CALLS_ID_LENGTH = 8192

/** The calls id of a `wallet_sendCalls` answer, when it is usable: a string of 1 to 8192 characters. */
const callsIdOf = (answer: unknown): string | undefined => {
  try {
    const id = typeof answer === "object" && answer !== null ? (answer as { readonly id?: unknown }).id : undefined
    return typeof id === "string" && id.length > 0 && id.length <= MAX_CALLS_ID_LENGTH ? id : undefined
  } catch {
    return undefined
  }
}

/** What a wallet answered, as a short text for an error message; a hostile value is "unreadable". */
const describeAnswer = (answer: unknown): string => {
  try {
    const text = typeof answer === "string" ? JSON.stringify(answer) : (JSON.stringify(answer) ?? String(answer))
    return text.length > 200 ? `${text.slice(0, 200)}…` : text
  } catch {
    return "unreadable"
  }
}

/** What a viem wallet needs to batch: its client, its account, and a way to put it on a chain. */
export type ViemBatchParts = Pick<ViemWalletParts, "client" | "account" | "ensureChain">

/**
 * The EIP-5792 (version 2.0.0) part of a viem wallet: the capabilities asked once per chain and remembered (a
 * "ready" wallet upgrades itself on its first batch, and stays able to batch); a local account signs, it does not
 * batch. `wallet_sendCalls` goes with `atomicRequired: true`; an answer without a usable calls id is a
 * CallsIdMissingError — the batch may have been sent.
 */
export const viemBatches = ({
  client,
  account,
  ensureChain,
}: ViemBatchParts): Pick<WalletService, "atomicBatch" | "paymasterService" | "sendCalls" | "callsStatus"> => {
  const capabilities = new Map<number, ChainCapabilities>()
  const capabilitiesFor = (chain: Chain) =>
    Effect.gen(function* () {
      const known = capabilities.get(chain.id)
      if (known !== undefined) return known
      const a = yield* account()
      const supported =
        typeof a !== "string" && a.type === "local"
          ? NO_CAPABILITIES
          : yield* walletCall("getCapabilities", () =>
              getAction(client, getCapabilities, "getCapabilities")({ account: a, chainId: chain.id }),
            ).pipe(
              Effect.map(capabilitiesOf),
              Effect.catch((error) =>
                Effect.as(
                  Effect.logDebug(`tradekit: wallet_getCapabilities failed, no batches: ${error.message}`),
                  NO_CAPABILITIES,
                ),
              ),
            )
      capabilities.set(chain.id, supported)
      return supported
    })
  return {
    atomicBatch: (chain) => Effect.map(capabilitiesFor(chain), (c) => c.atomic),
    paymasterService: (chain) => Effect.map(capabilitiesFor(chain), (c) => c.paymasterService),
    sendCalls: ({ chain, calls, capabilities: asked }) =>
      Effect.gen(function* () {
        const a = yield* account()
        yield* ensureChain(chain)
        const answer: unknown = yield* Effect.tryPromise({
          try: () =>
            getAction(
              client,
              sendCalls,
              "sendCalls",
            )({
              account: a,
              chain,
              forceAtomic: true,
              ...(asked?.paymasterService !== undefined
                ? { capabilities: { paymasterService: { url: asked.paymasterService.url, optional: true } } }
                : {}),
              calls: calls.map((call) => ({
                to: call.to,
                ...(call.data !== undefined ? { data: call.data } : {}),
                ...(call.value !== undefined ? { value: call.value } : {}),
              })),
            }),
          catch: batchFailure,
        })
        const id = callsIdOf(answer)
        if (id === undefined)
          return yield* CallsIdMissingError.of({ chainId: chain.id, answer: describeAnswer(answer) })
        return id
      }),
    callsStatus: ({ id }) =>
      walletCall("getCallsStatus", () => getAction(client, getCallsStatus, "getCallsStatus")({ id })).pipe(
        Effect.map(
          (answer): CallsStatus => ({
            // A status the wallet words in no known way is not a verdict yet.
            status: answer.status ?? "pending",
            statusCode: answer.statusCode,
            receipts: (answer.receipts ?? []).map((receipt) => ({
              hash: receipt.transactionHash,
              status: receipt.status === "success" ? "success" : "reverted",
            })),
          }),
        ),
      ),
  }
}
