import { useSession } from "../session.js"

/**
 * The wallets to act with: the devnet wallet (the account picked in the top bar, signing with its test key in
 * the page; with "One confirmation", a smart wallet that batches an approval and the sale) and every injected wallet the page found, each with the name and icon it announced.
 */
export const WalletChoices = () => {
  const {
    account,
    config,
    chains,
    chainId,
    injectedWallets,
    injected,
    connectInjected,
    connectDevnet,
    oneConfirmation,
    canBatch,
    setOneConfirmation,
    sponsoredGas,
    setSponsoredGas,
  } = useSession()
  const canSponsor = chains.find((c) => c.id === chainId)?.paymasterUrl !== undefined
  const stateOf = (uuid: string) => (injected?.wallet.info.uuid === uuid ? injected.status : undefined)
  return (
    <div className="wallet-choices" data-testid="wallet-choices">
      {config.accounts.length > 0 ? (
        <button
          type="button"
          className={`wallet-choice ${injected === undefined ? "active" : ""}`}
          onClick={connectDevnet}
          data-testid="wallet-choice"
          data-kind="devnet"
          data-state={injected === undefined ? "connected" : undefined}
        >
          <span className="logo wallet-icon" />
          <span className="wallet-choice-name">
            Devnet wallet
            <small>{account?.label ?? "local test keys"}</small>
          </span>
          {injected === undefined ? <span className="pill pill-complete">connected</span> : null}
        </button>
      ) : null}
      {config.accounts.length > 0 && canBatch ? (
        <label
          className="wallet-option"
          title="The devnet wallet batches calls (EIP-5792 over EIP-7702): an approval and the sale go out as one transaction"
        >
          <input
            type="checkbox"
            checked={oneConfirmation}
            onChange={(e) => setOneConfirmation(e.target.checked)}
            data-testid="one-confirmation"
          />
          One confirmation <small className="muted">(batch approval + sale)</small>
        </label>
      ) : null}
      {config.accounts.length > 0 && canBatch && canSponsor ? (
        <label
          className="wallet-option"
          title="With one confirmation: the devnet's ERC-7677 paymaster pays the batch's gas; the account needs no ETH"
        >
          <input
            type="checkbox"
            checked={sponsoredGas}
            onChange={(e) => setSponsoredGas(e.target.checked)}
            data-testid="sponsored-gas"
          />
          Sponsored gas <small className="muted">(buy with USDC, no ETH)</small>
        </label>
      ) : null}
      {injectedWallets.map(({ info, source }) => {
        const state = stateOf(info.uuid)
        return (
          <button
            type="button"
            key={info.uuid}
            className={`wallet-choice ${state === "connected" ? "active" : ""}`}
            onClick={() => connectInjected(info.uuid)}
            disabled={state === "connecting"}
            data-testid="wallet-choice"
            data-kind="injected"
            data-rdns={info.rdns}
            data-uuid={info.uuid}
            data-state={state}
          >
            <img className="wallet-icon" src={info.icon} alt="" width={20} height={20} />
            <span className="wallet-choice-name">
              {info.name}
              <small>{source === "eip6963" ? info.rdns : "window.ethereum"}</small>
            </span>
            {state === "connected" ? <span className="pill pill-complete">connected</span> : null}
            {state === "connecting" ? <span className="pill pill-running">connecting…</span> : null}
          </button>
        )
      })}
      {injectedWallets.length === 0 ? (
        <div className="empty">No browser wallet in this page (none announced itself, no window.ethereum).</div>
      ) : null}
      {injected?.status === "error" ? (
        <div className="item-error" role="alert" data-testid="connect-error">
          {injected.wallet.info.name}: {injected.error}
        </div>
      ) : null}
    </div>
  )
}
