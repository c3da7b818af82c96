import * as Effect from "effect/Effect"
import { type Hex, isHex } from "viem"
import { WalletError } from "../../errors/index.js"

/**
 * A wallet's answer to a signature request, checked at the adapter: a hex string is the signature; nothing at
 * all is `0x` (no signature, which the executor refuses typed); anything else (a number, an object) is a
 * WalletError here, before it can reach a request as a `signature` parameter.
 */
export const signatureAnswer =
  (operation: string) =>
  (answer: unknown): Effect.Effect<Hex, WalletError> => {
    if (answer === undefined || answer === null) return Effect.succeed("0x")
    return typeof answer === "string" && isHex(answer, { strict: true })
      ? Effect.succeed(answer)
      : Effect.fail(
          new WalletError({
            operation,
            message: `Wallet ${operation} failed: the wallet answered something that is not a signature`,
          }),
        )
  }
