/**
 * What clients reported to the devnet: `/execute/results/v1` posts and `/tokens/refresh/v1` requests. Kept
 * so tests and the playground can see them through `GET /__devnet/records`.
 */

/** One recorded request. */
export interface RecordedRequest {
  readonly at: number
  readonly chainId: number
  readonly body: unknown
}

/** The recorded client reports. */
export class Records {
  readonly results: RecordedRequest[] = []
  readonly refreshes: RecordedRequest[] = []

  snapshot() {
    return { results: [...this.results], refreshes: [...this.refreshes] }
  }

  clear(): void {
    this.results.length = 0
    this.refreshes.length = 0
  }
}
