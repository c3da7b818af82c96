/** The message of anything thrown: an Error's, an EIP-1193 error object's, else its text. */
export const messageOf = (error: unknown): string =>
  error instanceof Error
    ? error.message
    : typeof error === "object" && error !== null && "message" in error
      ? String((error as { message: unknown }).message)
      : String(error)

/** An error as the page shows it: its `_tag` (or name) and its message. */
export const ErrorView = ({ error }: { error: unknown }) => {
  if (error === undefined || error === null) return null
  const tag = typeof error === "object" && "_tag" in error ? String((error as { _tag: unknown })._tag) : error instanceof Error ? error.name : "Error"
  return (
    <div className="error" role="alert" data-testid="error">
      <span className="error-tag">{tag}</span>
      <pre className="error-message">{messageOf(error)}</pre>
    </div>
  )
}
