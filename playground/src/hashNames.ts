/**
 * Hashes in an error's message, named: an order hash (66 characters) means nothing to a reader, the token it is on
 * does. The page names the orders of the book it shows and the tokens' names beside their hashes.
 */

/** A 32-byte hash as it appears in a message. */
const HASH = /0x[0-9a-fA-F]{64}/g

/** A piece of a message: text, or a hash with the name of what it is, when the page knows it. */
export type MessagePart = string | { readonly hash: string; readonly name?: string | undefined }

/** `message` cut at its hashes, each hash with its name from `names` (keys lowercase). */
export const partsOf = (message: string, names: ReadonlyMap<string, string>): ReadonlyArray<MessagePart> => {
  const parts: Array<MessagePart> = []
  let last = 0
  for (const match of message.matchAll(HASH)) {
    if (match.index > last) parts.push(message.slice(last, match.index))
    parts.push({ hash: match[0], name: names.get(match[0].toLowerCase()) })
    last = match.index + match[0].length
  }
  if (last < message.length) parts.push(message.slice(last))
  return parts
}
