import { prototypeSafeReviver } from "../decodeApiBody.js"

/**
 * Parses the text of an API answer: JSON when it is JSON (never with a key that could reach a prototype),
 * `null` when it is empty, else the text itself.
 */
export const parseApiBody = (text: string): unknown => {
  if (text === "") return null
  try {
    return JSON.parse(text, prototypeSafeReviver)
  } catch {
    return text
  }
}
