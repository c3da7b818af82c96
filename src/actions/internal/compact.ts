/** `value` with every bigint, at any depth, as its decimal string: JSON has no bigint, and snapshots stay plain JSON. */
const withoutBigints = (value: unknown, copies: Map<object, unknown>): unknown => {
  if (typeof value === "bigint") return value.toString()
  if (typeof value !== "object" || value === null) return value
  const known = copies.get(value)
  if (known !== undefined) return known
  if (Array.isArray(value)) {
    const copy: Array<unknown> = []
    copies.set(value, copy)
    for (const element of value) copy.push(withoutBigints(element, copies))
    return copy
  }
  const prototype: unknown = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return value
  const copy: Record<string, unknown> = {}
  copies.set(value, copy)
  // Defined, not assigned: an own `__proto__` key stays a key and never becomes the copy's prototype.
  for (const [key, field] of Object.entries(value)) {
    Object.defineProperty(copy, key, { value: withoutBigints(field, copies), enumerable: true, writable: true, configurable: true })
  }
  return copy
}

/**
 * A copy of `record` without its undefined fields (they are omitted from request bodies), and with every
 * bigint inside it as a decimal string.
 */
export const compact = <A extends Readonly<Record<string, unknown>>>(record: A): A => {
  const copies = new Map<object, unknown>()
  return Object.fromEntries(
    Object.entries(record)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, withoutBigints(value, copies)]),
  ) as A
}
