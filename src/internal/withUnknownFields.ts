import { setOwnField } from "./copyPlain.js"

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/**
 * `decoded` with the fields of `input` that its schema did not name put back, in every object the two share
 * (Effect 4's decoding drops them; v3 kept them with `onExcessProperty: "preserve"`). Like v3, the unknown
 * fields come first, then the decoded ones; a decoded value always wins over the input's.
 *
 * `input` must already be prototype-safe (see `copyPlain`): its keys are copied as they are.
 * @internal
 */
export const withUnknownFields = (input: unknown, decoded: unknown): unknown => {
  // The same reference: passed through untouched (an `Unknown` field), nothing was dropped from it.
  if (input === decoded) return decoded
  if (Array.isArray(input) && Array.isArray(decoded)) {
    return input.length === decoded.length ? decoded.map((element, i) => withUnknownFields(input[i], element)) : decoded
  }
  if (!isPlainObject(input) || !isPlainObject(decoded)) return decoded
  const merged: Record<string, unknown> = {}
  const inputKeys = Object.keys(input)
  for (let i = 0; i < inputKeys.length; i++) {
    const key = inputKeys[i] as string
    if (!Object.hasOwn(decoded, key)) setOwnField(merged, key, input[key])
  }
  const decodedKeys = Object.keys(decoded)
  for (let i = 0; i < decodedKeys.length; i++) {
    const key = decodedKeys[i] as string
    const value = decoded[key]
    setOwnField(merged, key, Object.hasOwn(input, key) ? withUnknownFields(input[key], value) : value)
  }
  return merged
}
