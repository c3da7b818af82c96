import type { Capability } from "../capabilities/Capability.js"
import { makeViemWallet } from "../services/makeViemWallet.js"
import { fromReservoirWallet, isReservoirWallet } from "../services/reservoirWallet.js"
import type { WalletService } from "../services/Wallet.js"
import type { ReservoirClientWallet } from "./ReservoirClient.js"

/** The Wallet service of a facade call's `wallet`: the older adapter shape, else a viem WalletClient with `capabilities`. */
export const toWalletService = (
  wallet: ReservoirClientWallet,
  capabilities: ReadonlyArray<Capability>,
): WalletService => (isReservoirWallet(wallet) ? fromReservoirWallet(wallet) : makeViemWallet(wallet, {}, capabilities))
