import * as Effect from "effect/Effect"
import type { Address, Client, Hex } from "viem"
import { getBlock, getBlockNumber, getTransactionCount } from "viem/actions"
import { getAction } from "viem/utils"
import type { NonceLookup } from "../Wallet.js"
import { walletCall } from "./walletFailure.js"

/**
 * The account's transaction with `nonce`: `Mined` when the account's mined nonce has passed it (the block is
 * found by searching back from the tip, doubling the distance, then halving — a few reads for a recent
 * transaction), `Pending` when only the node's pool has passed it, else `None`.
 * @internal
 */
export const lookUpByNonce = (client: Client, address: Address, nonce: number) =>
  Effect.gen(function* () {
    const countAt = (blockNumber: bigint) =>
      walletCall("getTransactionCount", () =>
        getAction(client, getTransactionCount, "getTransactionCount")({ address, blockNumber }),
      )
    const latest = yield* walletCall("getBlockNumber", () =>
      getAction(client, getBlockNumber, "getBlockNumber")({ cacheTime: 0 }),
    )
    if ((yield* countAt(latest)) <= nonce) {
      const pending = yield* walletCall("getTransactionCount", () =>
        getAction(client, getTransactionCount, "getTransactionCount")({ address, blockTag: "pending" }),
      )
      return (pending > nonce ? { _tag: "Pending" } : { _tag: "None" }) satisfies NonceLookup
    }
    // The first block after which the account's count exceeds `nonce` holds the transaction.
    let high = latest
    let distance = 1n
    let low = latest - distance
    while (low > 0n && (yield* countAt(low)) > nonce) {
      high = low
      distance *= 2n
      low = high > distance ? high - distance : 0n
    }
    while (high - low > 1n) {
      const middle = (low + high) / 2n
      if ((yield* countAt(middle)) > nonce) high = middle
      else low = middle
    }
    const block = yield* walletCall("getBlock", () =>
      getAction(client, getBlock, "getBlock")({ blockNumber: high, includeTransactions: true }),
    )
    const found = block.transactions.find((tx) => tx.from.toLowerCase() === address.toLowerCase() && tx.nonce === nonce)
    if (found === undefined) return { _tag: "None" } satisfies NonceLookup
    return {
      _tag: "Mined",
      hash: found.hash,
      to: found.to,
      value: found.value,
      input: found.input as Hex,
    } satisfies NonceLookup
  })
