import { UnknownError } from "./UnknownError.js"

/**
 * The text to show for a failure: a non-empty string as it is, an error's non-empty `message`, else the
 * catalogue's fallback 'Error: something went wrong'.
 */
export const messageOf = (error: unknown): string => {
  if (typeof error === "string" && error !== "") return error
  const message = typeof error === "object" && error !== null ? (error as { message?: unknown }).message : undefined
  return typeof message === "string" && message !== "" ? message : new UnknownError().message
}
