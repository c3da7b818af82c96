import type { ApiObject } from "./ActionOptions.js"
import { compact } from "./compact.js"

/** The body `defaults` overridden by the caller's defined `options`, as reservoir-sdk spreads `...options`. */
export const withOptions = (defaults: ApiObject, options: ApiObject | undefined): ApiObject => ({
  ...defaults,
  ...compact(options ?? {}),
})
