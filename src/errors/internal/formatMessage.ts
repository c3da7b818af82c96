/** The parts of an error's message: one short sentence, then labelled facts, then the underlying details. */
export interface MessageParts {
  /** Labelled facts, one line each (`Endpoint: /execute/buy/v7`); an `undefined` value leaves its line out. */
  readonly meta?: Readonly<Record<string, string | number | undefined>>
  /** What the underlying failure said (a decoder's issue, a wallet's text), after `Details:`. */
  readonly details?: string
}

/**
 * Formats an error message the way every tradekit error words it (as viem's `BaseError` does): the short
 * message, a blank line and the meta lines, a blank line and `Details: …`. A short message alone stays one line.
 * @internal
 */
export const formatMessage = (short: string, { meta = {}, details }: MessageParts = {}): string => {
  const lines = Object.entries(meta).flatMap(([label, value]) => (value === undefined ? [] : [`${label}: ${value}`]))
  const blocks = [short, lines.join("\n"), details === undefined ? "" : `Details: ${details}`]
  return blocks.filter((block) => block !== "").join("\n\n")
}
