/** An error as the page shows it: its `_tag` (or name) and its message. */
export const ErrorView = ({ error }: { error: unknown }) => {
  if (error === undefined || error === null) return null
  const tag =
    typeof error === "object" && "_tag" in error ? String((error as { _tag: unknown })._tag) : error instanceof Error ? error.name : "Error"
  const message = error instanceof Error ? error.message : typeof error === "object" && "message" in error ? String((error as { message: unknown }).message) : String(error)
  return (
    <div className="error" role="alert" data-testid="error">
      <span className="error-tag">{tag}</span>
      <pre className="error-message">{message}</pre>
    </div>
  )
}
