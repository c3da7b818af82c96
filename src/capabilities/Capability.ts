import type * as Layer from "effect/Layer"
import type { ViemWalletExtension } from "../services/internal/ViemWalletParts.js"
import type { ReservoirWallet } from "../services/reservoirWallet.js"
import type { WalletService } from "../services/Wallet.js"

/** A constructor of WebSockets: the global `WebSocket`'s shape, with the handshake headers `ws` can send. */
export type WebSocketConstructor = (
  url: string,
  protocols?: string | Array<string>,
  options?: { readonly headers: Readonly<Record<string, string>> },
) => globalThis.WebSocket

/** The client options a capability's layer reads. */
export interface CapabilityOptions {
  /**
   * Builds the sockets of chains with a `websocketUrl` (status pushed instead of waiting for the next poll).
   * The global `WebSocket` when absent; on Node 20, which has none, pass one from the `ws` package:
   * `(url, protocols, options) => new WebSocket(url, protocols, options)`. Without either, status is polled
   * only. `options.headers`, when given, are the API key and headers of a socket on the API's origin, for the
   * handshake (a browser's `WebSocket` cannot send them).
   */
  readonly webSocketConstructor?: WebSocketConstructor | undefined
}

/**
 * One optional part of the client (the status socket, batches, simulation, the EIP-7966 send, the price check,
 * resumption, wallets of reservoir-sdk's shape): the layer that provides it to the executor and what it adds to a
 * wallet. `createClient` from `tradekit` has them all; one from `tradekit/lite` has those its `capabilities` name,
 * and a page carries only those.
 */
export interface Capability {
  /** Its name, as `tradekit/lite` exports it (`statusSocket`): what a CapabilityMissingError tells to add. */
  readonly name: string
  /** Provides it to the executor, from the client's options. */
  readonly layer: (options: CapabilityOptions) => Layer.Layer<never>
  /** What it adds to a wallet made from a viem WalletClient, when anything. */
  readonly wallet?: ViemWalletExtension | undefined
  /** Makes the Wallet of a facade call whose `wallet` has reservoir-sdk's adapter shape, when it can. */
  readonly reservoirWallet?: ((wallet: ReservoirWallet) => WalletService) | undefined
}
