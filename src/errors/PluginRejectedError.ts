import * as Schema from "effect/Schema"

/**
 * A plugin refused the action: a request transform or a guard (a spend limit, an allow-list, ...) decided it
 * must not go ahead. Nothing was signed or sent. `errorData` is what the executor records on the first step.
 */
export class PluginRejectedError extends Schema.TaggedError<PluginRejectedError>()("PluginRejectedError", {
  message: Schema.String,
  /** The name of the plugin that refused. */
  plugin: Schema.String,
  /** Anything the plugin wants the caller to see, recorded on the first step as `errorData`. */
  data: Schema.optional(Schema.Unknown),
}) {
  /** The `errorData` recorded on the first step. */
  get errorData(): {
    readonly type: "plugin rejected"
    readonly plugin: string
    readonly message: string
    readonly data?: unknown
  } {
    return {
      type: "plugin rejected",
      plugin: this.plugin,
      message: this.message,
      ...(this.data !== undefined ? { data: this.data } : {}),
    }
  }
}
