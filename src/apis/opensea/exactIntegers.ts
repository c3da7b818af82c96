/** The longest integer JSON.parse reads exactly as a number: 2^53 - 1 has 16 digits, so 15 are always safe. */
const SAFE_DIGITS = 15

/**
 * A JSON text with every integer too long to be a safe number written as a string instead (`12000000000000000000`
 * becomes `"12000000000000000000"`), so that parsing keeps it exactly: OpenSea has written wei amounts as JSON
 * numbers above 2^53. Strings are left as they are (escapes included), and so are numbers with a fraction or an
 * exponent, which are not amounts. Text that is not JSON stays what it was, for the parser to refuse.
 */
export const quoteLongIntegers = (text: string): string => {
  let out = ""
  let start = 0
  let i = 0
  while (i < text.length) {
    const char = text[i]!
    if (char === '"') {
      // Skip the string, escapes included.
      i++
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1
      i++
      continue
    }
    if (char === "-" || (char >= "0" && char <= "9")) {
      let end = i + 1
      while (end < text.length && /[0-9.eE+-]/.test(text[end]!)) end++
      const token = text.slice(i, end)
      if (/^-?\d+$/.test(token) && token.replace("-", "").length > SAFE_DIGITS) {
        out += `${text.slice(start, i)}"${token}"`
        start = end
      }
      i = end
      continue
    }
    i++
  }
  return out + text.slice(start)
}
