import * as Result from "effect/Result"
import { UnsafeEndpointError } from "../errors/index.js"

/**
 * Joins a step-defined endpoint onto the chain's API base URL, refusing anything that would leave the API's
 * origin: an absolute URL, a protocol-relative `//host`, a `user@host` trick, a backslash, or a path that is
 * not under the base URL's path.
 */
export const endpointUrl = (baseApiUrl: string, endpoint: string): Result.Result<URL, UnsafeEndpointError> => {
  const refuse = () => Result.fail(UnsafeEndpointError.of({ endpoint, baseApiUrl }))
  if (!endpoint.startsWith("/") || endpoint.startsWith("//") || /[\\@\s]/.test(endpoint.split("?")[0] ?? "")) {
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
