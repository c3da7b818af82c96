import { useCallback, useEffect, useMemo, useRef, useState } from "react"
import type { Address } from "viem"
import { openSea } from "../../src/apis/opensea/index.js"
import { relay } from "../../src/apis/relay/index.js"
import type { ReservoirClientOptions } from "../../src/index.js"
import { TradekitProvider } from "../../src/react/index.js"
import { short } from "./api.js"
import { messageOf } from "./components/ErrorView.js"
import { EventLog, eventLog, useRecordEvents } from "./components/EventLog.js"
import { HttpLog } from "./components/HttpLog.js"
import { OpenSeaBookPanel } from "./components/OpenSeaBookPanel.js"
import { WalletPanel } from "./components/WalletPanel.js"
import { batchExecutorsOf, batchingWallet, localWallet, viemChainOf } from "./devnetWallet.js"
import { useInjectedWallets } from "./eip6963.js"
import { httpLog } from "./httpLog.js"
import { connectInjected, injectedClient } from "./injectedWallet.js"
import { interruptedExecutions } from "./interruptedExecutions.js"
import { MarketProvider, useMarket } from "./market.js"
import { OpenSeaBookProvider } from "./openSeaBook.js"
import type { PlaygroundChain, PlaygroundConfig } from "./PlaygroundConfig.js"
import { BidPanel } from "./panels/BidPanel.js"
import { BuyPanel } from "./panels/BuyPanel.js"
import { CallPanel } from "./panels/CallPanel.js"
import { CancelPanel } from "./panels/CancelPanel.js"
import { ListPanel } from "./panels/ListPanel.js"
import { MintPanel } from "./panels/MintPanel.js"
import { SellPanel } from "./panels/SellPanel.js"
import { TransferPanel } from "./panels/TransferPanel.js"
import { type ApiKind, type InjectedConnection, SessionContext, useSession } from "./session.js"

const ACTIONS = [
  ["buy", "Buy", BuyPanel],
  ["sell", "Accept offer", SellPanel],
  ["list", "List", ListPanel],
  ["bid", "Bid", BidPanel],
  ["cancel", "Cancel", CancelPanel],
  ["transfer", "Transfer", TransferPanel],
  ["mint", "Mint", MintPanel],
  ["call", "Cross-chain", CallPanel],
] as const

type ActionId = (typeof ACTIONS)[number][0]
/** What OpenSea's book plans (a transfer from the chain, a mint from its drops): cross-chain is not offered on it. */
const OPENSEA_ACTIONS: ReadonlySet<ActionId> = new Set(["buy", "sell", "list", "bid", "cancel", "transfer", "mint"])
/** The account picker's value while an injected wallet acts. */
const INJECTED = "injected"

const Settings = (props: {
  chains: ReadonlyArray<PlaygroundChain>
  onApply: (chains: ReadonlyArray<PlaygroundChain>) => void
  onClose: () => void
}) => {
  const [draft, setDraft] = useState(props.chains)
  const edit = (id: number, patch: Partial<PlaygroundChain>) =>
    setDraft((d) => d.map((c) => (c.id === id ? { ...c, ...patch } : c)))
  return (
    <section className="card settings" data-testid="settings">
      <header className="card-head">
        <h2>Connection settings</h2>
        <button type="button" className="ghost" onClick={props.onClose}>
          Close
        </button>
      </header>
      {draft.map((c) => (
        <div key={c.id} className="settings-chain">
          <strong>
            {c.name} <code>{c.id}</code>
          </strong>
          <label className="field">
            <span className="field-label">API base URL</span>
            <input
              name={`api-${c.id}`}
              value={c.baseApiUrl}
              onChange={(e) => edit(c.id, { baseApiUrl: e.target.value })}
            />
          </label>
          <label className="field">
            <span className="field-label">RPC URL</span>
            <input name={`rpc-${c.id}`} value={c.rpcUrl} onChange={(e) => edit(c.id, { rpcUrl: e.target.value })} />
          </label>
          <label className="field">
            <span className="field-label">Block explorer (optional)</span>
            <input
              name={`explorer-${c.id}`}
              value={c.explorerUrl ?? ""}
              placeholder="https://…"
              onChange={(e) => edit(c.id, { explorerUrl: e.target.value || undefined })}
            />
          </label>
        </div>
      ))}
      <div className="actions">
        <button type="button" className="primary" onClick={() => props.onApply(draft)}>
          Apply and reconnect
        </button>
      </div>
    </section>
  )
}

