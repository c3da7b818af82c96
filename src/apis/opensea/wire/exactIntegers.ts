/** The longest integer JSON.parse reads exactly as a number: 2^53 - 1 has 16 digits, so 15 are always safe. */
const SAFE_DIGITS = 15

/** A whole JSON integer token: no leading zeros, so `0123` stays for the parser to refuse. */
const JSON_INTEGER = /^-?(0|[1-9]\d*)$/

/** JSON's whitespace: nothing else may stand between tokens. */
const isJsonSpace = (char: string): boolean => char === " " || char === "\t" || char === "\n" || char === "\r"

/**
 * Whether a number starting here stands where JSON allows a value: first in the text, after `:`, after `[`, or
 * after `,` inside an array. Anywhere else (an object key, after another value) the text is invalid, and a quoted
 * number there could make it valid (`{12345678901234567890:1}`), so it is left as it is.
 */
const atValue = (previous: string | undefined, container: string | undefined): boolean =>
  previous === undefined || previous === ":" || previous === "[" || (previous === "," && container === "[")

/**
 * A JSON text with every integer too long to be a safe number written as a string instead (`12000000000000000000`
 * becomes `"12000000000000000000"`), so that parsing keeps it exactly: OpenSea has written wei amounts as JSON
 * numbers above 2^53. Strings are left as they are (escapes included), and so are numbers with a fraction or an
 * exponent, which are not amounts. Only a whole JSON integer in a value's place is quoted, so text that is not JSON
 * stays invalid, for the parser to refuse as `JSON.parse` would.
 */
export const quoteLongIntegers = (text: string): string => {
  let out = ""
  let start = 0
  let i = 0
  let previous: string | undefined
  const containers: Array<string> = []
  while (i < text.length) {
    const char = text[i]!
    if (isJsonSpace(char)) {
      i++
      continue
    }
    if (char === '"') {
      // Skip the string, escapes included.
      i++
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1
      i++
      previous = char
      continue
    }
    if (char === "-" || (char >= "0" && char <= "9")) {
      let end = i + 1
      while (end < text.length && /[0-9.eE+-]/.test(text[end]!)) end++
      const token = text.slice(i, end)
      const long = JSON_INTEGER.test(token) && token.replace("-", "").length > SAFE_DIGITS
      if (long && atValue(previous, containers.at(-1))) {
        out += `${text.slice(start, i)}"${token}"`
        start = end
      }
      i = end
      previous = "0"
      continue
    }
    if (char === "{" || char === "[") containers.push(char)
    if (char === "}" || char === "]") containers.pop()
    previous = char
    i++
  }
  return out + text.slice(start)
}
