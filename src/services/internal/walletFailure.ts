import * as Effect from "effect/Effect"
import { type BatchRefusalReason, BatchRefusedError, UserRejectedError, WalletError } from "../../errors/index.js"
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
  safely(
    () => describeFailure(operation, cause),
    new WalletError({ operation, cause, message: `Wallet ${operation} failed` }),
  )

const textOf = (cause: unknown): string => {
  const record = (typeof cause === "object" && cause !== null ? cause : {}) as {
    shortMessage?: unknown
    message?: unknown
  }
  return typeof record.shortMessage === "string"
    ? record.shortMessage
    : typeof record.message === "string"
      ? record.message
      : String(cause)
}

// viem's code for an error it could not classify (UnknownRpcError); the wallet's own code, if any, is on its cause.
const UNKNOWN_CODE = -1

/**
 * The error code the wallet answered with: the first integer `code` of the cause chain, outermost first
 * (viem's RPC error classes carry the wallet's code; an unclassified one keeps it on its cause). A failure with
 * no numeric code (a time-out, a dropped transport, a thrown Error) is no answer.
 */
const answeredCode = (cause: unknown): number | undefined =>
  causeChain(cause)
    .map((error) => error.code)
    .find((code): code is number => typeof code === "number" && Number.isInteger(code) && code !== UNKNOWN_CODE)

const describeFailure = (operation: string, cause: unknown): UserRejectedError | WalletError => {
  if (isUserRejection(cause)) return new UserRejectedError({ operation })
  const code = answeredCode(cause)
  return new WalletError({
    operation,
    cause,
    ...(code !== undefined ? { code } : {}),
    message: `Wallet ${operation} failed: ${textOf(cause)}`,
  })
}

const refusalReasons: ReadonlyMap<number, BatchRefusalReason> = new Map([
  [5700, "unsupported-capability"],
  [5710, "unsupported-chain"],
  [4902, "unsupported-chain"],
  [5720, "duplicate-id"],
  [5740, "too-large"],
  [5750, "upgrade-rejected"],
  [5760, "atomicity-unsupported"],
  [4200, "unsupported-method"],
  [-32601, "unsupported-method"],
  [-32004, "unsupported-method"],
])

/**
 * Maps whatever `wallet_sendCalls` threw: the user's rejection (4001) is a UserRejectedError; any other error
 * code the wallet answered with is a BatchRefusedError — the wallet answered, so nothing was sent; a failure
 * with no answer (a time-out, a dropped transport) is a WalletError, as the batch's outcome is unknown.
 */
export const batchFailure = (cause: unknown): UserRejectedError | BatchRefusedError | WalletError =>
  safely(
    () => {
      if (isUserRejection(cause)) return new UserRejectedError({ operation: "sendCalls" })
      const code = answeredCode(cause)
      if (code === undefined) return describeFailure("sendCalls", cause)
      // The wallet's own words: the innermost error with its code (viem's wrappers reword it).
      const own = [...causeChain(cause)]
        .reverse()
        .find((error) => error.code === code && typeof error.message === "string")
      const details = own !== undefined ? String(own.message) : textOf(cause)
      return BatchRefusedError.of({ code, reason: refusalReasons.get(code) ?? "wallet-error", details, cause })
    },
    new WalletError({ operation: "sendCalls", cause, message: "Wallet sendCalls failed" }),
  )

/** Runs a wallet's promise, its failure mapped by {@link walletFailure}. */
export const walletCall = <A>(operation: string, f: () => Promise<A>) =>
  Effect.tryPromise({ try: f, catch: (cause) => walletFailure(operation, cause) })
