import { useState } from "react"
import { formatUnits } from "viem"
import { short } from "../api.js"
import { tokenLabel, useChainMarket } from "../market.js"
import { useChainOpenSeaBook, useOpenSeaBook } from "../openSeaBook.js"
import type { OpenSeaBookOrder } from "../openSeaReads.js"
import { useSession } from "../session.js"

/**
 * An OpenSea price as "0.1 ETH", exactly: a listing's what its maker signed for the buyer to pay, an offer's what it
 * offers (rounded, it would not be the amount the wallet is asked to send).
 */
export const openSeaPrice = (order: OpenSeaBookOrder) => {
  const raw = order.payment?.amount ?? order.sale?.offered ?? BigInt(order.price.value)
  return `${formatUnits(raw, order.price.decimals)} ${order.price.currency}`
}

/** What an OpenSea order is on: a token, a trait of the collection, or any token of it. */
export const openSeaTarget = (market: ReturnType<typeof useChainMarket>, order: OpenSeaBookOrder) => {
  if (order.tokenId !== undefined) return tokenLabel(market, order.contract, order.tokenId)
  const collection = tokenLabel(market, order.contract, undefined)
  return order.trait !== undefined
    ? `${collection} · ${order.trait.type}: ${order.trait.value}`
    : `${collection} · any token`
}

/** OpenSea's book on the current chain, beside the wallet: its listings and offers, read through the page's proxy. */
export const OpenSeaBookPanel = () => {
  const { chainId, address } = useSession()
  const market = useChainMarket(chainId)
  const { loading, readFor } = useOpenSeaBook()
  const book = useChainOpenSeaBook(chainId)
  const [tab, setTab] = useState<"listings" | "offers">("listings")
  const orders = (tab === "listings" ? book?.listings : book?.offers) ?? []
  const mine = (o: OpenSeaBookOrder) => address !== undefined && o.maker.toLowerCase() === address.toLowerCase()
  return (
    <section className="card opensea-book" data-testid="opensea-book" data-loading={loading} data-read-for={readFor}>
      <header className="card-head">
        <h2>OpenSea book</h2>
        <span className="muted">{loading ? "reading…" : "best per token"}</span>
      </header>
      {book === undefined && !loading ? <div className="empty">OpenSea does not trade on this chain.</div> : null}
      {book?.error ? <span className="item-error">{book.error}</span> : null}
      <nav className="tabs small">
        {(["listings", "offers"] as const).map((t) => (
          <button
            type="button"
            key={t}
            className={tab === t ? "active" : ""}
            onClick={() => setTab(t)}
            data-testid={`opensea-tab-${t}`}
          >
            {t} <span className="count">{(t === "listings" ? book?.listings : book?.offers)?.length ?? 0}</span>
          </button>
        ))}
      </nav>
      <div className="wallet-list" data-testid={`opensea-${tab}`}>
        {orders.map((o) => (
          <div
            key={o.hash}
            className="row"
            title={o.hash}
            data-testid="opensea-order"
            data-side={o.side}
            data-order-hash={o.hash}
            data-token-id={o.tokenId ?? ""}
          >
            <span className="row-main">
              {openSeaTarget(market, o)}
              {mine(o) ? <span className="pill pill-listing">yours</span> : null}
            </span>
            <span className="row-sub">
              {openSeaPrice(o)} · by {short(o.maker)} · <code>{short(o.hash)}</code>
            </span>
          </div>
        ))}
        {book !== undefined && orders.length === 0 ? <div className="empty">No {tab} on OpenSea.</div> : null}
      </div>
    </section>
  )
}
