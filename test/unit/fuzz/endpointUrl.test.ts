import * as Result from "effect/Result"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { endpointUrl } from "../../../src/services/endpointUrl.js"
import { FUZZ_SEED } from "./fuzzKit.js"

const bases = ["https://api.test", "https://api.test/chains/1", "http://127.0.0.1:8545/chains/31337/", "https://user@api.test/base"]

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
      fc.property(fc.constantFrom(...bases), fc.array(fc.stringMatching(/^[a-z0-9-]{1,8}$/), { minLength: 1, maxLength: 4 }), (base, segments) => {
        const result = endpointUrl(base, `/${segments.join("/")}`)
        expect(Result.isSuccess(result)).toBe(true)
      }),
      { seed: FUZZ_SEED, numRuns: 500 },
    )
  })
})
