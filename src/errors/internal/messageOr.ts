import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

/**
 * A `message` field that the constructor fills with `fallback` when it is absent or `undefined` (v3's
 * `optionalWith(Schema.String, { default })`).
 * @internal
 */
export const messageOr = (fallback: string) =>
  Schema.String.pipe(Schema.withConstructorDefault(Effect.succeed(fallback)))
