import { useState } from "react"
import { formatPrice, short } from "../api.js"
import { type ChainMarket, orderTarget, tokenLabel, useMarket } from "../market.js"
import { useOpenSeaBook } from "../openSeaBook.js"
import { useSession } from "../session.js"
import { openSeaPrice, openSeaTarget } from "./OpenSeaBookPanel.js"
import { WalletChoices } from "./WalletChoices.js"

/** One of the wallet's orders as the wallet lists it. */
interface WalletOrder {
  readonly id: string
  readonly target: string
  readonly price: string
}

/**
 * The connected wallet: balances, tokens, and its listings and bids on the book the page trades on (OpenSea's, in
 * OpenSea mode), on every chain, read again after each action.
 */
export const WalletPanel = () => {
  const { address, account, injected, apiKind } = useSession()
  const market = useMarket()
  const openSeaBook = useOpenSeaBook()
  const [tab, setTab] = useState<"tokens" | "listings" | "bids">("tokens")
  const mine = (maker: string) => address !== undefined && maker.toLowerCase() === address.toLowerCase()
  const ordersOf = (m: ChainMarket, side: "listings" | "bids"): ReadonlyArray<WalletOrder> => {
    if (apiKind === "opensea") {
      const book = openSeaBook.byChain.find((b) => b.chainId === m.chain.id)
      return ((side === "listings" ? book?.listings : book?.offers) ?? [])
        .filter((o) => mine(o.maker))
        .map((o) => ({ id: o.hash, target: openSeaTarget(m, o), price: openSeaPrice(o) }))
    }
    return (side === "listings" ? m.asks : m.bids)
      .filter((o) => mine(o.maker))
      .map((o) => ({ id: o.id, target: orderTarget(m, o), price: formatPrice(o.price) }))
  }
  const counts = {
    tokens: market.byChain.reduce((n, m) => n + m.myTokens.length, 0),
    listings: market.byChain.reduce((n, m) => n + ordersOf(m, "listings").length, 0),
    bids: market.byChain.reduce((n, m) => n + ordersOf(m, "bids").length, 0),
  }
  return (
    <section
      className="card wallet"
      data-testid="wallet"
      data-loading={market.loading}
      data-refreshed-at={market.refreshedAt}
    >
      <header className="card-head">
        <h2>Wallet</h2>
        <button
          type="button"
          className="ghost"
          onClick={market.refresh}
          disabled={market.loading}
          data-testid="refresh-wallet"
        >
          {market.loading ? "Refreshing…" : "Refresh"}
        </button>
      </header>
      <WalletChoices />
      <div className="wallet-id" data-testid="wallet-id">
        {injected !== undefined ? (
          <img className="wallet-icon" src={injected.wallet.info.icon} alt="" width={16} height={16} />
        ) : null}
        <strong>{injected?.wallet.info.name ?? account?.label ?? "No wallet"}</strong>{" "}
        <code title={address}>{short(address)}</code>
      </div>
      {market.byChain.map((m) => (
        <div key={m.chain.id} className="balances">
          <span className="chain-name">{m.chain.name}</span>
          {m.error ? <span className="item-error">{m.error}</span> : null}
          {m.balances.map((b) => (
            <span key={b.symbol} className="balance" data-testid={`balance-${m.chain.id}-${b.symbol}`}>
              {Number(Number(b.value).toFixed(4))} <small>{b.symbol}</small>
            </span>
          ))}
        </div>
      ))}
      <nav className="tabs small">
        {(["tokens", "listings", "bids"] as const).map((t) => (
          <button
            type="button"
            key={t}
            className={tab === t ? "active" : ""}
            onClick={() => setTab(t)}
            data-testid={`wallet-tab-${t}`}
          >
            {t} <span className="count">{counts[t]}</span>
          </button>
        ))}
      </nav>
      <div className="wallet-list" data-testid={`wallet-${tab}`}>
        {market.byChain.flatMap((m) => {
          if (tab === "tokens") {
            return m.myTokens.map(({ token, ownership }) => (
              <div
                key={`${m.chain.id}:${token.contract}:${token.tokenId}`}
                className="row"
                data-testid="wallet-token"
                data-token={`${token.contract}:${token.tokenId}`}
              >
                <span className="row-main">{tokenLabel(m, token.contract, token.tokenId)}</span>
                <span className="row-sub">
                  {token.kind === "erc1155" ? `×${ownership?.tokenCount ?? "?"} · ` : ""}chain {m.chain.id}
                </span>
              </div>
            ))
          }
          return ordersOf(m, tab).map((o) => (
            <div key={o.id} className="row" data-testid="wallet-order" data-order-id={o.id}>
              <span className="row-main">{o.target}</span>
              <span className="row-sub">
                {o.price} · <code title={o.id}>{short(o.id)}</code>
              </span>
            </div>
          ))
        })}
        {counts[tab] === 0 ? <div className="empty">No {tab} yet.</div> : null}
      </div>
      <footer className="card-foot">
        {market.refreshedAt ? `Read ${new Date(market.refreshedAt).toLocaleTimeString()}` : ""}
      </footer>
    </section>
  )
}
