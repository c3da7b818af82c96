import { useState } from "react"
import { useAcceptOffer } from "../../../src/react/index.js"
import { formatPrice } from "../api.js"
import { ActionPanel } from "../components/ActionPanel.js"
import { Field } from "../components/Field.js"
import { TokenSelect } from "../components/TokenSelect.js"
import { orderTarget, takesQuantity, useChainMarket } from "../market.js"
import { useSession } from "../session.js"

/** Accept the best offer on one of the wallet's tokens. */
export const SellPanel = () => {
  const hook = useAcceptOffer()
  const { chainId, address } = useSession()
  const market = useChainMarket(chainId)
  const [token, setToken] = useState("")
  const [quantity, setQuantity] = useState("1")
  const [contract, tokenId] = token.split(":")
  const withQuantity = takesQuantity(market, contract)
  const offers = (market?.bids ?? []).filter((o) => {
    if (o.maker.toLowerCase() === address?.toLowerCase() || o.contract.toLowerCase() !== contract?.toLowerCase()) return false
    const c = o.criteria
    return c.kind === "collection" || (c.kind === "token" ? c.data.token?.tokenId === tokenId : (c.data.tokenIds ?? []).includes(tokenId ?? ""))
  })
  return (
    <ActionPanel
      id="sell"
      title="Accept offer"
      description="Sells your token into the best offer it satisfies: a token, collection, trait or token-set bid."
      hook={hook}
      submitLabel="Accept offer"
      pathLabel="fills"
      parameters={() => (token ? { items: [{ token, quantity: withQuantity ? Number(quantity) : 1 }], chainId } : "Pick one of your tokens.")}
    >
      <TokenSelect label="Your token" name="token" market={market} tokens={market?.myTokens ?? []} value={token} onChange={setToken} />
      {withQuantity ? (
        <Field label="Quantity">
          <input name="quantity" type="number" min={1} value={quantity} onChange={(e) => setQuantity(e.target.value)} />
        </Field>
      ) : null}
      <div className="offers">
        <span className="field-label">Offers on it</span>
        {token === "" ? <span className="muted">Pick a token to see its offers.</span> : null}
        {token !== "" && offers.length === 0 ? <span className="muted">No offer matches this token.</span> : null}
        {offers.map((o) => (
          <div key={o.id} className="row">
            <span className="row-main">{formatPrice(o.price)}</span>
            <span className="row-sub">{orderTarget(market, o)}</span>
          </div>
        ))}
      </div>
    </ActionPanel>
  )
}
