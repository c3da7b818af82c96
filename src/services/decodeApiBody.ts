import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { MalformedResponseError } from "../errors/index.js"
import { copyPlain, PROTOTYPE_KEYS } from "../internal/copyPlain.js"
import { withUnknownFields } from "../internal/withUnknownFields.js"

/** A `JSON.parse` reviver that drops `__proto__`, `constructor` and `prototype` keys wherever they appear. */
export const prototypeSafeReviver = (key: string, value: unknown): unknown =>
  PROTOTYPE_KEYS.has(key) ? undefined : value

/**
 * Decodes an API body with a schema, keeping unknown fields; a mismatch is a MalformedResponseError.
 * `__proto__`, `constructor` and `prototype` keys are dropped first, so an answer can never set an object's
 * prototype, whether it came through JSON or not.
 */
export const decodeApiBody = <A, I>(
  schema: Schema.Codec<A, I>,
  endpoint: string,
  body: unknown,
): Effect.Effect<A, MalformedResponseError> =>
  Effect.try({
    try: () => copyPlain(body, { dropKeys: PROTOTYPE_KEYS }),
    // Only a stack overflow can throw here.
    catch: () => MalformedResponseError.of({ endpoint, issue: "the body is nested too deeply" }),
  }).pipe(
    Effect.flatMap((safe) =>
      Schema.decodeUnknownEffect(schema, { errors: "all" })(safe).pipe(
        Effect.map((decoded) => withUnknownFields(safe, decoded) as A),
        Effect.mapError((error) => MalformedResponseError.of({ endpoint, issue: error.message })),
      ),
    ),
  )
