import * as Effect from "effect/Effect"
import { UserRejectedError, WalletError } from "../../errors/index.js"
import { causeChain } from "./causeChain.js"

const isUserRejection = (cause: unknown): boolean =>
  causeChain(cause).some((error) => error.code === 4001 || error.name === "UserRejectedRequestError")

/** Reads what a thrown value says about itself; a hostile value (a throwing getter, a Symbol) says nothing. */
const safely = <A>(f: () => A, fallback: A): A => {
  try {
    return f()
  } catch {
    return fallback
  }
}

/** Maps whatever a wallet threw to a typed error: a user rejection (EIP-1193 4001) or a WalletError. */
export const walletFailure = (operation: string, cause: unknown): UserRejectedError | WalletError =>
  safely(() => describeFailure(operation, cause), new WalletError({ operation, cause, message: `Wallet ${operation} failed` }))

const describeFailure = (operation: string, cause: unknown): UserRejectedError | WalletError => {
  if (isUserRejection(cause)) return new UserRejectedError({ operation })
  const record = (typeof cause === "object" && cause !== null ? cause : {}) as { shortMessage?: unknown; message?: unknown }
  const text = typeof record.shortMessage === "string" ? record.shortMessage : typeof record.message === "string" ? record.message : String(cause)
  return new WalletError({ operation, cause, message: `Wallet ${operation} failed: ${text}` })
}

/** Runs a wallet's promise, its failure mapped by {@link walletFailure}. */
export const walletCall = <A>(operation: string, f: () => Promise<A>) =>
  Effect.tryPromise({ try: f, catch: (cause) => walletFailure(operation, cause) })
