/** OpenSea's amounts written as JSON numbers above 2^53 are read exactly; nothing else in the answer changes. */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { quoteLongIntegers } from "../../../../src/apis/opensea/wire/exactIntegers.js"

describe("quoteLongIntegers", () => {
  it("writes an integer too long for a safe number as its exact decimal string", () => {
    const text = '{"value":12000000000000000001,"negative":-99999999999999999,"small":123456789012345}'
    expect(JSON.parse(quoteLongIntegers(text))).toEqual({
      value: "12000000000000000001",
      negative: "-99999999999999999",
      small: 123456789012345,
    })
    // JSON.parse alone loses the last digit.
    expect(String(JSON.parse(text).value)).not.toBe("12000000000000000001")
  })

  it("leaves strings (escaped quotes included), fractions and exponents as they are", () => {
    const text = '{"s":"a \\"12345678901234567890\\" b","f":1234567890123456.75,"e":1.5e30,"list":[1,2,"3"]}'
    expect(JSON.parse(quoteLongIntegers(text))).toEqual(JSON.parse(text))
  })

  it("any integer comes out exact, wherever it stands", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), (amount) => {
        const parsed = JSON.parse(quoteLongIntegers(`{"a":[${amount}],"b":${amount}}`))
        expect(BigInt(parsed.b)).toBe(amount)
        expect(BigInt(parsed.a[0])).toBe(amount)
      }),
    )
  })
})

describe("quoteLongIntegers keeps JSON's grammar", () => {
  const parses = (text: string): boolean => {
    try {
      JSON.parse(text)
      return true
    } catch {
      return false
    }
  }

  it("a 16-digit integer above 2^53 is read exactly", () => {
    // 2^53 + 1 has 16 digits: a bound of 16 safe digits would round it to 2^53.
    expect(JSON.parse(quoteLongIntegers('{"v":9007199254740993}')).v).toBe("9007199254740993")
    expect(JSON.parse(quoteLongIntegers("[-9007199254740993]"))[0]).toBe("-9007199254740993")
  })

  it.each([
    '{"v":012345678901234567890}',
    '{"v":-012345678901234567890}',
    "[00000000000000000001]",
    "{12345678901234567890:1}",
    '{"a":1,12345678901234567890:2}',
    '["a" 12345678901234567890]',
    "[1 12345678901234567890]",
    "tru12345678901234567890",
  ])("invalid JSON stays invalid: %s", (text) => {
    expect(parses(text)).toBe(false)
    expect(parses(quoteLongIntegers(text))).toBe(false)
  })

  /** A JSON value whose integers may be bigints; `text` writes them as bare digits, `expected` as JSON.parse would
   * read them if it were exact: a string above the safe range, a number within it. */
  type Tree = bigint | string | boolean | null | number | ReadonlyArray<Tree> | { readonly [key: string]: Tree }
  const { tree } = fc.letrec<{ tree: Tree }>((tie) => ({
    tree: fc.oneof(
      { depthSize: "small" },
      fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }),
      fc.string(),
      fc.boolean(),
      fc.constant(null),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.array(tie("tree"), { maxLength: 4 }),
      fc.dictionary(fc.string(), tie("tree"), { maxKeys: 4 }),
    ),
  }))
  const space = fc.constantFrom("", " ", "\n", "\t ", "\r\n")
  const text = (value: Tree, gap: string): string => {
    if (typeof value === "bigint") return value.toString()
    if (Array.isArray(value)) return `[${gap}${value.map((v) => text(v, gap)).join(`${gap},${gap}`)}${gap}]`
    if (value !== null && typeof value === "object") {
      const fields = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}${gap}:${gap}${text(v, gap)}`)
      return `{${gap}${fields.join(`,${gap}`)}${gap}}`
    }
    return JSON.stringify(value)
  }
  const exact = (value: Tree): unknown => {
    // The scanner quotes by length: an integer written with more than 15 digits is read as its string, even below
    // 2^53 (a double that JSON writes as such an integer too).
    const written =
      typeof value === "bigint" ? value.toString() : typeof value === "number" ? JSON.stringify(value) : ""
    if (/^-?\d{16,}$/.test(written)) return written
    if (typeof value === "bigint") return Number(value)
    if (Array.isArray(value)) return value.map(exact)
    if (value !== null && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, exact(v)]))
    }
    return JSON.parse(JSON.stringify(value))
  }

  it("valid JSON reads as JSON.parse reads it, with every integer above 2^53 exact", () => {
    fc.assert(
      fc.property(tree, space, (value, gap) => {
        const written = text(value, gap)
        // Safe integers stay numbers, as JSON.parse reads them; only what JSON.parse would round becomes a string.
        expect(JSON.parse(quoteLongIntegers(written))).toEqual(exact(value))
      }),
    )
  })

  it("JSON.parse fails on the scanned text exactly when it fails on the text", () => {
    const jsonish = fc.string({ unit: fc.constantFrom(...'{}[]:," -0123456789e.tn', "12345678901234567890") })
    fc.assert(
      fc.property(jsonish, (input) => {
        expect(parses(quoteLongIntegers(input))).toBe(parses(input))
      }),
      { numRuns: 2000 },
    )
  })
})
