import * as Layer from "effect/Layer"
import { makeViemWallet } from "../services/makeViemWallet.js"
import type { ViemWalletClient } from "../services/ViemWalletClient.js"
import type { ViemWalletLayerOptions } from "../services/viemWallet.js"
import { Wallet, type WalletService } from "../services/Wallet.js"

/** A Wallet over a viem WalletClient with only the capabilities `options.capabilities` names (none by default). */
export const fromViemWalletClient = (client: ViemWalletClient, options: ViemWalletLayerOptions = {}): WalletService =>
  makeViemWallet(client, options, options.capabilities ?? [])

/** A layer providing the Wallet from a viem WalletClient, with the capabilities `options` names. */
export const walletLayer = (client: ViemWalletClient, options?: ViemWalletLayerOptions): Layer.Layer<Wallet> =>
  Layer.succeed(Wallet, fromViemWalletClient(client, options))
