import * as Effect from "effect/Effect"
import type { Chain } from "viem"
import { getBalance, getBlockNumber, getChainId, getTransactionCount, signMessage, signTypedData } from "viem/actions"
import { getAction } from "viem/utils"
import type { Capability } from "../capabilities/Capability.js"
import { accountKindOf, transactionByHashOf } from "./internal/accountKind.js"
import { lookUpByNonce } from "./internal/nonceLookup.js"
import { signatureAnswer } from "./internal/signatureAnswer.js"
import type { ViemWalletParts } from "./internal/ViemWalletParts.js"
import { accountOf, ensureChainOf, readersOf } from "./internal/viemAccount.js"
import { sendOneWith } from "./internal/viemSend.js"
import { walletCall } from "./internal/walletFailure.js"
import { watchReceipt } from "./internal/watchReceipt.js"
import type { ViemWalletClient } from "./ViemWalletClient.js"
import type { ViemWalletOptions } from "./ViemWalletOptions.js"
import type { WalletService } from "./Wallet.js"

/**
 * A Wallet over a viem WalletClient. Each call goes through the client's own method when it has one (an extended
 * client may override it), else through viem's action of that name (`viem/actions`), so a bare client from
 * `createClient` (wagmi's connector client) works too, and a page loads only the actions that run — never
 * `publicActions` or `walletActions` as a whole. A transaction or a typed-data signature for another chain than the
 * wallet's asks the wallet to switch first; it refuses with a ChainMismatchError if the switch does not take.
 *
 * What `capabilities` add to it come on top: batches (EIP-5792), the EIP-7966 send, the gas estimates and fills of
 * the simulation. `fromViemWalletClient` makes it with every capability, `tradekit/lite`'s with those it names.
 * @internal
 */
export const makeViemWallet = (
  client: ViemWalletClient,
  options: ViemWalletOptions,
  capabilities: ReadonlyArray<Capability>,
): WalletService => {
  const account = () => accountOf(client)
  const ensureChain = ensureChainOf(client)
  // The chain a send was last read and filled on: the client's own, until a send on another moves the wallet there.
  let sendingOn = client.chain?.id
  const moveToChain = (chain: Chain) =>
    chain.id === sendingOn
      ? Effect.void
      : Effect.tap(ensureChain(chain), () =>
          Effect.sync(() => {
            sendingOn = chain.id
          }),
        )
  const { publicClientFor, singleTryClientFor } = readersOf(client, options.publicClients)
  const sendOne = sendOneWith(client, account)
  const base: WalletService = {
    address: Effect.map(account(), (a) => (typeof a === "string" ? a : a.address)),
    chainId: walletCall("getChainId", () => getAction(client, getChainId, "getChainId")({})),
    blockNumber: (chain) =>
      walletCall("getBlockNumber", () =>
        getAction(publicClientFor(chain), getBlockNumber, "getBlockNumber")({ cacheTime: 0 }),
      ),
    signMessage: ({ message }) =>
      Effect.flatMap(account(), (a) =>
        walletCall("signMessage", () => getAction(client, signMessage, "signMessage")({ account: a, message })),
      ).pipe(Effect.flatMap(signatureAnswer("signMessage"))),
    signTypedData: ({ typedData, chain }) =>
      Effect.gen(function* () {
        const a = yield* account()
        // Wallets refuse eth_signTypedData_v4 when the domain's chain is not the active one; a local account
        // signs for any chain.
        if (typeof a === "string" || a.type !== "local") yield* ensureChain(chain)
        return yield* walletCall("signTypedData", () =>
          getAction(client, signTypedData, "signTypedData")({ ...typedData, account: a }),
        ).pipe(Effect.flatMap(signatureAnswer("signTypedData")))
      }),
    sendTransaction: sendOne,
    // Reads go through the wallet's transport, which follows its chain: a send on another chain moves it first.
    moveToChain,
    balance: ({ chain, address }) =>
      walletCall("getBalance", () => getAction(publicClientFor(chain), getBalance, "getBalance")({ address })),
    nextNonce: ({ chain, address }) =>
      walletCall("getTransactionCount", () =>
        getAction(publicClientFor(chain), getTransactionCount, "getTransactionCount")({ address, blockTag: "pending" }),
      ),
    transactionByNonce: ({ chain, address, nonce }) => lookUpByNonce(publicClientFor(chain), address, nonce),
    accountKind: ({ chain, address }) => accountKindOf(publicClientFor(chain), address),
    transactionByHash: ({ chain, hash }) => transactionByHashOf(singleTryClientFor(chain), hash),
    waitForReceipt: ({ chain, hash, sent }) =>
      watchReceipt(publicClientFor(chain), hash, options.receiptPollingInterval ?? 1000, sent),
  }
  const parts: ViemWalletParts = {
    client,
    options,
    account,
    ensureChain,
    moveToChain,
    sendOne,
    publicClientFor,
    singleTryClientFor,
  }
  return Object.assign(base, ...capabilities.flatMap((capability) => capability.wallet?.(parts) ?? []))
}
