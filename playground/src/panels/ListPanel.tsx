import { useState } from "react"
import { parseUnits } from "viem"
import { useListToken } from "../../../src/react/index.js"
import { ActionPanel } from "../components/ActionPanel.js"
import { expirationTimeOf, Field } from "../components/Field.js"
import { OrderTerms } from "../components/OrderTerms.js"
import { TokenSelect } from "../components/TokenSelect.js"
import { takesQuantity, useChainMarket } from "../market.js"
import { useSession } from "../session.js"

/** List one of the wallet's tokens for sale. */
export const ListPanel = () => {
  const hook = useListToken()
  const { chainId } = useSession()
  const market = useChainMarket(chainId)
  const currencies = market?.chain.paymentTokens ?? []
  const [token, setToken] = useState("")
  const [price, setPrice] = useState("0.5")
  const [currency, setCurrency] = useState("0x0000000000000000000000000000000000000000")
  const [quantity, setQuantity] = useState("1")
  const [expiry, setExpiry] = useState(86_400)
  const [orderbook, setOrderbook] = useState("reservoir")
  const withQuantity = takesQuantity(market, token.split(":")[0])
  return (
    <ActionPanel
      id="list"
      title="List"
      description="Approves the exchange for the collection when needed, then signs the listing and posts it to the order book."
      hook={hook}
      submitLabel="List"
      parameters={() => {
        if (!token) return "Pick one of your tokens."
        const decimals = currencies.find((c) => c.address === currency)?.decimals ?? 18
        let weiPrice: string
        try {
          weiPrice = parseUnits(price, decimals).toString()
        } catch {
          return "Enter a price."
        }
        const expirationTime = expirationTimeOf(expiry)
        return {
          chainId,
          listings: [
            { token, weiPrice, currency, quantity: withQuantity ? Number(quantity) : 1, orderbook, ...(expirationTime ? { expirationTime } : {}) },
          ],
        }
      }}
    >
      <TokenSelect label="Your token" name="token" market={market} tokens={market?.myTokens ?? []} value={token} onChange={setToken} />
      <OrderTerms
        price={price}
        onPrice={setPrice}
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
          <select name="orderbook" value={orderbook} onChange={(e) => setOrderbook(e.target.value)}>
            <option value="reservoir">reservoir</option>
            <option value="devnet">devnet</option>
          </select>
        </Field>
      </OrderTerms>
    </ActionPanel>
  )
}
