/**
 * Imported first by the jsdom tests that also run the devnet: vitest's jsdom environment replaces the global
 * `Uint8Array` with the jsdom window's, so Node's own bytes (a `Buffer` from `crypto`, as the devnet derives its
 * accounts) fail the `instanceof Uint8Array` checks of viem's hashing. The DOM stays jsdom's; bytes are Node's.
 */
const nodeUint8Array = Object.getPrototypeOf(Buffer) as Uint8ArrayConstructor
if (globalThis.Uint8Array !== nodeUint8Array) globalThis.Uint8Array = nodeUint8Array
