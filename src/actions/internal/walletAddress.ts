import * as Effect from "effect/Effect"
import { type Address, isAddress } from "viem"
import { type WalletCallError, WalletError } from "../../errors/index.js"
import { withWalletTimeout } from "../../pipeline/withWalletTimeout.js"
import { ClientConfig } from "../../services/ClientConfig.js"
import { Wallet } from "../../services/Wallet.js"

/**
 * The connected account, as an action puts it in its request (taker, maker, user, from): asked within the
 * wallet time limit, and refused with a WalletError when the wallet answers something that is not an address.
 * @internal
 */
export const walletAddress: Effect.Effect<Address, WalletCallError, Wallet | ClientConfig> = Effect.gen(function* () {
  const config = yield* ClientConfig
  const wallet = withWalletTimeout(yield* Wallet, config.settings)
  const address: unknown = yield* wallet.address
  if (typeof address !== "string" || !isAddress(address, { strict: false })) {
    return yield* new WalletError({
      operation: "address",
      message: "Wallet address failed: the wallet did not answer an address",
    })
  }
  return address
})
