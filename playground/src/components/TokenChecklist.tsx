import type { TokenWithMarket } from "../api.js"
import { type ChainMarket, tokenLabel } from "../market.js"

/** Tokens to tick, several at once: the value is their "contract:tokenId" references. */
export const TokenChecklist = (props: {
  label: string
  hint?: string
  name: string
  market: ChainMarket | undefined
  tokens: ReadonlyArray<TokenWithMarket>
  selected: ReadonlyArray<string>
  onChange: (selected: ReadonlyArray<string>) => void
}) => {
  const toggle = (ref: string) =>
    props.onChange(props.selected.includes(ref) ? props.selected.filter((r) => r !== ref) : [...props.selected, ref])
  return (
    <div className="field">
      <span className="field-label">{props.label}</span>
      <div className="checklist" data-testid={`${props.name}-choices`}>
        {props.tokens.length === 0 ? <div className="empty">No token.</div> : null}
        {props.tokens.map(({ token }) => {
          const ref = `${token.contract}:${token.tokenId}`
          return (
            <label key={ref} className="check-row">
              <input
                type="checkbox"
                name={props.name}
                value={ref}
                checked={props.selected.includes(ref)}
                onChange={() => toggle(ref)}
              />
              <span className="row-main">{tokenLabel(props.market, token.contract, token.tokenId)}</span>
            </label>
          )
        })}
      </div>
      {props.hint ? <span className="field-hint">{props.hint}</span> : null}
    </div>
  )
}
