/**
 * The options of tradekit's spans: no stack trace captured where a span is made (it would point into tradekit's own
 * pipeline, and costs an `Error` per span on every action's hot path).
 * @internal
 */
export const NO_STACK = { captureStackTrace: false } as const
