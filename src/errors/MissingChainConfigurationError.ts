import * as Schema from "effect/Schema"
import { messageOr } from "./internal/messageOr.js"

/** The chosen chain has no configuration (no `baseApiUrl`), so there is no API to ask. */
export class MissingChainConfigurationError extends Schema.TaggedError<MissingChainConfigurationError>()(
  "MissingChainConfigurationError",
  {
    message: messageOr("ReservoirClient missing chain configuration"),
    chainId: Schema.optional(Schema.Number),
  },
) {}