const Logs = () => {
  const [tab, setTab] = useState<"http" | "events">("http")
  useRecordEvents()
  return (
    <section className="card logs">
      <header className="card-head">
        <nav className="tabs small">
          <button
            type="button"
            className={tab === "http" ? "active" : ""}
            onClick={() => setTab("http")}
            data-testid="tab-http"
          >
            Requests
          </button>
          <button
            type="button"
            className={tab === "events" ? "active" : ""}
            onClick={() => setTab("events")}
            data-testid="tab-events"
          >
            Events
          </button>
        </nav>
        <button type="button" className="ghost" onClick={() => (tab === "http" ? httpLog.clear() : eventLog.clear())}>
          Clear
        </button>
      </header>
      {tab === "http" ? <HttpLog /> : <EventLog />}
    </section>
  )
}

const isActionId = (id: string | undefined): id is ActionId => ACTIONS.some(([action]) => action === id)

const Workspace = () => {
  const [active, setActive] = useState<ActionId>(() => {
    const interrupted = interruptedExecutions()[0]?.panel
    return isActionId(interrupted) ? interrupted : "buy"
  })
  const { wallet, config, apiKind } = useSession()
  const offered = ACTIONS.filter(([id]) => apiKind !== "opensea" || OPENSEA_ACTIONS.has(id))
  const shown = offered.some(([id]) => id === active) ? active : "buy"
  return (
    <main className="workspace">
      <div className="main-column">
        <nav className="tabs actions-tabs" data-testid="action-tabs">
          {offered.map(([id, label]) => (
            <button
              type="button"
              key={id}
              className={shown === id ? "active" : ""}
              onClick={() => setActive(id)}
              data-testid={`tab-${id}`}
            >
              {label}
            </button>
          ))}
        </nav>
        {!wallet ? <div className="notice">Connect a wallet to run actions.</div> : null}
        {/* Every panel stays mounted: switching tabs must not abort what another panel runs. */}
        {ACTIONS.map(([id, , Panel]) => (
          <div key={id} hidden={shown !== id}>
            <Panel />
          </div>
        ))}
        <Logs />
      </div>
      <aside className="side-column">
        <WalletPanel />
        {config.openSea !== undefined && apiKind === "opensea" ? <OpenSeaBookPanel /> : null}
      </aside>
    </main>
  )
}

const ReadyBadge = () => {
  const { loading, byChain } = useMarket()
  const failed = byChain.some((m) => m.error)
  return (
    <span
      className={`pill ${failed ? "pill-error" : loading ? "pill-running" : "pill-complete"}`}
      data-testid="api-status"
    >
      {failed ? "API unreachable" : loading ? "reading…" : "API ready"}
    </span>
  )
}

/** The book the page trades on, as the header names it: OpenSea's (through the page's proxy) or the API's URL. */
const BookName = (props: { apiKind: ApiKind; openSea: PlaygroundConfig["openSea"]; apiUrl: string | undefined }) => {
  const onOpenSea = props.apiKind === "opensea" && props.openSea !== undefined
  const text = onOpenSea ? `OpenSea book · ${props.openSea?.apiBaseUrl}` : props.apiUrl
  return (
    <span className="topbar-api" title={text} data-testid="book-name">
      {text}
    </span>
  )
}

