import { useBalance, useConnect, useConnection, useConnectors, useSendTransaction } from "wagmi"

/** What the app shows without tradekit: connect, the account and its balance, and a plain send. */
export const Wallet = () => {
  const { address } = useConnection()
  const connectors = useConnectors()
  const { mutate: connect } = useConnect()
  const { data: balance } = useBalance({ address })
  const { mutate: send } = useSendTransaction()
  return (
    <section>
      {connectors.map((connector) => (
        <button key={connector.uid} type="button" onClick={() => connect({ connector })}>
          {connector.name}
        </button>
      ))}
      <p>
        {address} {balance?.value.toString()}
      </p>
      <button type="button" onClick={() => address && send({ to: address, value: 0n })}>
        Send
      </button>
    </section>
  )
}
