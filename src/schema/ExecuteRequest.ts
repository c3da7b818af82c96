import type { ActionName } from "../schema/ActionName.js"

/** An expected price as an execute request keeps it: plain JSON, `raw` as a decimal string. */
export interface StoredExpectedPrice {
  readonly amount?: number | undefined
  readonly raw?: string | undefined
  readonly currencyAddress?: string | undefined
  readonly currencyDecimals?: number | undefined
}

/**
 * The execute request an execution was started with; re-posted while an item waits for its data, and by a
 * resume, which asks the API for the plan again. It names its action, so that everything downstream (and a
 * snapshot stored for `resume`) knows it without guessing, and the price the caller expected, so that a resume
 * runs the price check again on the API's new answer.
 */
export interface ExecuteRequest {
  /** The action the request runs; never sent to the API, which learns it from the path. */
  readonly action: ActionName
  /** e.g. `/execute/buy/v7`. */
  readonly path: string
  readonly body: unknown
  /** What the caller expected to pay or receive, by currency; never sent to the API. */
  readonly expectedPrice?: Readonly<Record<string, StoredExpectedPrice>> | undefined
}
