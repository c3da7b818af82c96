import { copyPlain } from "../../internal/copyPlain.js"

/** JSON has no bigint, and snapshots stay plain JSON: every bigint becomes its decimal string. */
const bigintAsString = (value: unknown): unknown => (typeof value === "bigint" ? value.toString() : value)

/**
 * A copy of `record` without its undefined fields (they are omitted from request bodies), and with every
 * bigint inside it as a decimal string.
 */
export const compact = <A extends Readonly<Record<string, unknown>>>(record: A): A => {
  const copies = new Map<object, unknown>()
  return Object.fromEntries(
    Object.entries(record)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, copyPlain(value, { leaf: bigintAsString }, copies)]),
  ) as A
}
