// React: a provider with the client's options and a wallet, and a hook per action that renders progress.
import type { WalletClient } from "viem"
import { mainnet } from "../src/index.js"
import { TradekitProvider, useBuyToken } from "../src/react/index.js"

/** A buy button that shows each step as it goes, the typed error, and lets the user stop. */
export const BuyButton = ({ token, onBought }: { readonly token: string; readonly onBought: () => void }) => {
  const { mutate, isPending, progress, error, abort } = useBuyToken({ onSuccess: onBought })
  return (
    <div>
      <button type="button" disabled={isPending} onClick={() => mutate({ items: [{ token, quantity: 1 }] })}>
        Buy
      </button>
      {isPending && (
        <button type="button" onClick={() => abort()}>
          Stop
        </button>
      )}
      <ol>
        {/* Steps with no items (no approval needed, say) have nothing to do: not shown. */}
        {progress?.steps
          .filter((step) => (step.items?.length ?? 0) > 0)
          .map((step) => (
            <li key={step.id}>
              {step.action}: {step.items?.every((item) => item.status === "complete") ? "done" : "…"}
            </li>
          ))}
      </ol>
      {error?._tag === "UserRejectedError" || error?._tag === "ExecutionAbortedError" ? (
        <p>Stopped; nothing more was sent.</p>
      ) : (
        error !== undefined && <p role="alert">{error.message}</p>
      )}
    </div>
  )
}

/** The app: wagmi's `useWalletClient().data` plugs in as `wallet`. */
export const App = ({ wallet }: { readonly wallet: WalletClient }) => (
  <TradekitProvider options={{ chains: [{ ...mainnet, active: true }], source: "my.app" }} wallet={wallet}>
    <BuyButton token="0x1111111111111111111111111111111111111111:42" onBought={() => location.assign("/collection")} />
  </TradekitProvider>
)
