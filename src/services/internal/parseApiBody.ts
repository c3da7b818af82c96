import { prototypeSafeReviver } from "../decodeApiBody.js"

/**
 * Whether a JSON text may hold a `__proto__`, `constructor` or `prototype` key: it names one, or it has a `\u`
 * escape (the only JSON escape that can spell a letter or `_`). Any other text parses without the reviver.
 */
const mayNamePrototypeKeys = (text: string): boolean =>
  text.includes("__proto__") || text.includes("constructor") || text.includes("prototype") || text.includes("\\u")

/**
 * Parses the text of an API answer: JSON when it is JSON (never with a key that could reach a prototype),
 * `null` when it is empty, else the text itself.
 */
export const parseApiBody = (text: string): unknown => {
  if (text === "") return null
  try {
    return mayNamePrototypeKeys(text) ? JSON.parse(text, prototypeSafeReviver) : JSON.parse(text)
  } catch {
    return text
  }
}
