import { useState } from "react"
import { useTransferTokens } from "../../../src/react/index.js"
import { ActionPanel } from "../components/ActionPanel.js"
import { errorOf, Field } from "../components/Field.js"
import { TokenSelect } from "../components/TokenSelect.js"
import { parseAddress, parseQuantity } from "../inputs.js"
import { takesQuantity, useChainMarket } from "../market.js"
import { useSession } from "../session.js"

/** Transfer one of the wallet's tokens to another address. */
export const TransferPanel = () => {
  const hook = useTransferTokens()
  const { chainId, address, config } = useSession()
  const market = useChainMarket(chainId)
  const [token, setToken] = useState("")
  const [to, setTo] = useState("")
  const [quantity, setQuantity] = useState("1")
  const withQuantity = takesQuantity(market, token.split(":")[0])
  const checkedTo = parseAddress(to, "recipient's address")
  const addressError = typeof checkedTo === "string" ? undefined : checkedTo.error
  const checkedQuantity = withQuantity ? parseQuantity(quantity) : 1
  const recipients = config.accounts.filter((a) => a.address.toLowerCase() !== address?.toLowerCase())
  return (
    <ActionPanel
      id="transfer"
      title="Transfer"
      description="Sends your token to another address, straight from your wallet."
      hook={hook}
      submitLabel="Transfer"
      parameters={() => {
        if (!token) return "Pick one of your tokens."
        if (typeof checkedTo !== "string") return checkedTo.error
        if (typeof checkedQuantity === "string") return checkedQuantity
        return { to: checkedTo, items: [{ token, quantity: checkedQuantity }], chainId }
      }}
      onDone={() => {
        setToken("")
        setTo("")
      }}
    >
      <TokenSelect
        label="Your token"
        name="token"
        market={market}
        tokens={market?.myTokens ?? []}
        value={token}
        onChange={setToken}
      />
      <Field label="Recipient" hint="A devnet account, or any address" error={to === "" ? undefined : addressError}>
        <input name="to" list="recipients" value={to} placeholder="0x…" onChange={(e) => setTo(e.target.value)} />
        <datalist id="recipients">
          {recipients.map((a) => (
            <option key={a.address} value={a.address}>
              {a.label}
            </option>
          ))}
        </datalist>
      </Field>
      <div className="chips">
        {recipients.map((a) => (
          <button type="button" key={a.address} className="chip" onClick={() => setTo(a.address)}>
            {a.label}
          </button>
        ))}
      </div>
      {withQuantity ? (
        <Field label="Quantity" error={errorOf(checkedQuantity)}>
          <input name="quantity" type="number" min={1} value={quantity} onChange={(e) => setQuantity(e.target.value)} />
        </Field>
      ) : null}
    </ActionPanel>
  )
}
