import * as Layer from "effect/Layer"
import type { LocalAccount } from "viem"
import { sendLocalSyncWith } from "../services/internal/sendSync.js"
import type { Capability } from "./Capability.js"

/**
 * The EIP-7966 send: a viem wallet with a local account sends with `eth_sendRawTransactionSync`, the receipt in
 * the same call (one round trip fewer per transaction); a node without the method is asked once per client and
 * chain, then sent to the usual way. The wallet's `syncReceipts: false` turns it off.
 */
export const syncSend: Capability = {
  name: "syncSend",
  layer: () => Layer.empty,
  wallet: (parts) =>
    parts.client.account?.type === "local" && parts.options.syncReceipts !== false
      ? {
          sendTransactionSync: (args) =>
            sendLocalSyncWith(
              parts.client,
              parts.sendOne,
              parts.options.syncReceiptWait ?? 1000,
            )(parts.client.account as LocalAccount, args),
        }
      : {},
}
