import * as Layer from "effect/Layer"
import { fromReservoirWallet } from "../services/reservoirWallet.js"
import type { Capability } from "./Capability.js"

/**
 * Wallets of reservoir-sdk 2.0.x's adapter shape (`ReservoirWallet`: `address`, `handleSignMessageStep`,
 * `handleSendTransactionStep`) as a facade call's `wallet`, for apps that wrote their own adapter. A viem
 * WalletClient needs no capability.
 */
export const reservoirWallets: Capability = {
  name: "reservoirWallets",
  layer: () => Layer.empty,
  reservoirWallet: (wallet) => fromReservoirWallet(wallet),
}
