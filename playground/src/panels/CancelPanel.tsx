import { useState } from "react"
import { useCancelOrder } from "../../../src/react/index.js"
import type { Order } from "../api.js"
import { formatPrice, short } from "../api.js"
import { ActionPanel } from "../components/ActionPanel.js"
import { openSeaPrice, openSeaTarget } from "../components/OpenSeaBookPanel.js"
import { type ChainMarket, orderTarget, useChainMarket } from "../market.js"
import { useChainOpenSeaBook } from "../openSeaBook.js"
import type { OpenSeaBookOrder } from "../openSeaReads.js"
import { useSession } from "../session.js"

/** One of the wallet's orders as the Cancel tab lists it, from the book the page trades on. */
interface CancelChoice {
  readonly id: string
  readonly side: "listing" | "bid"
  readonly target: string
  readonly price: string
}

const openSeaChoice = (market: ChainMarket | undefined, o: OpenSeaBookOrder): CancelChoice => ({
  id: o.hash,
  side: o.side === "listing" ? "listing" : "bid",
  target: openSeaTarget(market, o),
  price: openSeaPrice(o),
})

const reservoirChoice = (market: ChainMarket | undefined, o: Order): CancelChoice => ({
  id: o.id,
  side: o.side === "sell" ? "listing" : "bid",
  target: orderTarget(market, o),
  price: formatPrice(o.price),
})

/**
 * Cancel some of the wallet's listings and bids on the book the page trades on. On the Reservoir book, off-chain (a
 * signature) or on-chain (a transaction); on OpenSea the plan decides: an offer in OpenSea's signed zone with a
 * signature, any other order with Seaport's `cancel`.
 */
export const CancelPanel = () => {
  const hook = useCancelOrder()
  const { chainId, address, apiKind } = useSession()
  const onOpenSea = apiKind === "opensea"
  const market = useChainMarket(chainId)
  const openSeaBook = useChainOpenSeaBook(chainId)
  const [selected, setSelected] = useState<ReadonlyArray<string>>([])
  const [onChain, setOnChain] = useState(false)
  const isMine = (maker: string) => maker.toLowerCase() === address?.toLowerCase()
  const mine: ReadonlyArray<CancelChoice> = onOpenSea
    ? [...(openSeaBook?.listings ?? []), ...(openSeaBook?.offers ?? [])]
        .filter((o) => isMine(o.maker))
        .map((o) => openSeaChoice(market, o))
    : [...(market?.asks ?? []), ...(market?.bids ?? [])]
        .filter((o) => isMine(o.maker))
        .map((o) => reservoirChoice(market, o))
  const ids = selected.filter((id) => mine.some((o) => o.id === id))
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]))
  return (
    <ActionPanel
      id="cancel"
      title="Cancel orders"
      description={
        onOpenSea
          ? "Cancels your OpenSea orders: a protected offer with a free signature, a listing with a Seaport transaction."
          : "Cancels your orders: off-chain with a signature the API verifies, or on-chain with a transaction."
      }
      hook={hook}
      submitLabel={ids.length > 1 ? `Cancel ${ids.length} orders` : "Cancel order"}
      parameters={() =>
        ids.length > 0
          ? { ids, chainId, ...(onChain && !onOpenSea ? { options: { onChain: true } } : {}) }
          : "Select orders to cancel."
      }
      onDone={() => setSelected([])}
    >
      <div className="checklist" data-testid="cancel-orders">
        {mine.length === 0 ? (
          <div className="empty">You have no active order on this chain{onOpenSea ? " on OpenSea" : ""}.</div>
        ) : null}
        {mine.map((o) => (
          <label key={o.id} className="check-row">
            <input
              type="checkbox"
              name="order"
              value={o.id}
              checked={ids.includes(o.id)}
              onChange={() => toggle(o.id)}
            />
            <span className={`pill ${o.side === "listing" ? "pill-listing" : "pill-bid"}`}>{o.side}</span>
            <span className="row-main">{o.target}</span>
            <span className="row-sub">
              {o.price} · <code title={o.id}>{short(o.id)}</code>
            </span>
          </label>
        ))}
      </div>
      {onOpenSea ? null : (
        <label className="check-row">
          <input type="checkbox" name="onChain" checked={onChain} onChange={(e) => setOnChain(e.target.checked)} />
          Cancel on-chain (a transaction, instead of a free signature)
        </label>
      )}
    </ActionPanel>
  )
}
