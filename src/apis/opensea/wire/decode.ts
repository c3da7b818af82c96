import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { decodeApiBody } from "../../../services/decodeApiBody.js"
import { OpenSeaError } from "../book/OpenSeaError.js"

/**
 * Decodes one of OpenSea's answers with its schema (prototype-safe, unknown fields kept); an answer of another shape
 * is OpenSea's unusable answer (unreadable, keeping the MalformedResponseError naming the route).
 */
export const decodeAnswer =
  <A, I>(schema: Schema.Codec<A, I>, route: string) =>
  (answer: unknown): Effect.Effect<A, OpenSeaError> =>
    decodeApiBody(schema, route, answer).pipe(
      Effect.mapError(
        (error) => new OpenSeaError({ reason: { _tag: "Unreadable" }, message: error.message, requestError: error }),
      ),
    )

/**
 * Decodes the request an action handed the book with its schema; a request of another shape is the caller's (an
 * invalid request, saying what is wrong with it).
 */
export const decodeRequest = <A, I>(schema: Schema.Codec<A, I>, body: unknown): Effect.Effect<A, OpenSeaError> =>
  decodeApiBody(schema, "request", body).pipe(
    Effect.mapError((error) =>
      OpenSeaError.invalid(`The request does not have the shape OpenSea's book reads: ${error.issue}`),
    ),
  )

/**
 * A synchronous decoder of `what` OpenSea sent, for the readings plans make of nested wire values: a value of another
 * shape is the unreadable OpenSeaError naming it.
 */
export const decodeWireSync = <A, I>(
  schema: Schema.Codec<A, I>,
  what: string,
): ((value: unknown) => Result.Result<A, OpenSeaError>) => {
  const decode = Schema.decodeUnknownResult(schema)
  return (value) =>
    Result.mapError(decode(value), (error) =>
      OpenSeaError.unreadable(`OpenSea sent ${what} tradekit cannot read: ${error.message}`),
    )
}
