import { fromReservoirWallet, isReservoirWallet } from "../services/reservoirWallet.js"
import { fromViemWalletClient } from "../services/viemWallet.js"
import type { WalletService } from "../services/Wallet.js"
import type { ReservoirClientWallet } from "./ReservoirClient.js"

/** The Wallet service of a facade call's `wallet`: the older adapter shape, else a viem WalletClient. */
export const toWalletService = (wallet: ReservoirClientWallet): WalletService =>
  isReservoirWallet(wallet) ? fromReservoirWallet(wallet) : fromViemWalletClient(wallet)
