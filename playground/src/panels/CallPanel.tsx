import { useState } from "react"
import { encodeFunctionData, isAddress, isHex, parseAbi, parseEther } from "viem"
import { useCall } from "../../../src/react/index.js"
import { formatPrice } from "../api.js"
import { ActionPanel } from "../components/ActionPanel.js"
import { Field } from "../components/Field.js"
import { useChainMarket } from "../market.js"
import { useSession } from "../session.js"

const mintAbi = parseAbi(["function mint(address to, uint256 quantity) payable"])

/** Run a transaction on another chain, paid by one deposit on this one; a solver fills it there. */
export const CallPanel = () => {
  const hook = useCall()
  const { chainId, chains, address } = useSession()
  const targets = chains.filter((c) => c.id !== chainId)
  const [toChainId, setToChainId] = useState(targets[0]?.id ?? chainId)
  const target = useChainMarket(toChainId)
  const [to, setTo] = useState("")
  const [value, setValue] = useState("0.001")
  const [data, setData] = useState("")
  const presets = (target?.collections ?? []).filter((c) => c.mintPrice !== undefined)
  return (
    <ActionPanel
      id="call"
      title="Cross-chain call"
      description="Deposits on the origin chain; the solver runs your transaction on the target chain and reports its fill."
      hook={hook}
      submitLabel="Run on target chain"
      parameters={() => {
        if (!isAddress(to)) return "Enter the target address."
        if (data !== "" && !isHex(data)) return "Calldata must be hex (0x…)."
        let wei: bigint
        try {
          wei = parseEther(value || "0")
        } catch {
          return "Enter a value in ETH."
        }
        return {
          chainId,
          toChainId,
          txs: [{ to, value: wei.toString(), ...(data ? { data: data as `0x${string}` } : {}) }],
        }
      }}
    >
      <Field label="Target chain">
        <select name="toChainId" value={toChainId} onChange={(e) => setToChainId(Number(e.target.value))}>
          {targets.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.id})
            </option>
          ))}
        </select>
      </Field>
      <div className="chips">
        {address ? (
          <button
            type="button"
            className="chip"
            onClick={() => {
              setTo(address)
              setData("")
              setValue("0.001")
            }}
          >
            Send 0.001 ETH to myself
          </button>
        ) : null}
        {presets.map((c) => (
          <button
            type="button"
            key={c.id}
            className="chip"
            data-testid="call-preset-mint"
            onClick={() => {
              setTo(c.id)
              setValue(String(c.mintPrice?.amount.decimal ?? 0))
              setData(address ? encodeFunctionData({ abi: mintAbi, functionName: "mint", args: [address, 1n] }) : "")
            }}
          >
            Mint 1 {c.name} ({formatPrice(c.mintPrice)})
          </button>
        ))}
      </div>
      <Field label="To">
        <input name="to" value={to} placeholder="0x…" onChange={(e) => setTo(e.target.value)} />
      </Field>
      <Field label="Value (ETH)">
        <input name="value" inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} />
      </Field>
      <Field label="Calldata" hint="Optional; leave empty for a plain transfer">
        <textarea name="data" rows={3} value={data} placeholder="0x…" onChange={(e) => setData(e.target.value)} />
      </Field>
    </ActionPanel>
  )
}
