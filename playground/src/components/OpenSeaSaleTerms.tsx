import { formatUnits } from "viem"
import { useChainMarket } from "../market.js"
import type { OpenSeaBookOrder } from "../openSeaReads.js"
import { openSeaTarget } from "./OpenSeaBookPanel.js"

/** An amount of the offer's currency, exactly (no rounding: it is what the wallet will be asked to accept). */
const amountOf = (order: OpenSeaBookOrder, raw: bigint) => {
  const { decimals, currency } = order.price
  return `${formatUnits(raw, decimals)} ${currency}`
}

/**
 * The OpenSea offer a sale fills, as its offerer signed it: what it offers, the fees paid out of it, and what the
 * seller receives, the amount the sale passes as its expected price.
 */
export const OpenSeaSaleTerms = (props: { chainId: number; offer: OpenSeaBookOrder }) => {
  const market = useChainMarket(props.chainId)
  const { offer } = props
  const sale = offer.sale
  return (
    <div className="sale-terms" data-testid="sell-offer" data-order-hash={offer.hash}>
      <div className="row">
        <span className="row-main">{openSeaTarget(market, offer)}</span>
        <span className="row-sub">
          OpenSea offer <code title={offer.hash}>{offer.hash.slice(0, 10)}…</code>
        </span>
      </div>
      {sale === undefined ? (
        <span className="item-error">This offer is not one currency amount: the page cannot say what it pays.</span>
      ) : (
        <dl className="terms">
          <dt>Offer</dt>
          <dd data-testid="sell-price">{amountOf(offer, sale.offered)}</dd>
          <dt>Fees paid out of it</dt>
          <dd data-testid="sell-fees">{amountOf(offer, sale.fees)}</dd>
          <dt>You receive</dt>
          <dd data-testid="sell-receive" data-raw={sale.proceeds.toString()} data-currency={sale.currency}>
            <strong>{amountOf(offer, sale.proceeds)}</strong>
          </dd>
        </dl>
      )}
    </div>
  )
}
