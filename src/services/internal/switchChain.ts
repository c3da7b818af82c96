import * as Effect from "effect/Effect"
import type { Chain, Client } from "viem"
import { addChain, getChainId, switchChain as switchWalletChain } from "viem/actions"
import { getAction } from "viem/utils"
import { ChainMismatchError, type UserRejectedError, type WalletError } from "../../errors/index.js"
import { causeChain } from "./causeChain.js"
import { walletCall } from "./walletFailure.js"

/** The EIP-1193 code a wallet answers `wallet_switchEthereumChain` with when it does not know the chain. */
const UNRECOGNIZED_CHAIN = 4902

/** Whether a thrown value, or one of its causes, carries `code`; a hostile value (a throwing getter) does not. */
const hasCode = (cause: unknown, code: number): boolean => {
  try {
    return causeChain(cause).some((error) => error.code === code)
  } catch {
    return false
  }
}

/** What {@link switchChain} fails with. */
export type SwitchChainErrorType = UserRejectedError | WalletError | ChainMismatchError

/**
 * Asks the wallet to switch to `chain`, and checks that it did. A wallet that does not know the chain (4902)
 * is asked to add it (`wallet_addEthereumChain`, from the viem chain's name, currency, RPC and explorer URLs),
 * then to switch again. A user rejecting the switch or the add is a UserRejectedError ("switchChain"); any
 * other refusal is judged by the chain the wallet ends on, because some wallets switch and still report an
 * error, and others report nothing and stay where they were.
 */
export const switchChain = (client: Client, chain: Chain): Effect.Effect<void, SwitchChainErrorType> => {
  const request = walletCall("switchChain", () => getAction(client, switchWalletChain, "switchChain")({ id: chain.id }))
  const addThenSwitch = walletCall("switchChain", () => getAction(client, addChain, "addChain")({ chain })).pipe(
    Effect.andThen(request),
  )
  return request.pipe(
    Effect.catchIf(
      (error): error is WalletError => error._tag === "WalletError" && hasCode(error.cause, UNRECOGNIZED_CHAIN),
      () => addThenSwitch,
    ),
    Effect.catchTag("WalletError", () => Effect.void),
    Effect.andThen(walletCall("getChainId", () => getAction(client, getChainId, "getChainId")({}))),
    Effect.flatMap((after) =>
      after === chain.id
        ? Effect.void
        : Effect.fail(ChainMismatchError.of({ walletChainId: after, expectedChainId: chain.id })),
    ),
  )
}
