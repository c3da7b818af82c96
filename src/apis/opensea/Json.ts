/**
 * A JSON value from OpenSea or from the executor's request body, read field by field: every read that matters
 * is checked where it is made (`bigIntOf`, `getAddress`, `tokenOf`), and unknown fields are ignored.
 */
// biome-ignore lint/suspicious/noExplicitAny: wire JSON is read field by field and each read is checked where it is made.
export type Json = any
