import { useState } from "react"
import { useAcceptOffer } from "../../../src/react/index.js"
import { formatPrice } from "../api.js"
import { ActionPanel } from "../components/ActionPanel.js"
import { errorOf, Field } from "../components/Field.js"
import { OpenSeaSaleTerms } from "../components/OpenSeaSaleTerms.js"
import { TokenSelect } from "../components/TokenSelect.js"
import { parseQuantity } from "../inputs.js"
import { type ChainMarket, orderTarget, takesQuantity, useChainMarket } from "../market.js"
import { tokenKey, useChainOpenSeaBook } from "../openSeaBook.js"
import { useSession } from "../session.js"

/** The Reservoir book's offers a token satisfies, by other wallets. */
const reservoirOffers = (
  market: ChainMarket | undefined,
  address: string | undefined,
  contract?: string,
  tokenId?: string,
) =>
  (market?.bids ?? []).filter((o) => {
    if (o.maker.toLowerCase() === address?.toLowerCase() || o.contract.toLowerCase() !== contract?.toLowerCase())
      return false
    const c = o.criteria
    return (
      c.kind === "collection" ||
      (c.kind === "token" ? c.data.token?.tokenId === tokenId : (c.data.tokenIds ?? []).includes(tokenId ?? ""))
    )
  })

/**
 * Accept the best offer on one of the wallet's tokens, from the book the page trades on. On OpenSea the form shows
 * the offer it will fill, its fees and what the seller receives, and names that offer and that amount in the sale:
 * a different offer, or less, is refused by the price check before anything is signed.
 */
export const SellPanel = () => {
  const hook = useAcceptOffer()
  const { chainId, address, apiKind } = useSession()
  const onOpenSea = apiKind === "opensea"
  const market = useChainMarket(chainId)
  const openSeaBook = useChainOpenSeaBook(chainId)
  const [token, setToken] = useState("")
  const [quantity, setQuantity] = useState("1")
  const [contract, tokenId] = token.split(":")
  const withQuantity = !onOpenSea && takesQuantity(market, contract)
  const offers = reservoirOffers(market, address, contract, tokenId)
  const openSeaOffer = contract && tokenId ? openSeaBook?.bestOfferOf.get(tokenKey(contract, tokenId)) : undefined
  const ownOffer = openSeaOffer !== undefined && openSeaOffer.maker.toLowerCase() === address?.toLowerCase()
  const parameters = () => {
    if (!token) return "Pick one of your tokens."
    if (onOpenSea) {
      const sale = openSeaOffer?.sale
      if (openSeaOffer === undefined) return "OpenSea has no offer on this token."
      if (ownOffer) return "The best OpenSea offer on this token is your own."
      if (sale === undefined) return "This offer is not one currency amount."
      const expectedPrice = { [sale.currency]: { raw: sale.proceeds } }
      return { items: [{ token, orderId: openSeaOffer.hash }], chainId, expectedPrice }
    }
    const units = withQuantity ? parseQuantity(quantity) : 1
    if (typeof units === "string") return units
    return { items: [{ token, quantity: units }], chainId }
  }
  return (
    <ActionPanel
      id="sell"
      title="Accept offer"
      description="Sells your token into the best offer it satisfies: a token, collection, trait or token-set bid."
      hook={hook}
      submitLabel="Accept offer"
      pathLabel="fills"
      parameters={parameters}
      onDone={() => setToken("")}
    >
      <TokenSelect
        label="Your token"
        name="token"
        market={market}
        tokens={market?.myTokens ?? []}
        value={token}
        onChange={setToken}
      />
      {withQuantity ? (
        <Field label="Quantity" error={withQuantity ? errorOf(parseQuantity(quantity)) : undefined}>
          <input
            name="quantity"
            type="number"
            min={1}
            step={1}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
          />
        </Field>
      ) : null}
      <div className="offers">
        <span className="field-label">{onOpenSea ? "The OpenSea offer this sale fills" : "Offers on it"}</span>
        {token === "" ? <span className="muted">Pick a token to see its offers.</span> : null}
        {onOpenSea && openSeaOffer !== undefined ? <OpenSeaSaleTerms chainId={chainId} offer={openSeaOffer} /> : null}
        {onOpenSea && token !== "" && openSeaOffer === undefined ? (
          <span className="muted">OpenSea has no offer on this token.</span>
        ) : null}
        {!onOpenSea && token !== "" && offers.length === 0 ? (
          <span className="muted">No offer matches this token.</span>
        ) : null}
        {onOpenSea
          ? null
          : offers.map((o) => (
              <div key={o.id} className="row">
                <span className="row-main">{formatPrice(o.price)}</span>
                <span className="row-sub">{orderTarget(market, o)}</span>
              </div>
            ))}
      </div>
    </ActionPanel>
  )
}
