/**
 * Relay's error answers: `{message, errorCode, errorData, requestId}` (a 400 for a bad or unquotable request),
 * as `@relayprotocol/relay-sdk`'s `api.ts` types them.
 */

/** A failure the devnet Relay answers with Relay's error body. */
export class RelayApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(message)
  }

  /** The answer's body. */
  body(requestId: string): Record<string, unknown> {
    return { message: this.message, errorCode: this.errorCode, errorData: this.message, requestId, ...this.extra }
  }
}

/** A 400 `INVALID_INPUT`: a missing or malformed parameter. */
export const invalidInput = (message: string): RelayApiError => new RelayApiError(400, "INVALID_INPUT", message)
