/** Keys that, copied onto an object by assignment, would change its prototype or impersonate its class. */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"])

/** How `copyPlain` treats what it copies. */
export interface CopyPlainOptions {
  /** What a value that is not an array or object becomes (the value itself when absent). */
  readonly leaf?: (value: unknown) => unknown
  /** Keys left out of every copied object. */
  readonly dropKeys?: ReadonlySet<string>
}

/**
 * A deep copy of the arrays and plain objects in `value` (other objects are kept as they are; a cycle is
 * copied as a cycle). Keys are defined, not assigned: an own `__proto__` key stays a key and never becomes
 * the copy's prototype.
 * @internal
 */
export const copyPlain = (value: unknown, options: CopyPlainOptions, copies = new Map<object, unknown>()): unknown => {
  if (typeof value !== "object" || value === null) return options.leaf === undefined ? value : options.leaf(value)
  const known = copies.get(value)
  if (known !== undefined) return known
  if (Array.isArray(value)) {
    const copy: Array<unknown> = []
    copies.set(value, copy)
    for (const element of value) copy.push(copyPlain(element, options, copies))
    return copy
  }
  const prototype: unknown = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return value
  const copy: Record<string, unknown> = {}
  copies.set(value, copy)
  for (const [key, field] of Object.entries(value)) {
    if (options.dropKeys?.has(key)) continue
    Object.defineProperty(copy, key, { value: copyPlain(field, options, copies), enumerable: true, writable: true, configurable: true })
  }
  return copy
}
