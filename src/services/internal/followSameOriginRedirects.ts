import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { HttpTransportService, TransportError, TransportRequest, TransportResponse } from "../HttpTransport.js"

/** True for a redirect, including the opaque one (status 0) a browser's `fetch` returns for `redirect: "manual"`. */
export const isRedirect = (status: number): boolean => status === 0 || (status >= 300 && status < 400)

/** True when `target` is under `base`: its origin, the same credentials, and a path below the base's path. */
const isUnder = (base: URL, target: URL): boolean =>
  target.origin === base.origin &&
  target.username === base.username &&
  target.password === base.password &&
  target.pathname.startsWith(`${base.pathname.replace(/\/+$/, "")}/`)

const parseUrl = (url: string, base?: URL): URL | undefined =>
  Option.getOrUndefined(Option.liftThrowable(() => new URL(url, base))())

/** Where a redirect leads, when that is on the origin the request went to and under the API's base path. */
const allowedTarget = (
  request: TransportRequest,
  response: TransportResponse,
  base: URL | undefined,
): URL | undefined => {
  const location = response.headers.location
  if (location === undefined || base === undefined) return undefined
  const target = parseUrl(location, request.url)
  return target !== undefined && target.origin === request.url.origin && isUnder(base, target) ? target : undefined
}

/**
 * Sends requests to the API at `baseApiUrl` and follows a redirect only within the origin the request was
 * sent to and under that API's base path — the rule an endpoint meets — at most `maxRedirects` times in a row.
 * Any other redirect — to another origin or outside the base path, without a usable `Location`, one too many,
 * or a browser's opaque one — comes back as the answer it is, so the status check refuses it before anything
 * (the API key included) is sent there. A 303 is followed with a GET and no body; other redirects keep the
 * method and body.
 */
export const followSameOriginRedirects = (
  send: HttpTransportService["send"],
  baseApiUrl: string,
  maxRedirects: number,
): HttpTransportService["send"] => {
  const base = parseUrl(baseApiUrl)
  const follow = (
    request: TransportRequest,
    response: TransportResponse,
    left: number,
  ): Effect.Effect<TransportResponse, TransportError> => {
    const target = isRedirect(response.status) && left > 0 ? allowedTarget(request, response, base) : undefined
    if (target === undefined) return Effect.succeed(response)
    const { body: _body, ...bodyless } = request
    const next: TransportRequest =
      response.status === 303 ? { ...bodyless, method: "GET", url: target } : { ...request, url: target }
    return Effect.flatMap(send(next), (answer) => follow(next, answer, left - 1))
  }
  return (request) => Effect.flatMap(send(request), (response) => follow(request, response, maxRedirects))
}
