/**
 * The wallet methods that ask the user to confirm something: a transaction, a batch, a signature — with the
 * names the bench gives a local account's signatures, which reach no transport.
 */
export const PROMPTS: ReadonlyArray<string> = [
  "eth_sendTransaction",
  "eth_sendRawTransaction",
  "eth_sendRawTransactionSync",
  "wallet_sendCalls",
  "personal_sign",
  "eth_signTypedData_v4",
  "signMessage (local)",
  "signTypedData (local)",
]
