import { useChainMarket } from "../market.js"
import type { OpenSeaBookOrder } from "../openSeaReads.js"
import { openSeaPrice, openSeaTarget } from "./OpenSeaBookPanel.js"

/** OpenSea listings to tick, several at once (a sweep): the value is their order hashes. */
export const OpenSeaListingChecklist = (props: {
  chainId: number
  listings: ReadonlyArray<OpenSeaBookOrder>
  selected: ReadonlyArray<string>
  onChange: (selected: ReadonlyArray<string>) => void
}) => {
  const market = useChainMarket(props.chainId)
  const toggle = (hash: string) =>
    props.onChange(props.selected.includes(hash) ? props.selected.filter((h) => h !== hash) : [...props.selected, hash])
  return (
    <div className="field">
      <span className="field-label">
        OpenSea listings
        {props.listings.length > 1 ? (
          <button
            type="button"
            className="ghost small"
            onClick={() => props.onChange(props.listings.map((o) => o.hash))}
            data-testid="opensea-tick-all"
          >
            Tick all {props.listings.length}
          </button>
        ) : null}
      </span>
      <div className="checklist" data-testid="opensea-listing-choices">
        {props.listings.length === 0 ? <div className="empty">No OpenSea listing by another wallet.</div> : null}
        {props.listings.map((o) => (
          <label key={o.hash} className="check-row">
            <input
              type="checkbox"
              name="opensea-listing"
              value={o.hash}
              data-token-id={o.tokenId ?? ""}
              data-contract={o.contract}
              checked={props.selected.includes(o.hash)}
              onChange={() => toggle(o.hash)}
            />
            <span className="row-main">{openSeaTarget(market, o)}</span>
            <span className="row-sub">{openSeaPrice(o)}</span>
          </label>
        ))}
      </div>
      <span className="field-hint">Tick several: one sweep, one transaction</span>
    </div>
  )
}
