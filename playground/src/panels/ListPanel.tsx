import { useState } from "react"
import { useListToken } from "../../../src/react/index.js"
import { ActionPanel } from "../components/ActionPanel.js"
import { errorOf, expirationTimeOf, Field } from "../components/Field.js"
import { OrderTerms } from "../components/OrderTerms.js"
import { TokenChecklist } from "../components/TokenChecklist.js"
import { TokenSelect } from "../components/TokenSelect.js"
import { parsePrice, parseQuantity } from "../inputs.js"
import { takesQuantity, useChainMarket } from "../market.js"
import { useSession } from "../session.js"

/** List one of the wallet's tokens for sale; on OpenSea, several at once under one signature (a bulk listing). */
export const ListPanel = () => {
  const hook = useListToken()
  const { chainId, apiKind } = useSession()
  const onOpenSea = apiKind === "opensea"
  const [bulk, setBulk] = useState<ReadonlyArray<string>>([])
  const market = useChainMarket(chainId)
  const currencies = market?.chain.paymentTokens ?? []
  const [token, setToken] = useState("")
  const [price, setPrice] = useState("0.5")
  const [currency, setCurrency] = useState("0x0000000000000000000000000000000000000000")
  const [quantity, setQuantity] = useState("1")
  const [expiry, setExpiry] = useState(86_400)
  const [orderbook, setOrderbook] = useState("reservoir")
  const myTokens = market?.myTokens ?? []
  const picked = onOpenSea
    ? bulk.filter((ref) => myTokens.some((t) => `${t.token.contract}:${t.token.tokenId}` === ref))
    : token
      ? [token]
      : []
  const withQuantity = !onOpenSea && takesQuantity(market, token.split(":")[0])
  const chosenCurrency = currencies.find((c) => c.address === currency)
  const checkedPrice = parsePrice(price, chosenCurrency?.decimals ?? 18, chosenCurrency?.symbol)
  const checkedQuantity = withQuantity ? parseQuantity(quantity) : 1
  return (
    <ActionPanel
      id="list"
      title="List"
      description="Approves the exchange for the collection when needed, then signs the listing and posts it to the order book."
      hook={hook}
      submitLabel={picked.length > 1 ? `List ${picked.length} tokens` : "List"}
      parameters={() => {
        if (picked.length === 0) return onOpenSea ? "Tick your tokens to list." : "Pick one of your tokens."
        if (typeof checkedPrice === "string") return checkedPrice
        if (typeof checkedQuantity === "string") return checkedQuantity
        const weiPrice = checkedPrice.toString()
        const expirationTime = expirationTimeOf(expiry)
        return {
          chainId,
          listings: picked.map((ref) => ({
            token: ref,
            weiPrice,
            currency,
            quantity: checkedQuantity,
            orderbook: onOpenSea ? "opensea" : orderbook,
            ...(expirationTime ? { expirationTime } : {}),
          })),
        }
      }}
      onDone={() => {
        setBulk([])
        setToken("")
      }}
    >
      {onOpenSea ? (
        <TokenChecklist
          label="Your tokens"
          hint="Tick several: one signature lists them all on OpenSea"
          name="tokens"
          market={market}
          tokens={myTokens}
          selected={bulk}
          onChange={setBulk}
        />
      ) : (
        <TokenSelect
          label="Your token"
          name="token"
          market={market}
          tokens={myTokens}
          value={token}
          onChange={setToken}
        />
      )}
      <OrderTerms
        price={price}
        onPrice={setPrice}
        priceError={errorOf(checkedPrice)}
        quantityError={errorOf(checkedQuantity)}
        currency={currency}
        onCurrency={setCurrency}
        currencies={currencies}
        withQuantity={withQuantity}
        quantity={quantity}
        onQuantity={setQuantity}
        expiry={expiry}
        onExpiry={setExpiry}
      >
        <Field label="Order book">
          {onOpenSea ? (
            <select name="orderbook" value="opensea" disabled>
              <option value="opensea">opensea</option>
            </select>
          ) : (
            <select name="orderbook" value={orderbook} onChange={(e) => setOrderbook(e.target.value)}>
              <option value="reservoir">reservoir</option>
              <option value="devnet">devnet</option>
            </select>
          )}
        </Field>
      </OrderTerms>
    </ActionPanel>
  )
}
