import * as Effect from "effect/Effect"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { MalformedResponseError } from "../errors/index.js"

/** Keys that, copied onto an object by assignment, would change its prototype or impersonate its class. */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"])

/** A `JSON.parse` reviver that drops `__proto__`, `constructor` and `prototype` keys wherever they appear. */
export const prototypeSafeReviver = (key: string, value: unknown): unknown => (PROTOTYPE_KEYS.has(key) ? undefined : value)

const isPlainObject = (value: object): boolean => {
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/**
 * A deep copy of the arrays and plain objects in `value`, without `__proto__`, `constructor` and `prototype`
 * keys; other values are kept as they are. A cycle is copied as a cycle.
 */
const withoutPrototypeKeys = (value: unknown, copies = new Map<object, unknown>()): unknown => {
  if (typeof value !== "object" || value === null) return value
  const known = copies.get(value)
  if (known !== undefined) return known
  if (Array.isArray(value)) {
    const copy: Array<unknown> = []
    copies.set(value, copy)
    for (const element of value) copy.push(withoutPrototypeKeys(element, copies))
    return copy
  }
  if (!isPlainObject(value)) return value
  const copy: Record<string, unknown> = {}
  copies.set(value, copy)
  for (const [key, field] of Object.entries(value)) {
    if (!PROTOTYPE_KEYS.has(key)) copy[key] = withoutPrototypeKeys(field, copies)
  }
  return copy
}

/**
 * Decodes an API body with a schema, keeping unknown fields; a mismatch is a MalformedResponseError.
 * `__proto__`, `constructor` and `prototype` keys are dropped first, so an answer can never set an object's
 * prototype, whether it came through JSON or not.
 */
export const decodeApiBody = <A, I>(
  schema: Schema.Schema<A, I>,
  endpoint: string,
  body: unknown,
): Effect.Effect<A, MalformedResponseError> =>
  Effect.try({
    try: () => withoutPrototypeKeys(body),
    // Only a stack overflow can throw here.
    catch: () => MalformedResponseError.fromIssue(endpoint, "the body is nested too deeply"),
  }).pipe(
    Effect.flatMap((safe) =>
      Schema.decodeUnknown(schema, { onExcessProperty: "preserve", errors: "all" })(safe).pipe(
        Effect.mapError((error) =>
          MalformedResponseError.fromIssue(endpoint, ParseResult.TreeFormatter.formatErrorSync(error)),
        ),
      ),
    ),
  )
