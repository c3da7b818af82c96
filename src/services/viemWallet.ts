import * as Layer from "effect/Layer"
import type { Capability } from "../capabilities/Capability.js"
import { executorCapabilities } from "../capabilities/executorCapabilities.js"
import { makeViemWallet } from "./makeViemWallet.js"
import type { ViemWalletClient } from "./ViemWalletClient.js"
import type { ViemWalletOptions } from "./ViemWalletOptions.js"
import { Wallet, type WalletService } from "./Wallet.js"

export type { ViemWalletClient } from "./ViemWalletClient.js"
export type { ViemWalletOptions } from "./ViemWalletOptions.js"

/** Options of a wallet made from a viem WalletClient, and the capabilities it has. */
export interface ViemWalletLayerOptions extends ViemWalletOptions {
  /**
   * What the wallet can do beyond signing and sending one transaction: from `tradekit`, every capability
   * (batches, the EIP-7966 send, simulation) unless named here; from `tradekit/lite`, those named here.
   */
  readonly capabilities?: ReadonlyArray<Capability> | undefined
}

/**
 * A Wallet over a viem WalletClient, with every capability unless `options.capabilities` names fewer. Each call goes
 * through the client's own method when it has one, else through viem's action of that name (`viem/actions`), so a
 * bare client (wagmi's connector client) works too. A transaction or a typed-data signature for another chain than
 * the wallet's asks the wallet to switch first; it refuses with a ChainMismatchError if the switch does not take.
 *
 * Batches (EIP-5792, version 2.0.0): the wallet's capabilities are asked once per chain
 * (`wallet_getCapabilities`) and remembered; `atomic: "supported"` or `"ready"` lets the executor send ready
 * transactions as one `wallet_sendCalls` with `atomicRequired: true`, followed by `wallet_getCallsStatus`. A
 * wallet that does not know the methods (the request fails), or a local account (it signs, it does not
 * batch), says no: transactions then go one by one. A `wallet_sendCalls` the wallet answers with an error
 * code (but 4001, the user's rejection) is a BatchRefusedError — nothing was sent; an answer without a usable
 * calls id is a CallsIdMissingError — the batch may have been sent.
 *
 * @example
 * const wallet = fromViemWalletClient(createWalletClient({ account, chain: mainnet, transport: http() }))
 */
export const fromViemWalletClient = (client: ViemWalletClient, options: ViemWalletLayerOptions = {}): WalletService =>
  makeViemWallet(client, options, options.capabilities ?? executorCapabilities)

/** A layer providing the Wallet from a viem WalletClient, with every capability unless `options` names fewer. */
export const walletLayer = (client: ViemWalletClient, options?: ViemWalletLayerOptions): Layer.Layer<Wallet> =>
  Layer.succeed(Wallet, fromViemWalletClient(client, options))
