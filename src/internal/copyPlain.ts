/** Keys that, copied onto an object by assignment, would change its prototype or impersonate its class. */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"])

/** How `copyPlain` treats what it copies. */
export interface CopyPlainOptions {
  /** What a value that is not an array or object becomes (the value itself when absent). */
  readonly leaf?: (value: unknown) => unknown
  /** What an object that is neither an array nor a plain object becomes (the object itself when absent). */
  readonly other?: (value: object) => unknown
  /** Keys left out of every copied object. */
  readonly dropKeys?: ReadonlySet<string>
}

/**
 * Makes `key` an own, enumerable field of `target`: assigned, which costs least, unless Object.prototype has the
 * key — an accessor there (`__proto__`, or one a polluted or frozen prototype carries) would run or refuse
 * instead of making the key the object's own.
 * @internal
 */
export const setOwnField = (target: Record<string, unknown>, key: string, value: unknown): void => {
  if (key in Object.prototype)
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  else target[key] = value
}

/**
 * A deep copy of the arrays and plain objects in `value` (other objects are kept as they are, or become what
 * `options.other` makes of them; a cycle is copied as a cycle). An own `__proto__` key stays a key and never
 * becomes the copy's prototype.
 * @internal
 */
export const copyPlain = (value: unknown, options: CopyPlainOptions, copies = new Map<object, unknown>()): unknown => {
  if (typeof value !== "object" || value === null) return options.leaf === undefined ? value : options.leaf(value)
  const known = copies.get(value)
  if (known !== undefined) return known
  if (Array.isArray(value)) {
    const copy: Array<unknown> = new Array(value.length)
    copies.set(value, copy)
    for (let i = 0; i < value.length; i++) copy[i] = copyPlain(value[i], options, copies)
    return copy
  }
  const prototype: unknown = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null)
    return options.other === undefined ? value : options.other(value)
  const copy: Record<string, unknown> = {}
  copies.set(value, copy)
  const keys = Object.keys(value)
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string
    if (options.dropKeys?.has(key)) continue
    setOwnField(copy, key, copyPlain((value as Record<string, unknown>)[key], options, copies))
  }
  return copy
}
