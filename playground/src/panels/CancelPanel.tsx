import { useState } from "react"
import { useCancelOrder } from "../../../src/react/index.js"
import { formatPrice, short } from "../api.js"
import { ActionPanel } from "../components/ActionPanel.js"
import { orderTarget, useChainMarket } from "../market.js"
import { useSession } from "../session.js"

/** Cancel some of the wallet's listings and bids, off-chain (a signature) or on-chain (a transaction). */
export const CancelPanel = () => {
  const hook = useCancelOrder()
  const { chainId, address } = useSession()
  const market = useChainMarket(chainId)
  const [selected, setSelected] = useState<ReadonlyArray<string>>([])
  const [onChain, setOnChain] = useState(false)
  const mine = [...(market?.asks ?? []), ...(market?.bids ?? [])].filter((o) => o.maker.toLowerCase() === address?.toLowerCase())
  const ids = selected.filter((id) => mine.some((o) => o.id === id))
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]))
  return (
    <ActionPanel
      id="cancel"
      title="Cancel orders"
      description="Cancels your orders: off-chain with a signature the API verifies, or on-chain with a transaction."
      hook={hook}
      submitLabel={ids.length > 1 ? `Cancel ${ids.length} orders` : "Cancel order"}
      parameters={() => (ids.length > 0 ? { ids, chainId, ...(onChain ? { options: { onChain: true } } : {}) } : "Select orders to cancel.")}
    >
      <div className="checklist" data-testid="cancel-orders">
        {mine.length === 0 ? <div className="empty">You have no active order on this chain.</div> : null}
        {mine.map((o) => (
          <label key={o.id} className="check-row">
            <input type="checkbox" name="order" value={o.id} checked={ids.includes(o.id)} onChange={() => toggle(o.id)} />
            <span className={`pill ${o.side === "sell" ? "pill-listing" : "pill-bid"}`}>{o.side === "sell" ? "listing" : "bid"}</span>
            <span className="row-main">{orderTarget(market, o)}</span>
            <span className="row-sub">
              {formatPrice(o.price)} · <code>{short(o.id)}</code>
            </span>
          </label>
        ))}
      </div>
      <label className="check-row">
        <input type="checkbox" name="onChain" checked={onChain} onChange={(e) => setOnChain(e.target.checked)} />
        Cancel on-chain (a transaction, instead of a free signature)
      </label>
    </ActionPanel>
  )
}
