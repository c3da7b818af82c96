import { useState } from "react"
import { type Address, formatUnits } from "viem"
import { useBuyToken } from "../../../src/react/index.js"
import { formatPrice, short } from "../api.js"
import { ActionPanel } from "../components/ActionPanel.js"
import { errorOf, Field } from "../components/Field.js"
import { OpenSeaListingChecklist } from "../components/OpenSeaListingChecklist.js"
import { parseQuantity, parseTokenRef } from "../inputs.js"
import { takesQuantity, tokenLabel, useChainMarket } from "../market.js"
import { useChainOpenSeaBook } from "../openSeaBook.js"
import type { OpenSeaBookOrder } from "../openSeaReads.js"
import { useSession } from "../session.js"

/** A sweep's total in one currency, and one of its listings (for the currency's symbol and decimals). */
interface CurrencyTotal {
  readonly amount: bigint
  readonly order: OpenSeaBookOrder
}

/** What ticked OpenSea listings ask, per currency, as their makers signed it: what the wallet will be asked to pay. */
const totalsOf = (listings: ReadonlyArray<OpenSeaBookOrder>): ReadonlyMap<Address, CurrencyTotal> => {
  const totals = new Map<Address, CurrencyTotal>()
  for (const order of listings) {
    if (order.payment === undefined) continue
    const previous = totals.get(order.payment.currency)
    totals.set(order.payment.currency, { amount: (previous?.amount ?? 0n) + order.payment.amount, order })
  }
  return totals
}

/** "0xabc:1, 0xabc:2" as its token references. */
const tokenRefsOf = (text: string) => text.split(/[\s,]+/).filter(Boolean)

/**
 * Buy listed tokens: pick a listing (or type a token), a quantity, and optionally the currency to pay in. On OpenSea,
 * several listings (ticked, or typed as tokens) are one sweep: one transaction.
 */
export const BuyPanel = () => {
  const hook = useBuyToken()
  const { chainId, address, paymasterService, apiKind, config, chains } = useSession()
  const market = useChainMarket(chainId)
  const openSeaBook = useChainOpenSeaBook(chainId)
  const [sweep, setSweep] = useState<ReadonlyArray<string>>([])
  const onOpenSea = apiKind === "opensea"
  const [orderId, setOrderId] = useState("")
  const [token, setToken] = useState("")
  const [quantity, setQuantity] = useState("1")
  const [currency, setCurrency] = useState("")
  // On OpenSea with the devnet's Relay: the chain the purchase is paid on, when not this one (a cross-chain buy).
  const [payOn, setPayOn] = useState("")
  const payingChains = onOpenSea && config.relay !== undefined ? chains.filter((c) => c.id !== chainId) : []
  const currencyChainId = payingChains.some((c) => String(c.id) === payOn) ? Number(payOn) : undefined
  const listings = (market?.asks ?? []).filter((o) => o.maker.toLowerCase() !== address?.toLowerCase())
  const contract = orderId ? listings.find((o) => o.id === orderId)?.contract : token.split(":")[0]
  const withQuantity = !onOpenSea && takesQuantity(market, contract)
  const openSeaListings = (openSeaBook?.listings ?? []).filter((o) => o.maker.toLowerCase() !== address?.toLowerCase())
  const ticked = openSeaListings.filter((o) => sweep.includes(o.hash))
  const totals = totalsOf(ticked)
  // The price check holds the sale to the total shown, when the page knows every item's price (no typed tokens).
  const expectedPrice =
    tokenRefsOf(token).length === 0 && ticked.every((o) => o.payment !== undefined) && totals.size > 0
      ? Object.fromEntries([...totals].map(([currency, { amount }]) => [currency, { raw: amount }]))
      : undefined
  const picked =
    sweep.filter((hash) => openSeaListings.some((o) => o.hash === hash)).length +
    (onOpenSea ? tokenRefsOf(token).length : 0)
  return (
    <ActionPanel
      id="buy"
      title="Buy"
      description="Fills a listing: the client approves the currency when needed, then sends the sale transaction."
      hook={hook}
      submitLabel={onOpenSea && picked > 1 ? `Buy ${picked} at once` : "Buy"}
      pathLabel="route"
      quote
      onDone={() => {
        setSweep([])
        setToken("")
        setOrderId("")
      }}
      parameters={() => {
        const refused = tokenRefsOf(token)
          .map(parseTokenRef)
          .find((ref) => typeof ref !== "string")
        if (refused !== undefined) return refused.error
        if (onOpenSea) {
          const live = sweep.filter((hash) => openSeaListings.some((o) => o.hash === hash))
          const items = [
            ...live.map((hash) => ({ orderId: hash })),
            ...tokenRefsOf(token).map((ref) => ({ token: ref })),
          ]
          if (items.length === 0) return "Tick OpenSea listings or enter tokens."
          // Paying in another currency than the listings' is quoted in that one: the listings' total does not apply.
          const check = expectedPrice !== undefined && !currency ? { expectedPrice } : {}
          const options = {
            ...(currency ? { currency } : {}),
            ...(currencyChainId !== undefined ? { currencyChainId } : {}),
          }
          return { items, chainId, ...(Object.keys(options).length > 0 ? { options } : {}), ...check }
        }
        if (!orderId && !token) return "Pick a listing or enter a token."
        const units = withQuantity ? parseQuantity(quantity) : 1
        if (typeof units === "string") return units
        const item = orderId ? { orderId, quantity: units } : { token, quantity: units }
        return {
          items: [item],
          chainId,
          ...(currency ? { options: { currency } } : {}),
          ...(paymasterService ? { paymasterService } : {}),
        }
      }}
    >
      {onOpenSea ? (
        <>
          <OpenSeaListingChecklist chainId={chainId} listings={openSeaListings} selected={sweep} onChange={setSweep} />
          {totals.size > 0 ? (
            <div className="row" data-testid="buy-total">
              <span className="row-main">You pay</span>
              <span className="row-sub">
                {[...totals].map(([address, { amount, order }]) => (
                  <span
                    key={address}
                    data-testid="buy-total-amount"
                    data-currency={address}
                    data-raw={amount.toString()}
                  >
                    {formatUnits(amount, order.price.decimals)} {order.price.currency}{" "}
                  </span>
                ))}
              </span>
            </div>
          ) : null}
        </>
      ) : (
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
                {tokenLabel(market, o.contract, o.criteria.data.token?.tokenId)} — {formatPrice(o.price)} · by{" "}
                {short(o.maker)}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field
        label={onOpenSea ? "…or tokens (each one's best OpenSea listing)" : "…or any token (cheapest listing)"}
        hint={onOpenSea ? "contract:tokenId, several separated by commas" : "contract:tokenId"}
      >
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
          <Field label="Quantity" error={withQuantity ? errorOf(parseQuantity(quantity)) : undefined}>
            <input
              name="quantity"
              type="number"
              min={1}
              value={quantity}
              onChange={(e) => setQuantity(e.target.value)}
            />
          </Field>
        ) : null}
        {payingChains.length > 0 ? (
          <Field label="Pay on" hint="another chain: one Relay deposit there, the token bought here">
            <select name="pay-on" value={payOn} onChange={(e) => setPayOn(e.target.value)}>
              <option value="">This chain</option>
              {payingChains.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name} ({c.id}) through Relay
                </option>
              ))}
            </select>
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
