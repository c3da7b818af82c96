import type { ExecutionSnapshot } from "../../../src/index.js"
import type { ActionHookStatus } from "../../../src/react/index.js"
import { short } from "../api.js"
import type { PlaygroundChain } from "../PlaygroundConfig.js"
import { NamedMessage } from "./ErrorView.js"
import { Hash } from "./Hash.js"
import { networkFeeText } from "./NetworkFee.js"

type Item = NonNullable<ExecutionSnapshot["steps"][number]["items"]>[number]
type PathEntry = NonNullable<ExecutionSnapshot["path"]>[number]

/** "#13 0.5 ETH": what one entry of the route is on, and its quote. */
const pathEntryText = (entry: PathEntry) =>
  [entry.tokenId !== undefined ? `#${entry.tokenId}` : undefined, entry.quote, entry.currencySymbol]
    .filter((part) => part !== undefined)
    .join(" ")

/** The relayer's fee as "0.0001 ETH", or undefined when there is none to pay (same-chain actions answer a zero fee). */
const relayerFeeText = (fees: ExecutionSnapshot["fees"]) => {
  const relayer = fees?.relayer
  const raw = relayer?.amount?.raw
  const decimal = relayer?.amount?.decimal ?? 0
  if (relayer === undefined || Number(raw ?? decimal) === 0) return undefined
  return `${Number(decimal.toPrecision(6))} ${relayer.currency?.symbol ?? ""}`.trim()
}

const itemState = (item: Item, running: boolean): "complete" | "error" | "active" | "pending" =>
  item.error ? "error" : item.status === "complete" ? "complete" : running ? "active" : "pending"

/**
 * What the timeline says the execution is: a snapshot the hook has settled while it still reads "running" was a quote
 * (the steps fetched, nothing executed) or an abort, and is not shown as running.
 */
const shownStatus = (snapshot: ExecutionSnapshot["status"], hook: ActionHookStatus): string =>
  snapshot === "running" && hook !== "pending" ? (hook === "success" ? "quoted" : hook) : snapshot

/** An error a step or item repeats of the execution's own is shown once, by the form: here only its state says it. */
const ownError = (error: string | undefined, run: string | undefined) => {
  if (error === undefined || error === "") return undefined
  return run !== undefined && (run.includes(error) || error.includes(run)) ? undefined : error
}

const ItemView = ({
  item,
  index,
  running,
  chains,
  runError,
  names,
}: {
  item: Item
  index: number
  running: boolean
  chains: ReadonlyArray<PlaygroundChain>
  runError: string | undefined
  names: ReadonlyMap<string, string>
}) => {
  const state = itemState(item, running)
  const explorerOf = (chainId: number) => chains.find((c) => c.id === chainId)?.explorerUrl
  const data = item.data as { sign?: { signatureKind: string; primaryType?: string }; chainId?: number } | undefined
  return (
    <li className={`item item-${state}`} data-testid="step-item" data-state={state}>
      <div className="item-head">
        <span className="item-index">Item {index + 1}</span>
        <span className={`pill pill-${state}`}>{state === "active" ? "in progress" : state}</span>
      </div>
      {data?.sign ? (
        <div className="item-line">
          Signature <code>{data.sign.signatureKind}</code>
          {data.sign.primaryType ? <> · {data.sign.primaryType}</> : null}
        </div>
      ) : null}
      {item.orderData?.map((order) => (
        <div className="item-line" key={order.orderId ?? order.orderIndex}>
          Order <code title={order.orderId}>{short(order.orderId)}</code>
        </div>
      ))}
      {(item.internalTxHashes ?? []).map((tx) => (
        <div className="item-line" key={`i${tx.txHash}`}>
          <Hash hash={tx.txHash} explorerUrl={explorerOf(tx.chainId)} label={`your tx · chain ${tx.chainId}`} />
        </div>
      ))}
      {/* The API lists the user's own transactions again among the item's: each hash shows once. */}
      {(item.txHashes ?? [])
        .filter((tx) => !(item.internalTxHashes ?? []).some((own) => own.txHash === tx.txHash))
        .map((tx) => (
          <div className="item-line" key={tx.txHash}>
            <Hash hash={tx.txHash} explorerUrl={explorerOf(tx.chainId)} label={`tx · chain ${tx.chainId}`} />
          </div>
        ))}
      {item.networkFee ? (
        <div className="item-line" data-testid="item-network-fee">
          Network fee ≈{" "}
          {networkFeeText(item.networkFee.fee, data?.chainId ?? chains.find((c) => c.active)?.id ?? 0, chains)}
        </div>
      ) : null}
      {item.tip && item.status !== "complete" ? <div className="item-tip">{item.tip}</div> : null}
      {ownError(item.error, runError) !== undefined ? (
        <div className="item-error">
          <NamedMessage message={item.error ?? ""} names={names} />
        </div>
      ) : null}
    </li>
  )
}

