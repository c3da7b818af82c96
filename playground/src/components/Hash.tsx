import { short } from "../api.js"

/** A tx hash: linked to the chain's explorer when it has one, else copyable. */
export const Hash = ({
  hash,
  explorerUrl,
  label,
}: {
  hash: string
  explorerUrl?: string | undefined
  label?: string
}) => {
  const text = (
    <>
      {label ? <span className="hash-label">{label}</span> : null}
      <code>{short(hash)}</code>
    </>
  )
  return explorerUrl ? (
    <a
      className="hash"
      href={`${explorerUrl.replace(/\/$/, "")}/tx/${hash}`}
      target="_blank"
      rel="noreferrer"
      title={hash}
      data-hash={hash}
    >
      {text}
    </a>
  ) : (
    <button
      type="button"
      className="hash"
      title={`${hash} (click to copy)`}
      data-hash={hash}
      onClick={() => void navigator.clipboard?.writeText(hash)}
    >
      {text}
    </button>
  )
}
