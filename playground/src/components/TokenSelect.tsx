import type { TokenWithMarket } from "../api.js"
import { formatPrice } from "../api.js"
import { type ChainMarket, tokenLabel } from "../market.js"
import { Field } from "./Field.js"

/** A token picker over tokens the API returned; the value is "contract:tokenId". */
export const TokenSelect = (props: {
  label: string
  name: string
  market: ChainMarket | undefined
  tokens: ReadonlyArray<TokenWithMarket>
  value: string
  onChange: (value: string) => void
  hint?: string
}) => (
  <Field label={props.label} hint={props.hint}>
    <select name={props.name} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
      <option value="">Choose a token…</option>
      {props.tokens.map(({ token, market, ownership }) => {
        const ref = `${token.contract}:${token.tokenId}`
        const extra = [
          token.kind === "erc1155" && ownership ? `×${ownership.tokenCount}` : undefined,
          market?.floorAsk ? `listed ${formatPrice(market.floorAsk.price)}` : undefined,
        ].filter(Boolean)
        return (
          <option key={ref} value={ref}>
            {tokenLabel(props.market, token.contract, token.tokenId)}
            {extra.length ? ` — ${extra.join(" · ")}` : ""}
          </option>
        )
      })}
    </select>
  </Field>
)
