/**
 * A hook or a mutation had no wallet to act with: neither the provider, the mutation options nor the
 * call's variables gave one. Nothing was requested.
 *
 * A plain Error subclass with a `_tag`, for the same reason as `ExecutionAbortedError`.
 *
 * @example
 * const { error } = useBuyToken()
 * if (error?._tag === "NoWalletError") return <ConnectButton />
 */
export class NoWalletError extends Error {
  readonly _tag = "NoWalletError" as const
  override readonly name = "NoWalletError"

  constructor() {
    super("No wallet to act with; give one to <TradekitProvider wallet>, to the mutation options, or with the call")
  }
}
