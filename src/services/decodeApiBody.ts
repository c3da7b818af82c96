import * as Effect from "effect/Effect"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { MalformedResponseError } from "../errors/index.js"

/** Decodes an API body with a schema, keeping unknown fields; a mismatch is a MalformedResponseError. */
export const decodeApiBody = <A, I>(
  schema: Schema.Schema<A, I>,
  endpoint: string,
  body: unknown,
): Effect.Effect<A, MalformedResponseError> =>
  Schema.decodeUnknown(schema, { onExcessProperty: "preserve", errors: "all" })(body).pipe(
    Effect.mapError((error) =>
      MalformedResponseError.fromIssue(endpoint, ParseResult.TreeFormatter.formatErrorSync(error)),
    ),
  )
