import { useMemo, useState } from "react"
import { usePlaceBid } from "../../../src/react/index.js"
import { ActionPanel } from "../components/ActionPanel.js"
import { errorOf, expirationTimeOf, Field } from "../components/Field.js"
import { OrderTerms } from "../components/OrderTerms.js"
import { TokenSelect } from "../components/TokenSelect.js"
import { parsePrice, parseQuantity } from "../inputs.js"
import { takesQuantity, useChainMarket } from "../market.js"
import { useSession } from "../session.js"

type BidType = "token" | "collection" | "trait" | "tokenSet"

const BID_TYPES: ReadonlyArray<readonly [BidType, string]> = [
  ["token", "Token"],
  ["collection", "Collection"],
  ["trait", "Trait"],
  ["tokenSet", "Token set"],
]

/** OpenSea makes no offer on a set of tokens: the types it takes. */
const OPENSEA_BID_TYPES = BID_TYPES.filter(([value]) => value !== "tokenSet")

/** Place a bid on a token, a whole collection, a trait, or (not on OpenSea) a set of tokens. */
export const BidPanel = () => {
  const hook = usePlaceBid()
  const { chainId, address, apiKind } = useSession()
  const types = apiKind === "opensea" ? OPENSEA_BID_TYPES : BID_TYPES
  const market = useChainMarket(chainId)
  const currencies = (market?.chain.paymentTokens ?? []).filter(
    (c) => c.address !== "0x0000000000000000000000000000000000000000",
  )
  const [chosenType, setType] = useState<BidType>("token")
  // A type the order book does not take (a token set, once OpenSea is picked) falls back to a token bid.
  const type = types.some(([value]) => value === chosenType) ? chosenType : "token"
  const [token, setToken] = useState("")
  const [collection, setCollection] = useState("")
  const [trait, setTrait] = useState("")
  const [tokenIds, setTokenIds] = useState("")
  const [price, setPrice] = useState("0.01")
  const [currency, setCurrency] = useState("")
  const [quantity, setQuantity] = useState("1")
  const [expiry, setExpiry] = useState(86_400)
  const others = (market?.tokens ?? []).filter((t) => t.token.owner?.toLowerCase() !== address?.toLowerCase())
  const chosenCollection = collection || market?.collections[0]?.id || ""
  const traits = useMemo(() => {
    const all = (market?.tokens ?? [])
      .filter((t) => t.token.contract === chosenCollection)
      .flatMap((t) => t.token.attributes.map((a) => `${a.key}=${a.value}`))
    return [...new Set(all)].sort()
  }, [market, chosenCollection])
  const bidCurrency = currency || currencies[0]?.address || ""
  const withQuantity = takesQuantity(market, type === "token" ? token.split(":")[0] : chosenCollection)
  const chosenCurrency = currencies.find((c) => c.address === bidCurrency)
  const checkedPrice = parsePrice(price, chosenCurrency?.decimals ?? 18, chosenCurrency?.symbol)
  const checkedQuantity = withQuantity ? parseQuantity(quantity) : 1

  const target = (): Record<string, unknown> | string => {
    switch (type) {
      case "token":
        return token ? { token } : "Pick a token."
      case "collection":
        return chosenCollection ? { collection: chosenCollection } : "Pick a collection."
      case "trait": {
        const [attributeKey, attributeValue] = trait.split("=")
        return attributeKey && attributeValue
          ? { collection: chosenCollection, attributeKey, attributeValue }
          : "Pick a trait."
      }
      case "tokenSet": {
        const ids = tokenIds.split(/[\s,]+/).filter(Boolean)
        return ids.length > 0
          ? { collection: chosenCollection, tokenSetId: `token-set:${ids.join(",")}` }
          : "Enter token ids."
      }
    }
  }

  return (
    <ActionPanel
      id="bid"
      title="Place bid"
      description="Wraps and approves the currency when needed, then signs the offer and posts it to the order book."
      hook={hook}
      submitLabel="Place bid"
      parameters={() => {
        const t = target()
        if (typeof t === "string") return t
        if (typeof checkedPrice === "string") return checkedPrice
        if (typeof checkedQuantity === "string") return checkedQuantity
        const expirationTime = expirationTimeOf(expiry)
        const bid = { ...t, weiPrice: checkedPrice.toString(), currency: bidCurrency, quantity: checkedQuantity }
        return { chainId, bids: [{ ...bid, ...(expirationTime ? { expirationTime } : {}) }] }
      }}
      onDone={() => {
        setToken("")
        setTokenIds("")
      }}
    >
      <div className="segmented" role="radiogroup" aria-label="Bid type">
        {types.map(([value, label]) => (
          <label key={value} className={type === value ? "active" : ""}>
            <input type="radio" name="bidType" value={value} checked={type === value} onChange={() => setType(value)} />
            {label}
          </label>
        ))}
      </div>
      {type === "token" ? (
        <TokenSelect
          label="Token"
          name="token"
          market={market}
          tokens={others}
          value={token}
          onChange={setToken}
          hint="Tokens of other wallets"
        />
      ) : (
        <Field label="Collection">
          <select name="collection" value={chosenCollection} onChange={(e) => setCollection(e.target.value)}>
            {(market?.collections ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
      )}
      {type === "trait" ? (
        <Field label="Trait">
          <select name="trait" value={trait} onChange={(e) => setTrait(e.target.value)}>
            <option value="">Choose a trait…</option>
            {traits.map((t) => (
              <option key={t} value={t}>
                {t.replace("=", ": ")}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      {type === "tokenSet" ? (
        <Field label="Token ids" hint="Comma-separated, e.g. 3, 5, 8">
          <input name="tokenIds" value={tokenIds} onChange={(e) => setTokenIds(e.target.value)} placeholder="3, 5, 8" />
        </Field>
      ) : null}
      <OrderTerms
        price={price}
        onPrice={setPrice}
        priceError={errorOf(checkedPrice)}
        quantityError={errorOf(checkedQuantity)}
        currency={bidCurrency}
        onCurrency={setCurrency}
        currencies={currencies}
        withQuantity={withQuantity}
        quantity={quantity}
        onQuantity={setQuantity}
        expiry={expiry}
        onExpiry={setExpiry}
      />
    </ActionPanel>
  )
}
