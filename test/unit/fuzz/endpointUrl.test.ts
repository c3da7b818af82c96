import * as Result from "effect/Result"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { endpointUrl } from "../../../src/services/endpointUrl.js"
import { FUZZ_SEED } from "./fuzzKit.js"

const bases = [
  "https://api.test",
  "https://api.test/chains/1",
  "http://127.0.0.1:8545/chains/31337/",
  "https://user@api.test/base",
]

/** Pieces attackers put in a path: hosts, credentials, separators, encodings, traversal, control characters. */
const piece = fc.oneof(
  fc.constantFrom(
    "/",
    "//",
    "\\",
    "@",
    ":",
    "?",
    "#",
    "%2f",
    "%2F",
    "%5c",
    "%40",
    "..",
    "%2e%2e",
    ".%2e",
    "./",
    "evil.test",
    "user:pass@",
    "http:",
    "https:",
    "javascript:",
    "\t",
    "\n",
    "\r",
    " ",
    "\u3002",
    "\uff0f",
    "\u2215",
    "\u0000",
    "%00",
    "127.0.0.1",
    "[::1]",
  ),
  fc.string({ unit: "binary", maxLength: 6 }),
  fc.webPath(),
)
const endpoint = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.webUrl(),
  fc.array(piece, { minLength: 1, maxLength: 8 }).map((parts) => parts.join("")),
  fc.array(piece, { minLength: 1, maxLength: 8 }).map((parts) => `/${parts.join("")}`),
)

describe("fuzz: endpointUrl", () => {
  it("never resolves off the API's origin or outside its base path, whatever the endpoint", () => {
    fc.assert(
      fc.property(fc.constantFrom(...bases), endpoint, (base, path) => {
        const result = endpointUrl(base, path)
        if (Result.isFailure(result)) {
          expect(result.failure._tag).toBe("UnsafeEndpointError")
          return
        }
        const url = result.success
        const expected = new URL(base)
        // What fetch will use is the href: parse it again, as the platform would.
        const sent = new URL(url.href)
        for (const u of [url, sent]) {
          expect(u.origin).toBe(expected.origin)
          expect(u.username).toBe(expected.username)
          expect(u.password).toBe(expected.password)
          expect(u.pathname.startsWith(`${expected.pathname.replace(/\/+$/, "")}/`)).toBe(true)
        }
      }),
      { seed: FUZZ_SEED, numRuns: 20_000 },
    )
  })

  it("accepts plain paths under the base", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...bases),
        fc.array(fc.stringMatching(/^[a-z0-9-]{1,8}$/), { minLength: 1, maxLength: 4 }),
        (base, segments) => {
          const result = endpointUrl(base, `/${segments.join("/")}`)
          expect(Result.isSuccess(result)).toBe(true)
        },
      ),
      { seed: FUZZ_SEED, numRuns: 500 },
    )
  })
})

/** Paths a server or proxy may decode into another place than they spell: encoded separators and dot segments. */
const ambiguous = [
  "/..%2F..%2Fadmin",
  "/execute/%2e%2e/%2E%2E/admin",
  "/execute/.%2e/admin",
  "/execute/%2E./admin",
  "/execute/..",
  "/execute/./status/v1",
  "/execute/%2e/status/v1",
  "/a%2fb",
  "/a%5Cb",
  "/a%5cb",
  "/a%252Fb",
  "/a%25252fb",
  "/%252e%252e/admin",
  "/execute/status/v1/%2E%2e",
]

describe("endpointUrl: encoded separators and dot segments", () => {
  for (const path of ambiguous) {
    it(`refuses ${path} before joining it to the base path`, () => {
      for (const base of bases) {
        const result = endpointUrl(base, path)
        expect(Result.isFailure(result) && result.failure._tag).toBe("UnsafeEndpointError")
      }
    })
  }

  it("refuses any path with an encoded separator or a dot segment, under any number of encodings", () => {
    const encodings = fc.constantFrom(
      "%2f",
      "%2F",
      "%5c",
      "%5C",
      "%252f",
      "%255C",
      "%25252F",
      "/.%2e/",
      "/%2e%2E/",
      "/%252e/",
      "/./",
      "/../",
    )
    fc.assert(
      fc.property(
        fc.constantFrom(...bases),
        fc.stringMatching(/^[a-z0-9]{0,6}$/),
        encodings,
        fc.stringMatching(/^[a-z0-9]{0,6}$/),
        (base, a, bad, b) => {
          const result = endpointUrl(base, `/${a}${bad}${b}`)
          expect(Result.isFailure(result)).toBe(true)
        },
      ),
      { seed: FUZZ_SEED, numRuns: 2_000 },
    )
  })

  it("keeps encoded characters that are no separator, and encoded separators in the query", () => {
    expect(Result.isSuccess(endpointUrl("https://api.test/base", "/tokens/0xabc%3A1"))).toBe(true)
    expect(Result.isSuccess(endpointUrl("https://api.test/base", "/tokens/v7?continuation=a%2Fb"))).toBe(true)
    expect(Result.isSuccess(endpointUrl("https://api.test/base", "/collections/..abc/v1"))).toBe(true)
  })
})
