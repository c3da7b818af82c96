import type * as Effect from "effect/Effect"
import type { Account, Chain, Client } from "viem"
import type { UserRejectedError, WalletCallError, WalletError } from "../../errors/index.js"
import type { ViemWalletClient } from "../ViemWalletClient.js"
import type { ViemWalletOptions } from "../ViemWalletOptions.js"
import type { WalletService } from "../Wallet.js"
import type { SwitchChainErrorType } from "./switchChain.js"

/** What a viem wallet is made of, for the capabilities that add to it: its client, account, chain and readers. */
export interface ViemWalletParts {
  readonly client: ViemWalletClient
  readonly options: ViemWalletOptions
  /** The client's account, else the first address the wallet has connected. */
  readonly account: () => Effect.Effect<Account | `0x${string}`, WalletError | UserRejectedError>
  /** Asks the wallet to switch to `chain` unless it is on it already. */
  readonly ensureChain: (chain: Chain) => Effect.Effect<void, WalletError | UserRejectedError | SwitchChainErrorType>
  /** Moves the wallet to `chain` unless its last send was on it. */
  readonly moveToChain: (chain: Chain) => Effect.Effect<void, WalletCallError>
  /** The wallet's one-transaction send. */
  readonly sendOne: WalletService["sendTransaction"]
  /** The client that reads `chain`. */
  readonly publicClientFor: (chain: Chain) => Client
  /** The client that reads `chain` once, not retried (a read whose failure is an answer). */
  readonly singleTryClientFor: (chain: Chain) => Client
}

/** What a capability adds to a viem wallet: the methods it makes from the wallet's parts. */
export type ViemWalletExtension = (parts: ViemWalletParts) => Partial<WalletService>
