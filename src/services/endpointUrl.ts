import * as Result from "effect/Result"
import { UnsafeEndpointError } from "../errors/index.js"

/** How many layers of percent-encoding are peeled off a path segment before it is judged (`%25252e` is three). */
const MAX_DECODINGS = 8

/** `%XX` escapes, decoded one layer at a time; a malformed escape is left as it is. */
const decodeOnce = (segment: string): string =>
  segment.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

/** The segment with every layer of encoding peeled off, or undefined when it has more layers than anyone writes. */
const fullyDecoded = (segment: string): string | undefined => {
  let current = segment
  for (let i = 0; i < MAX_DECODINGS; i++) {
    const next = decodeOnce(current)
    if (next === current) return current
    current = next
  }
  return undefined
}

/**
 * True when a path, once a server or a proxy decodes it (any number of times), names another place than it
 * spells: an encoded `/` or `\` (`%2F`, `%5c`, `%252F`, …), which a server may take for a separator, or a dot
 * segment (`.`, `..`, `%2e`, `.%2E`, …), which walks up out of the base path when normalised.
 */
const isAmbiguousPath = (path: string): boolean =>
  path.split("/").some((segment) => {
    const decoded = fullyDecoded(segment)
    return decoded === undefined || decoded === "." || decoded === ".." || /[/\\]/.test(decoded)
  })

/**
 * Joins a step-defined endpoint onto the chain's API base URL, refusing anything that would leave the API's
 * origin: an absolute URL, a protocol-relative `//host`, a `user@host` trick, a backslash, a path that is
 * not under the base URL's path — and, before the join, a path that another reader may resolve elsewhere: an
 * encoded separator or a dot segment, in any case and under any number of encodings (a server that decodes
 * `/..%2F..%2Fadmin` walks out of the base path though the URL parser here does not).
 */
export const endpointUrl = (baseApiUrl: string, endpoint: string): Result.Result<URL, UnsafeEndpointError> => {
  const refuse = () => Result.fail(UnsafeEndpointError.of({ endpoint, baseApiUrl }))
  if (
    !endpoint.startsWith("/") ||
    endpoint.startsWith("//") ||
    /[\\@\s]/.test(endpoint.split("?")[0] ?? "") ||
    isAmbiguousPath(endpoint.split(/[?#]/)[0] ?? "")
  ) {
    return refuse()
  }
  let base: URL
  let url: URL
  try {
    base = new URL(baseApiUrl)
    url = new URL(`${baseApiUrl.replace(/\/+$/, "")}${endpoint}`)
  } catch {
    return refuse()
  }
  const basePath = base.pathname.replace(/\/+$/, "")
  const sameOrigin = url.origin === base.origin && url.username === base.username && url.password === base.password
  return sameOrigin && url.pathname.startsWith(`${basePath}/`) ? Result.succeed(url) : refuse()
}
