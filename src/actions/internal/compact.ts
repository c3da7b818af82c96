/** A copy of `record` without its undefined fields: they are omitted from request bodies. */
export const compact = <A extends Readonly<Record<string, unknown>>>(record: A): A =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as A
