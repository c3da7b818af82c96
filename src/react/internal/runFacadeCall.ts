import type { ReservoirClient, ReservoirClientWallet } from "../../client/ReservoirClient.js"
import { UnknownError } from "../../errors/index.js"
import { messageOf } from "../../errors/messageOf.js"
import { ExecutionAbortedError } from "../errors/ExecutionAbortedError.js"
import { NoWalletError } from "../errors/NoWalletError.js"

/** What every call of the Promise facade takes besides its own parameters. */
export interface CallControls {
  readonly wallet?: ReservoirClientWallet | undefined
  readonly signal?: AbortSignal | undefined
}

/** One call of the Promise facade (an action, or `resume`), given the wallet it acts with. */
export type FacadeCall<P, D> = (
  client: ReservoirClient,
  parameters: P & { readonly wallet: ReservoirClientWallet },
) => Promise<D>

const isTagged = (value: unknown): boolean =>
  typeof value === "object" && value !== null && typeof (value as { readonly _tag?: unknown })._tag === "string"

/**
 * The tagged error a rejection stands for: an abort of `signal` is an `ExecutionAbortedError` carrying its
 * reason; a typed error is itself; anything else (a defect, an interruption from outside) an `UnknownError`
 * with its message, so that what a caller matches on is always a union of tagged errors.
 */
export const toTaggedError = (rejection: unknown, signal: AbortSignal | undefined): unknown => {
  if (rejection instanceof ExecutionAbortedError) return rejection
  if (signal?.aborted === true) return new ExecutionAbortedError({ reason: signal.reason })
  if (isTagged(rejection)) return rejection
  return new UnknownError({ message: messageOf(rejection) })
}

/**
 * Runs `call` with the call's own wallet, else `wallet`; rejects with a tagged error only: `NoWalletError`
 * when there is no wallet at all, else what `toTaggedError` makes of the facade's rejection.
 */
export const runFacadeCall = async <P extends CallControls, D>(
  call: FacadeCall<P, D>,
  client: ReservoirClient,
  parameters: P,
  wallet: ReservoirClientWallet | undefined,
): Promise<D> => {
  const acting = parameters.wallet ?? wallet
  if (acting === undefined) throw new NoWalletError()
  try {
    return await call(client, { ...parameters, wallet: acting })
  } catch (rejection) {
    throw toTaggedError(rejection, parameters.signal)
  }
}
