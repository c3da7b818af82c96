import { useEffect, useState } from "react"
import { formatEther } from "viem"
import { useMintToken } from "../../../src/react/index.js"
import { formatPrice } from "../api.js"
import { ActionPanel } from "../components/ActionPanel.js"
import { errorOf, Field } from "../components/Field.js"
import { parseQuantity } from "../inputs.js"
import { useChainMarket } from "../market.js"
import { type OpenSeaDrop, openSeaReads } from "../openSeaReads.js"
import { useSession } from "../session.js"

/** A collection the Mint tab offers: its id (the contract), its name and its price per token, as text. */
interface Mintable {
  readonly id: string
  readonly name: string
  readonly price: string
  /** The price per token in the native currency's decimal units, for the total. */
  readonly each: number
  readonly symbol: string
}

/** The drops OpenSea lists as minting on `chainId`, while the page trades on OpenSea's book (none otherwise). */
const useOpenSeaDrops = (chainId: number): ReadonlyArray<OpenSeaDrop> | undefined => {
  const { config, apiKind } = useSession()
  const [drops, setDrops] = useState<ReadonlyArray<OpenSeaDrop>>()
  const openSea = apiKind === "opensea" ? config.openSea : undefined
  const chain = openSea?.chainNames[chainId]
  useEffect(() => {
    if (openSea === undefined || chain === undefined) return setDrops(undefined)
    let live = true
    openSeaReads.mintingDrops(openSea, chain).then(
      (found) => live && setDrops(found),
      () => live && setDrops([]),
    )
    return () => {
      live = false
    }
  }, [openSea, chain])
  return drops
}

/** Mint from a collection with a public mint, on any configured chain. */
export const MintPanel = () => {
  const hook = useMintToken()
  const { chainId: activeChainId, chains } = useSession()
  const [chainId, setChainId] = useState(activeChainId)
  const market = useChainMarket(chainId)
  const drops = useOpenSeaDrops(chainId)
  // On OpenSea's book the tab mints from OpenSea's drops; on the Reservoir book, from the API's public mints.
  const mintable: ReadonlyArray<Mintable> =
    drops !== undefined
      ? drops.map((d) => ({
          id: d.contract,
          name: d.name,
          price: `${formatEther(d.price)} ETH`,
          each: Number(formatEther(d.price)),
          symbol: "ETH",
        }))
      : (market?.collections ?? []).flatMap((c) =>
          c.mintPrice === undefined
            ? []
            : [
                {
                  id: c.id,
                  name: c.name,
                  price: formatPrice(c.mintPrice),
                  each: c.mintPrice.amount.decimal,
                  symbol: c.mintPrice.currency.symbol,
                },
              ],
        )
  const [collection, setCollection] = useState("")
  const [quantity, setQuantity] = useState("1")
  const chosen = mintable.find((c) => c.id === collection)
  const checkedQuantity = parseQuantity(quantity)
  const total =
    chosen !== undefined && typeof checkedQuantity === "number"
      ? `Total ${Number((chosen.each * checkedQuantity).toPrecision(6))} ${chosen.symbol}`
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
              {c.name} — {c.price} each
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
