import { type MessagePart, partsOf } from "../hashNames.js"

/** The message of anything thrown: an Error's, an EIP-1193 error object's, else its text. */
export const messageOf = (error: unknown): string =>
  error instanceof Error
    ? error.message
    : typeof error === "object" && error !== null && "message" in error
      ? String((error as { message: unknown }).message)
      : String(error)

/** A message with each hash shortened (whole in its title) and the name of what it is beside it. */
export const NamedMessage = ({ message, names }: { message: string; names: ReadonlyMap<string, string> }) =>
  partsOf(message, names).map((part: MessagePart, i) =>
    typeof part === "string" ? (
      part
    ) : (
      <span key={i} className="named-hash" data-testid="named-hash" data-hash={part.hash}>
        <code title={part.hash}>{`${part.hash.slice(0, 10)}…${part.hash.slice(-4)}`}</code>
        {part.name !== undefined ? <span className="hash-name"> ({part.name})</span> : null}
      </span>
    ),
  )

/** An error as the page shows it, once: its `_tag` (or name) and its message, its hashes named. */
export const ErrorView = ({ error, names = new Map() }: { error: unknown; names?: ReadonlyMap<string, string> }) => {
  if (error === undefined || error === null) return null
  const tag =
    typeof error === "object" && "_tag" in error
      ? String((error as { _tag: unknown })._tag)
      : error instanceof Error
        ? error.name
        : "Error"
  return (
    <div className="error" role="alert" data-testid="error">
      <span className="error-tag">{tag}</span>
      <pre className="error-message">
        <NamedMessage message={messageOf(error)} names={names} />
      </pre>
    </div>
  )
}
