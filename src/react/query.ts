/**
 * TanStack Query integration of tradekit, as `@wagmi/core/query` does it: for each action, the options of
 * a mutation (`mutationKey`, `mutationFn`) to give to `useMutation` of `@tanstack/react-query` (or to any
 * TanStack adapter). A separate entry, so that apps without TanStack Query pay nothing for it; it imports
 * TanStack's types only, never its code.
 *
 * @example
 * import { useMutation } from "@tanstack/react-query"
 * import { buyTokenMutationOptions } from "tradekit/react/query"
 * const { client, wallet } = useTradekit()
 * const buy = useMutation(buyTokenMutationOptions(client, wallet))
 * buy.mutate({ items: [{ token: "0xNft:42", quantity: 1 }], onSnapshot: setProgress })
 * if (buy.error?._tag === "UserRejectedError") return <p>Cancelled in the wallet</p>
 * @module
 */
import type { MutationOptions } from "@tanstack/react-query"
import type { FacadeActionName } from "../client/FacadeActionName.js"
import type { ReservoirClient, ReservoirClientWallet } from "../client/ReservoirClient.js"
import {
  type ActionMutation,
  type ActionMutationData,
  type ActionMutationError,
  type ActionMutationVariables,
  actionMutation,
} from "./actionMutation.js"

export type { ActionMutationError, ActionMutationKey, ActionMutationVariables } from "./actionMutation.js"

/** The options of an action's mutation, for `useMutation`; spread them to add `onSuccess` and the like. */
export type ActionMutationOptions<N extends FacadeActionName> = MutationOptions<
  ActionMutationData<N>,
  ActionMutationError<N>,
  ActionMutationVariables<N>
> &
  ActionMutation<N>

/**
 * The mutation options of any facade action: its mutation (`mutationKey`, `mutationFn`, the same definition
 * the hooks of `tradekit/react` run), typed for TanStack Query. `mutationFn` calls `client.actions[name]`
 * with the variables' wallet, else `wallet`, and rejects with a tagged error only.
 *
 * @example
 * const list = useMutation({ ...actionMutationOptions("listToken", client, wallet), onSuccess: () => refetchListings()
 * })
 */
export const actionMutationOptions = <N extends FacadeActionName>(
  name: N,
  client: ReservoirClient,
  wallet?: ReservoirClientWallet | undefined,
): ActionMutationOptions<N> => actionMutation(name, client, wallet)

/**
 * Buys tokens (`actions.buyToken`).
 *
 * @example
 * const buy = useMutation(buyTokenMutationOptions(client, wallet))
 * buy.mutate({ items: [{ token: "0xNft:42", quantity: 1 }] })
 */
export const buyTokenMutationOptions = (
  client: ReservoirClient,
  wallet?: ReservoirClientWallet,
): ActionMutationOptions<"buyToken"> => actionMutationOptions("buyToken", client, wallet)

/**
 * Accepts offers on the wallet's tokens (`actions.acceptOffer`).
 *
 * @example
 * const sell = useMutation(acceptOfferMutationOptions(client, wallet))
 */
export const acceptOfferMutationOptions = (
  client: ReservoirClient,
  wallet?: ReservoirClientWallet,
): ActionMutationOptions<"acceptOffer"> => actionMutationOptions("acceptOffer", client, wallet)

/**
 * Mints tokens (`actions.mintToken`).
 *
 * @example
 * const mint = useMutation(mintTokenMutationOptions(client, wallet))
 */
export const mintTokenMutationOptions = (
  client: ReservoirClient,
  wallet?: ReservoirClientWallet,
): ActionMutationOptions<"mintToken"> => actionMutationOptions("mintToken", client, wallet)

/**
 * Lists tokens for sale (`actions.listToken`).
 *
 * @example
 * const list = useMutation(listTokenMutationOptions(client, wallet))
 */
export const listTokenMutationOptions = (
  client: ReservoirClient,
  wallet?: ReservoirClientWallet,
): ActionMutationOptions<"listToken"> => actionMutationOptions("listToken", client, wallet)

/**
 * Places bids (`actions.placeBid`).
 *
 * @example
 * const bid = useMutation(placeBidMutationOptions(client, wallet))
 */
export const placeBidMutationOptions = (
  client: ReservoirClient,
  wallet?: ReservoirClientWallet,
): ActionMutationOptions<"placeBid"> => actionMutationOptions("placeBid", client, wallet)

/**
 * Cancels orders (`actions.cancelOrder`).
 *
 * @example
 * const cancel = useMutation(cancelOrderMutationOptions(client, wallet))
 */
export const cancelOrderMutationOptions = (
  client: ReservoirClient,
  wallet?: ReservoirClientWallet,
): ActionMutationOptions<"cancelOrder"> => actionMutationOptions("cancelOrder", client, wallet)

/**
 * Transfers tokens (`actions.transferTokens`).
 *
 * @example
 * const transfer = useMutation(transferTokensMutationOptions(client, wallet))
 */
export const transferTokensMutationOptions = (
  client: ReservoirClient,
  wallet?: ReservoirClientWallet,
): ActionMutationOptions<"transferTokens"> => actionMutationOptions("transferTokens", client, wallet)

/**
 * Runs transactions on another chain (`actions.call`).
 *
 * @example
 * const call = useMutation(callMutationOptions(client, wallet))
 */
export const callMutationOptions = (
  client: ReservoirClient,
  wallet?: ReservoirClientWallet,
): ActionMutationOptions<"call"> => actionMutationOptions("call", client, wallet)
