import { useState } from "react"
import { useMintToken } from "../../../src/react/index.js"
import { formatPrice } from "../api.js"
import { ActionPanel } from "../components/ActionPanel.js"
import { errorOf, Field } from "../components/Field.js"
import { parseQuantity } from "../inputs.js"
import { useChainMarket } from "../market.js"
import { useSession } from "../session.js"

/** Mint from a collection with a public mint, on any configured chain. */
export const MintPanel = () => {
  const hook = useMintToken()
  const { chainId: activeChainId, chains } = useSession()
  const [chainId, setChainId] = useState(activeChainId)
  const market = useChainMarket(chainId)
  const mintable = (market?.collections ?? []).filter((c) => c.mintPrice !== undefined)
  const [collection, setCollection] = useState("")
  const [quantity, setQuantity] = useState("1")
  const chosen = mintable.find((c) => c.id === collection)
  const checkedQuantity = parseQuantity(quantity)
  const total =
    chosen?.mintPrice && typeof checkedQuantity === "number"
      ? `Total ${Number((chosen.mintPrice.amount.decimal * checkedQuantity).toPrecision(6))} ${chosen.mintPrice.currency.symbol}`
      : undefined
  return (
    <ActionPanel
      id="mint"
      title="Mint"
      description="Mints from the collection's public sale, paying its mint price."
      hook={hook}
      submitLabel="Mint"
      pathLabel="price"
      parameters={() => {
        if (!collection) return "Pick a collection."
        return typeof checkedQuantity === "string"
          ? checkedQuantity
          : { items: [{ collection, quantity: checkedQuantity }], chainId }
      }}
      onDone={() => setQuantity("1")}
    >
      <Field label="Chain">
        <select
          name="chain"
          value={chainId}
          onChange={(e) => {
            setChainId(Number(e.target.value))
            setCollection("")
          }}
        >
          {chains.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.id})
            </option>
          ))}
        </select>
      </Field>
      <Field label="Collection">
        <select name="collection" value={collection} onChange={(e) => setCollection(e.target.value)}>
          <option value="">Choose a collection…</option>
          {mintable.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} — {formatPrice(c.mintPrice)} each
            </option>
          ))}
        </select>
      </Field>
      <Field label="Quantity" hint={total} error={errorOf(checkedQuantity)}>
        <input
          name="quantity"
          type="number"
          min={1}
          step={1}
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
        />
      </Field>
    </ActionPanel>
  )
}
