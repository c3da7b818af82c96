import * as Layer from "effect/Layer"
import type { TradekitBook } from "../TradekitBook.js"
import { relayBookLayer } from "./book/relayBook.js"
import { type RelayOptions, resolveRelayOptions } from "./RelayOptions.js"

/**
 * Relay as a client's order book for cross-chain calls: `createClient({ chains, book: relay() })`, then
 * `actions.call({ toChainId, txs })` from the active chain. Every quote is held to the calls asked before the deposit
 * is signed: the origin's published Depository, the order's id and calls, refunds to the user, the amount within the
 * calls' value and `maxFeeBps`.
 *
 * @example
 * const client = createClient({ chains: [mainnet, base], book: relay() })
 * await client.actions.call({ toChainId: 8453, txs: [{ to: nft, data, value: 10n ** 15n }], wallet })
 */
export const relay = (options: RelayOptions = {}): TradekitBook => {
  const resolved = resolveRelayOptions(options)
  return { name: "relay", layer: (transport) => relayBookLayer(resolved).pipe(Layer.provide(transport)) }
}
