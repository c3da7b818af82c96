import { useState } from "react"
import { useBuyToken } from "../../../src/react/index.js"
import { formatPrice, short } from "../api.js"
import { ActionPanel } from "../components/ActionPanel.js"
import { Field } from "../components/Field.js"
import { takesQuantity, tokenLabel, useChainMarket } from "../market.js"
import { useSession } from "../session.js"

/** Buy a listed token: pick a listing (or type a token), a quantity, and optionally the currency to pay in. */
export const BuyPanel = () => {
  const hook = useBuyToken()
  const { chainId, address, paymasterService } = useSession()
  const market = useChainMarket(chainId)
  const [orderId, setOrderId] = useState("")
  const [token, setToken] = useState("")
  const [quantity, setQuantity] = useState("1")
  const [currency, setCurrency] = useState("")
  const listings = (market?.asks ?? []).filter((o) => o.maker.toLowerCase() !== address?.toLowerCase())
  const contract = orderId ? listings.find((o) => o.id === orderId)?.contract : token.split(":")[0]
  const withQuantity = takesQuantity(market, contract)
  return (
    <ActionPanel
      id="buy"
      title="Buy"
      description="Fills a listing: the client approves the currency when needed, then sends the sale transaction."
      hook={hook}
      submitLabel="Buy"
      pathLabel="route"
      quote
      parameters={() => {
        if (!orderId && !token) return "Pick a listing or enter a token."
        const units = withQuantity ? Number(quantity) : 1
        const item = orderId ? { orderId, quantity: units } : { token, quantity: units }
        return { items: [item], chainId, ...(currency ? { options: { currency } } : {}), ...(paymasterService ? { paymasterService } : {}) }
      }}
    >
      <Field label="Listing" hint={`${listings.length} listings by other wallets`}>
        <select
          name="listing"
          value={orderId}
          onChange={(e) => {
            setOrderId(e.target.value)
            setToken("")
          }}
        >
          <option value="">Choose a listing…</option>
          {listings.map((o) => (
            <option key={o.id} value={o.id}>
              {tokenLabel(market, o.contract, o.criteria.data.token?.tokenId)} — {formatPrice(o.price)} · by {short(o.maker)}
            </option>
          ))}
        </select>
      </Field>
      <Field label="…or any token (cheapest listing)" hint="contract:tokenId">
        <input
          name="token"
          value={token}
          placeholder="0x…:42"
          onChange={(e) => {
            setToken(e.target.value)
            setOrderId("")
          }}
        />
      </Field>
      <div className="row-fields">
        {withQuantity ? (
          <Field label="Quantity">
            <input name="quantity" type="number" min={1} value={quantity} onChange={(e) => setQuantity(e.target.value)} />
          </Field>
        ) : null}
        <Field label="Pay with">
          <select name="currency" value={currency} onChange={(e) => setCurrency(e.target.value)}>
            <option value="">Listing's currency</option>
            {(market?.chain.paymentTokens ?? []).map((t) => (
              <option key={t.address} value={t.address}>
                {t.symbol}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </ActionPanel>
  )
}