/** The live steps of an execution: each step and item with its status, hashes, signatures and errors. */
export const Timeline = ({
  progress,
  status: hookStatus,
  chains,
  pathLabel,
  names = new Map(),
}: {
  progress: ExecutionSnapshot | undefined
  status: ActionHookStatus
  chains: ReadonlyArray<PlaygroundChain>
  /** What the API's route is to this action ("route" of a buy); without it the route is not shown. */
  pathLabel?: string | undefined
  /** What the orders the page shows are on, by hash: named beside a hash in an error. */
  names?: ReadonlyMap<string, string>
}) => {
  if (!progress) {
    const waiting =
      hookStatus === "pending" ? "Fetching the steps…" : "The steps of the execution appear here once it runs."
    return <div className="empty">{waiting}</div>
  }
  const steps = progress.steps.filter((step) => (step.items ?? []).length > 0)
  const relayerFee = relayerFeeText(progress.fees)
  const runError = progress.error?.message
  const status = shownStatus(progress.status, hookStatus)
  return (
    <div className="timeline" data-testid="timeline" data-status={status}>
      <div className="timeline-meta">
        <span className={`pill pill-${status}`} data-testid="timeline-status">
          {status}
        </span>
        {progress.requestId ? (
          <span title={progress.requestId}>
            request <code>{short(progress.requestId)}</code>
          </span>
        ) : null}
        {progress.txHashes.length > 0 ? <span data-testid="tx-count">{progress.txHashes.length} tx</span> : null}
        {pathLabel !== undefined && progress.path && progress.path.length > 0 ? (
          <span data-testid="path">
            {pathLabel}: {progress.path.map(pathEntryText).join(", ")}
          </span>
        ) : null}
        {relayerFee !== undefined ? <span data-testid="relayer-fee">relayer fee {relayerFee}</span> : null}
      </div>
      <ol className="steps">
        {steps.length === 0 ? <li className="empty">Nothing to do: every step was already complete.</li> : null}
        {steps.map((step) => {
          const index = progress.steps.indexOf(step)
          const items = step.items ?? []
          const current = progress.currentStep?.index === index && status === "running"
          const state =
            step.error || items.some((i) => i.error)
              ? "error"
              : items.every((i) => i.status === "complete")
                ? "complete"
                : current
                  ? "active"
                  : "pending"
          return (
            <li
              key={`${step.id}-${index}`}
              className={`step step-${state}`}
              data-testid="step"
              data-step-id={step.id}
              data-state={state}
            >
              <div className="step-dot" />
              <div className="step-body">
                <div className="step-head">
                  <strong>{step.action}</strong>
                  <span className="step-kind">{step.kind}</span>
                  <code className="step-id">{step.id}</code>
                </div>
                <div className="step-description">{step.description}</div>
                {ownError(step.error, runError) !== undefined && !items.some((i) => i.error === step.error) ? (
                  <div className="item-error">
                    <NamedMessage message={step.error ?? ""} names={names} />
                  </div>
                ) : null}
                <ul className="items">
                  {items.map((item, i) => (
                    <ItemView
                      key={i}
                      item={item}
                      index={i}
                      chains={chains}
                      runError={runError}
                      names={names}
                      running={current && (progress.currentStep?.itemIndexes.includes(i) ?? false)}
                    />
                  ))}
                </ul>
              </div>
            </li>
          )
        })}
      </ol>
    </div>
  )
}
