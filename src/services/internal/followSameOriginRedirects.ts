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

/** Where a redirect leads, when that is on the origin the request went to. */
const sameOriginTarget = (request: HttpClientRequest.HttpClientRequest, response: HttpClientResponse.HttpClientResponse): URL | undefined => {
  const location = response.headers.location
  const current = Url.make(request.url, request.urlParams, undefined)
  if (location === undefined || Result.isFailure(current)) return undefined
  const target = Option.getOrUndefined(Option.liftThrowable(() => new URL(location, current.success))())
  return target?.origin === current.success.origin ? target : undefined
}

/**
 * Follows a redirect only within the origin the request was sent to, at most `maxRedirects` times in a row.
 * Any other redirect — to another origin, without a usable `Location`, one too many, or a browser's opaque
 * one — comes back as the answer it is, so the status check refuses it before anything reaches another host.
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
      const target = isRedirect(response.status) && left > 0 ? sameOriginTarget(request, response) : undefined
      if (target === undefined) return Effect.succeed(response)
      // A URL, not its text: its query becomes the request's parameters, in place of the old ones.
      const moved = HttpClientRequest.setUrl(request, target)
      const next = response.status === 303 ? moved.pipe(HttpClientRequest.setMethod("GET"), HttpClientRequest.setBody(HttpBody.empty)) : moved
      return Effect.flatMap(client.execute(next), (answer) => follow(next, answer, left - 1))
    }
    return HttpClient.transform(client, (response, request) => Effect.flatMap(response, (answer) => follow(request, answer, maxRedirects)))
  }
