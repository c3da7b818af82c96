import * as Effect from "effect/Effect"
import type { Capability } from "../capabilities/Capability.js"
import { CapabilityMissingError } from "../errors/CapabilityMissingError.js"
import { makeViemWallet } from "../services/makeViemWallet.js"
import { isReservoirWallet } from "../services/reservoirWallet.js"
import type { WalletService } from "../services/Wallet.js"
import type { ReservoirClientWallet } from "./ReservoirClient.js"

/**
 * The Wallet service of a facade call's `wallet`: a viem WalletClient with `capabilities`, or an adapter of
 * reservoir-sdk's shape through the capability that takes one (a CapabilityMissingError naming `reservoirWallets`
 * when none does, before anything is asked of it).
 */
export const toWalletService = (
  wallet: ReservoirClientWallet,
  capabilities: ReadonlyArray<Capability>,
): Effect.Effect<WalletService, CapabilityMissingError> => {
  if (!isReservoirWallet(wallet)) return Effect.succeed(makeViemWallet(wallet, {}, capabilities))
  const adapt = capabilities.find((capability) => capability.reservoirWallet !== undefined)?.reservoirWallet
  return adapt === undefined
    ? Effect.fail(CapabilityMissingError.of("reservoirWallets", "A wallet of reservoir-sdk's adapter shape"))
    : Effect.succeed(adapt(wallet))
}
