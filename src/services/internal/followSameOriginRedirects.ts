import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as HttpBody from "effect/http/HttpBody"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import type * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as Url from "effect/http/Url"
import * as Option from "effect/Option"
import * as Result from "effect/Result"

/** True for a redirect, including the opaque one (status 0) a browser's `fetch` returns for `redirect: "manual"`. */
export const isRedirect = (status: number): boolean => status === 0 || (status >= 300 && status < 400)

/**
 * The base URL of the API a request is sent to (a chain's `baseApiUrl`), set by the chain-bound client around
 * each request: a redirect must stay under its path, as an endpoint must. None: the request's origin is the rule.
 */
export const RedirectBase = Context.Reference<string | undefined>("tradekit/RedirectBase", { defaultValue: () => undefined })

/** True when `target` is under `base`: its origin, the same credentials, and a path below the base's path. */
const isUnder = (base: URL, target: URL): boolean =>
  target.origin === base.origin &&
  target.username === base.username &&
  target.password === base.password &&
  target.pathname.startsWith(`${base.pathname.replace(/\/+$/, "")}/`)

const parseUrl = (url: string, base?: URL): URL | undefined => Option.getOrUndefined(Option.liftThrowable(() => new URL(url, base))())

/** Where a redirect leads, when that is on the origin the request went to and under the API's base path. */
const allowedTarget = (
  request: HttpClientRequest.HttpClientRequest,
  response: HttpClientResponse.HttpClientResponse,
  baseApiUrl: string | undefined,
): URL | undefined => {
  const location = response.headers.location
  const current = Url.make(request.url, request.urlParams, undefined)
  if (location === undefined || Result.isFailure(current)) return undefined
  const target = parseUrl(location, current.success)
  if (target === undefined || target.origin !== current.success.origin) return undefined
  if (baseApiUrl === undefined) return target
  const base = parseUrl(baseApiUrl)
  return base !== undefined && isUnder(base, target) ? target : undefined
}

/**
 * Follows a redirect only within the origin the request was sent to and, when the request names its API
 * ({@link RedirectBase}), under that API's base path — the rule an endpoint meets — at most `maxRedirects`
 * times in a row. Any other redirect — to another origin or outside the base path, without a usable
 * `Location`, one too many, or a browser's opaque one — comes back as the answer it is, so the status check
 * refuses it before anything (the API key included) is sent there.
 * A 303 is followed with a GET and no body; other redirects keep the method and body.
 */
export const followSameOriginRedirects =
  (maxRedirects: number) =>
  <E, R>(client: HttpClient.HttpClient.With<E, R>): HttpClient.HttpClient.With<E, R> => {
    const follow = (
      request: HttpClientRequest.HttpClientRequest,
      response: HttpClientResponse.HttpClientResponse,
      left: number,
    ): Effect.Effect<HttpClientResponse.HttpClientResponse, E, R> => {
      if (!isRedirect(response.status) || left <= 0) return Effect.succeed(response)
      return Effect.flatMap(Effect.service(RedirectBase), (baseApiUrl) => {
        const target = allowedTarget(request, response, baseApiUrl)
        if (target === undefined) return Effect.succeed(response)
        // A URL, not its text: its query becomes the request's parameters, in place of the old ones.
        const moved = HttpClientRequest.setUrl(request, target)
        const next = response.status === 303 ? moved.pipe(HttpClientRequest.setMethod("GET"), HttpClientRequest.setBody(HttpBody.empty)) : moved
        return Effect.flatMap(client.execute(next), (answer) => follow(next, answer, left - 1))
      })
    }
    return HttpClient.transform(client, (response, request) => Effect.flatMap(response, (answer) => follow(request, answer, maxRedirects)))
  }
