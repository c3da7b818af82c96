import * as Effect from "effect/Effect"
import { type Account, type Chain, type Client, createClient, custom, type PublicClient } from "viem"
import { getAddresses, getChainId } from "viem/actions"
import { getAction } from "viem/utils"
import { type UserRejectedError, WalletError } from "../../errors/index.js"
import type { ViemWalletClient } from "../ViemWalletClient.js"
import { switchChain } from "./switchChain.js"
import { walletCall } from "./walletFailure.js"

/** The client's account, else the first address the wallet has connected. */
export const accountOf = (
  client: ViemWalletClient,
): Effect.Effect<Account | `0x${string}`, WalletError | UserRejectedError> =>
  client.account !== undefined
    ? Effect.succeed(client.account)
    : walletCall("getAddresses", () => getAction(client, getAddresses, "getAddresses")({})).pipe(
        Effect.flatMap((addresses) =>
          addresses[0] === undefined
            ? Effect.fail(
                new WalletError({ operation: "getAddresses", message: "The wallet has no account connected" }),
              )
            : Effect.succeed(addresses[0]),
        ),
      )

/** Asks the wallet to switch to `chain` unless it is on it already. */
export const ensureChainOf = (client: ViemWalletClient) => (chain: Chain) =>
  Effect.gen(function* () {
    const current = yield* walletCall("getChainId", () => getAction(client, getChainId, "getChainId")({}))
    if (current === chain.id) return
    yield* switchChain(client, chain)
  })

/**
 * The clients that read a chain: the configured public client of that chain, else the wallet's own transport. The
 * single-try one is for a read whose failure is an answer of its own (a revert, "cannot tell"): asked once, not
 * retried.
 */
export const readersOf = (
  client: ViemWalletClient,
  publicClients: Readonly<Record<number, PublicClient>> | undefined,
) => ({
  publicClientFor: (chain: Chain): Client =>
    publicClients?.[chain.id] ?? createClient({ chain, transport: custom({ request: client.request }) }),
  singleTryClientFor: (chain: Chain): Client =>
    publicClients?.[chain.id] ??
    createClient({ chain, transport: custom({ request: client.request }, { retryCount: 0 }) }),
})
