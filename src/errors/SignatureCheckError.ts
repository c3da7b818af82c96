import * as Schema from "effect/Schema"
import { messageOr } from "./internal/messageOr.js"

/** A signature step's check reported `failure`: the message is the API's details, or 'Transaction failed'. */
export class SignatureCheckError extends Schema.TaggedError<SignatureCheckError>()("SignatureCheckError", {
  message: messageOr("Transaction failed"),
}) {}
