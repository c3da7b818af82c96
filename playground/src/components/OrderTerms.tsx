import type { ReactNode } from "react"
import type { PaymentToken } from "../../../src/chains/ChainConfig.js"
import { ExpirySelect, Field } from "./Field.js"

/**
 * The terms an order is made on: price per unit, currency, expiry, the quantity when the token comes in
 * quantities, and any field a panel adds.
 */
export const OrderTerms = (props: {
  readonly price: string
  readonly onPrice: (price: string) => void
  /** What is wrong with the price or the quantity typed, shown beside it. */
  readonly priceError?: string | undefined
  readonly quantityError?: string | undefined
  readonly currency: string
  readonly onCurrency: (currency: string) => void
  readonly currencies: ReadonlyArray<PaymentToken>
  /** False when the token is one of a kind (ERC-721): then there is no quantity to ask. */
  readonly withQuantity: boolean
  readonly quantity: string
  readonly onQuantity: (quantity: string) => void
  readonly expiry: number
  readonly onExpiry: (seconds: number) => void
  readonly children?: ReactNode
}) => (
  <>
    <div className="row-fields">
      <Field label="Price (per unit)" error={props.priceError}>
        <input name="price" inputMode="decimal" value={props.price} onChange={(e) => props.onPrice(e.target.value)} />
      </Field>
      <Field label="Currency">
        <select name="currency" value={props.currency} onChange={(e) => props.onCurrency(e.target.value)}>
          {props.currencies.map((c) => (
            <option key={c.address} value={c.address}>
              {c.symbol}
            </option>
          ))}
        </select>
      </Field>
    </div>
    <div className="row-fields">
      {props.withQuantity ? (
        <Field label="Quantity" error={props.quantityError}>
          <input
            name="quantity"
            type="number"
            min={1}
            value={props.quantity}
            onChange={(e) => props.onQuantity(e.target.value)}
          />
        </Field>
      ) : null}
      <ExpirySelect value={props.expiry} onChange={props.onExpiry} />
      {props.children}
    </div>
  </>
)