/** The playground: connection bar, one panel per action with its live steps, the wallet, and the logs. */
export const App = ({ config }: { config: PlaygroundConfig }) => {
  const [chains, setChains] = useState<ReadonlyArray<PlaygroundChain>>(config.chains)
  const [version, setVersion] = useState(0)
  // The order book the actions trade on: the devnet's Reservoir-protocol API, or its OpenSea routes (`?api=opensea`).
  const [apiKind, setApiKind] = useState<ApiKind>(() =>
    new URLSearchParams(window.location.search).get("api") === "opensea" ? "opensea" : "reservoir",
  )
  const [chainId, setChainId] = useState(() => (config.chains.find((c) => c.active) ?? config.chains[0]!).id)
  const [accountKey, setAccountKey] = useState(() => {
    // A reload in the middle of an execution comes back as the account it acts for, so that it can resume.
    const interrupted = interruptedExecutions()[0]?.account.toLowerCase()
    const resuming = config.accounts.find((a) => a.address.toLowerCase() === interrupted)
    return (
      resuming?.address ??
      new URLSearchParams(window.location.search).get("account") ??
      config.accounts[0]?.address ??
      ""
    )
  })
  const [injected, setInjected] = useState<InjectedConnection | undefined>(undefined)
  const executors = useMemo(() => batchExecutorsOf(config.contracts), [config.contracts])
  const [oneConfirmation, setOneConfirmation] = useState(
    () => new URLSearchParams(window.location.search).get("batch") === "1",
  )
  const [sponsoredGas, setSponsoredGas] = useState(
    () => new URLSearchParams(window.location.search).get("sponsor") === "1",
  )
  const [showSettings, setShowSettings] = useState(false)
  const [refreshVersion, setRefreshVersion] = useState(0)
  const injectedWallets = useInjectedWallets()
  // Which connection attempt is current: the answer of one the user has since replaced is dropped.
  const attempt = useRef(0)

  const connectWallet = useCallback(
    (uuid: string) => {
      const chosen = injectedWallets.find((w) => w.info.uuid === uuid)
      if (chosen === undefined) return
      const mine = ++attempt.current
      setInjected({ status: "connecting", wallet: chosen })
      const chain = chains.find((c) => c.id === chainId) ?? chains[0]!
      void connectInjected(chosen, chain).then(
        (client) => {
          if (mine === attempt.current) setInjected({ status: "connected", wallet: chosen, client })
        },
        (error: unknown) => {
          if (mine === attempt.current) setInjected({ status: "error", wallet: chosen, error: messageOf(error) })
        },
      )
    },
    [injectedWallets, chains, chainId],
  )
  const connectDevnet = useCallback(() => {
    attempt.current++
    setInjected(undefined)
  }, [])

  // The wallet's user may switch accounts or disconnect the page from inside the wallet.
  const connectedProvider = injected?.status === "connected" ? injected.wallet.provider : undefined
  useEffect(() => {
    if (connectedProvider === undefined || typeof connectedProvider.on !== "function") return
    const onAccounts = (accounts: ReadonlyArray<Address>) =>
      setInjected((current) => {
        if (current?.status !== "connected") return current
        const [next] = accounts
        if (next === undefined) return undefined
        return { ...current, client: injectedClient(current.wallet, next, current.client.chain) }
      })
    connectedProvider.on("accountsChanged", onAccounts)
    return () => connectedProvider.removeListener("accountsChanged", onAccounts)
  }, [connectedProvider])

  const account = config.accounts.find((a) => a.address.toLowerCase() === accountKey.toLowerCase())
  const connectedClient = injected?.status === "connected" ? injected.client : undefined
  const wallet = useMemo(
    () =>
      injected !== undefined
        ? connectedClient
        : account === undefined
          ? undefined
          : oneConfirmation && executors.has(chainId)
            ? batchingWallet(account, chains, chainId, executors)
            : localWallet(account, chains, chainId),
    [injected, connectedClient, account, chains, chainId, oneConfirmation, executors],
  )
  const address = wallet?.account?.address
  // Only the devnet's own batching wallet speaks the devnet paymaster's flavour of user operations.
  const chainPaymasterUrl = chains.find((c) => c.id === chainId)?.paymasterUrl
  const paymasterUrl = injected === undefined && oneConfirmation && sponsoredGas ? chainPaymasterUrl : undefined

  const options: ReservoirClientOptions = useMemo(
    () => ({
      // OpenSea takes no source attribution: an OpenSea client refuses one rather than drop it.
      ...(apiKind === "opensea" ? {} : { source: "playground.tradekit" }),
      chains: chains.map((c) => ({
        id: c.id,
        name: c.name,
        baseApiUrl: c.baseApiUrl,
        active: c.id === chainId,
        checkPollingInterval: c.checkPollingInterval,
        paymentTokens: c.paymentTokens,
        viemChain: viemChainOf(c),
      })),
      ...(apiKind === "opensea" && config.openSea !== undefined
        ? {
            book: openSea({
              apiKey: config.openSea.apiKey,
              apiBaseUrl: config.openSea.apiBaseUrl,
              chainNames: config.openSea.chainNames,
              seaport: config.openSea.seaport,
              conduitKey: config.openSea.conduitKey,
              conduit: config.openSea.conduit,
              signedZone: config.openSea.signedZone,
              seaDrop: config.openSea.seaDrop,
              transferHelper: config.openSea.transferHelper,
              // A purchase paid on another chain goes through the devnet's Relay.
              ...(config.relay !== undefined ? { crossChain: relay(config.relay) } : {}),
            }),
          }
        : {}),
    }),
    // The provider reads its options once; `version` remounts it when the settings change.
    [version, apiKind],
  )
  const onActionSettled = useCallback(() => setRefreshVersion((v) => v + 1), [])
  const session = useMemo(
    () => ({
      config,
      apiKind,
      chains,
      chainId,
      account: injected !== undefined ? undefined : account,
      address,
      wallet,
      onActionSettled,
      injectedWallets,
      injected,
      connectInjected: connectWallet,
      connectDevnet,
      oneConfirmation,
      canBatch: executors.size > 0,
      setOneConfirmation,
      sponsoredGas,
      setSponsoredGas,
      paymasterService: paymasterUrl !== undefined ? { url: paymasterUrl } : undefined,
    }),
    [
      config,
      apiKind,
      chains,
      chainId,
      injected,
      account,
      address,
      wallet,
      onActionSettled,
      injectedWallets,
      connectWallet,
      connectDevnet,
      oneConfirmation,
      executors,
      sponsoredGas,
      paymasterUrl,
    ],
  )

  return (
    <SessionContext.Provider value={session}>
      <TradekitProvider key={`${version}-${apiKind}`} options={options} wallet={wallet}>
        <MarketProvider chains={chains} user={address} version={refreshVersion}>
          <OpenSeaBookProvider openSea={config.openSea}>
            <header className="topbar">
              <div className="brand">
                <span className="logo" />
                tradekit <span className="muted">playground</span>
              </div>
              <label className="topbar-field">
                <span>Chain</span>
                <select
                  name="chain"
                  value={chainId}
                  onChange={(e) => setChainId(Number(e.target.value))}
                  data-testid="chain-select"
                >
                  {chains.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name} · {c.id}
                    </option>
                  ))}
                </select>
              </label>
              <label className="topbar-field">
                <span>Account</span>
                <select
                  name="account"
                  value={injected !== undefined ? INJECTED : accountKey}
                  onChange={(e) => {
                    if (e.target.value === INJECTED) return
                    connectDevnet()
                    setAccountKey(e.target.value)
                  }}
                  data-testid="account-select"
                >
                  {config.accounts.map((a) => (
                    <option key={a.address} value={a.address}>
                      {a.label} · {short(a.address)}
                    </option>
                  ))}
                  {injected !== undefined ? (
                    <option value={INJECTED}>
                      {injected.wallet.info.name}
                      {address !== undefined ? ` · ${short(address)}` : ""}
                    </option>
                  ) : null}
                </select>
              </label>
              {config.openSea !== undefined ? (
                <label className="topbar-field">
                  <span>API</span>
                  <select
                    name="api"
                    value={apiKind}
                    onChange={(e) => setApiKind(e.target.value === "opensea" ? "opensea" : "reservoir")}
                    data-testid="api-select"
                  >
                    <option value="reservoir">Reservoir protocol</option>
                    <option value="opensea">OpenSea</option>
                  </select>
                </label>
              ) : null}
              <ReadyBadge />
              <BookName
                apiKind={apiKind}
                openSea={config.openSea}
                apiUrl={chains.find((c) => c.id === chainId)?.baseApiUrl}
              />
              <button
                type="button"
                className="ghost"
                onClick={() => setShowSettings((s) => !s)}
                data-testid="settings-toggle"
              >
                Settings
              </button>
            </header>
            {showSettings ? (
              <Settings
                chains={chains}
                onClose={() => setShowSettings(false)}
                onApply={(next) => {
                  setChains(next)
                  setVersion((v) => v + 1)
                  setShowSettings(false)
                }}
              />
            ) : null}
            <Workspace />
          </OpenSeaBookProvider>
        </MarketProvider>
      </TradekitProvider>
    </SessionContext.Provider>
  )
}
