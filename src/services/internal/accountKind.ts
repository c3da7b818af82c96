import * as Effect from "effect/Effect"
import type { Address, Client, Hex } from "viem"
import { getCode, getTransaction } from "viem/actions"
import { getAction } from "viem/utils"
import type { AccountKind, KnownTransaction } from "../Wallet.js"
import { walletCall } from "./walletFailure.js"

/**
 * `smart` when the account has code — a contract account, or an EOA that delegated its code (EIP-7702's
 * `0xef0100…` designator is code too) — else `eoa`.
 * @internal
 */
export const accountKindOf = (client: Client, address: Address) =>
  walletCall("getCode", () => getAction(client, getCode, "getCode")({ address })).pipe(
    Effect.map((code): AccountKind => (code === undefined || code === "0x" || code === "0x0" ? "eoa" : "smart")),
  )

/**
 * The transaction `hash` as the node knows it (pending or mined), or undefined when it knows none by that hash.
 * @internal
 */
export const transactionByHashOf = (client: Client, hash: Hex) =>
  walletCall("getTransaction", () =>
    getAction(
      client,
      getTransaction,
      "getTransaction",
    )({ hash }).then(
      (tx): KnownTransaction => ({ from: tx.from, nonce: tx.nonce, to: tx.to, value: tx.value, input: tx.input }),
      (error: unknown) => {
        if ((error as { name?: unknown } | null)?.name === "TransactionNotFoundError") return undefined
        throw error
      },
    ),
  )
