"use client"
export type { FacadeActionName, FacadeActions } from "../client/FacadeActionName.js"
export type { ActionErrors, ActionParameters } from "./actionMutation.js"
export {
  type ActionHook,
  type ActionHookCallbacks,
  type ActionHookData,
  type ActionHookError,
  type ActionHookOptions,
  type ActionHookParameters,
  type ActionHookResult,
  type ActionHookState,
  type ActionHookStatus,
  createActionHook,
} from "./createActionHook.js"
export { ExecutionAbortedError } from "./errors/ExecutionAbortedError.js"
export { NoWalletError } from "./errors/NoWalletError.js"
/**
 * React bindings of tradekit: a provider that holds a client and a wallet, and one hook per action, each
 * a thin shell over the Promise facade that renders the execution's immutable progress snapshots.
 *
 * @example
 * <TradekitProvider options={{ chains, source: "my.app" }} wallet={walletClient}>
 *   <BuyButton />
 * </TradekitProvider>
 * const { mutate, isPending, progress, error, abort } = useBuyToken({ onSuccess: () => toast("Bought") })
 * if (error?._tag === "UserRejectedError") return <p>Cancelled in the wallet</p>
 * // after a reload, carry on with a snapshot kept from `progress`:
 * const resumed = useResume()
 * useEffect(() => resumed.mutate({ snapshot: JSON.parse(localStorage.getItem("execution")!) }), [])
 * @module
 */
export { TradekitClientProvider, type TradekitClientProviderProps } from "./TradekitClientProvider.js"
export { TradekitContext, type TradekitContextValue } from "./TradekitContext.js"
export { TradekitProvider, type TradekitProviderProps } from "./TradekitProvider.js"
export { useAcceptOffer } from "./useAcceptOffer.js"
export { useBuyToken } from "./useBuyToken.js"
export { useCall } from "./useCall.js"
export { useCancelOrder } from "./useCancelOrder.js"
export { useListToken } from "./useListToken.js"
export { useMintToken } from "./useMintToken.js"
export { usePlaceBid } from "./usePlaceBid.js"
export {
  type UseResumeErrorType,
  type UseResumeOptions,
  type UseResumeParameters,
  type UseResumeReturnType,
  useResume,
} from "./useResume.js"
export { useTradekit } from "./useTradekit.js"
export { useTransferTokens } from "./useTransferTokens.js"
