import * as Effect from "effect/Effect"
import type { Account } from "viem"
import { sendTransaction } from "viem/actions"
import { getAction } from "viem/utils"
import type { UserRejectedError, WalletError } from "../../errors/index.js"
import type { ViemWalletClient } from "../ViemWalletClient.js"
import type { WalletService } from "../Wallet.js"
import { causeChain } from "./causeChain.js"
import { switchChain } from "./switchChain.js"
import { walletCall } from "./walletFailure.js"

/** True when viem refused a send because the wallet is on another chain (before asking the wallet anything). */
const refusedForChain = (error: UserRejectedError | WalletError): boolean => {
  try {
    return error._tag === "WalletError" && causeChain(error.cause).some((cause) => cause.name === "ChainMismatchError")
  } catch {
    return false
  }
}

/**
 * Sends one transaction through the wallet. A local account signs with the nonce just read (viem would read it
 * again) for the chain it is sent on, so a transaction filled before goes out as it is; a browser wallet picks its
 * own nonce. viem reads the wallet's chain before it sends (one eth_chainId) and refuses another one: only then is
 * the wallet asked to switch, and the send made again — the refused one never reached the wallet.
 */
export const sendOneWith =
  (
    client: ViemWalletClient,
    account: () => Effect.Effect<Account | `0x${string}`, WalletError | UserRejectedError>,
  ): WalletService["sendTransaction"] =>
  ({ chain, request, nonce }) =>
    Effect.gen(function* () {
      const a = yield* account()
      const localNonce =
        typeof a !== "string" && a.type === "local" && nonce !== undefined ? { nonce, chainId: chain.id } : {}
      const send = walletCall("sendTransaction", () =>
        getAction(
          client,
          sendTransaction,
          "sendTransaction",
        )({
          account: a,
          chain,
          to: request.to,
          data: request.data,
          value: request.value,
          gas: request.gas,
          ...localNonce,
          ...(request.maxFeePerGas !== undefined ? { maxFeePerGas: request.maxFeePerGas } : {}),
          ...(request.maxPriorityFeePerGas !== undefined ? { maxPriorityFeePerGas: request.maxPriorityFeePerGas } : {}),
        } as Parameters<typeof sendTransaction>[1]),
      )
      return yield* send.pipe(Effect.catchIf(refusedForChain, () => Effect.andThen(switchChain(client, chain), send)))
    })
