/**
 * Pacing of the page's OpenSea reads. OpenSea states its budget on every answer (`X-RateLimit-Remaining`, and
 * `X-RateLimit-Reset` in epoch seconds) and answers 429 with `retry-after` (seconds or an HTTP date) past it: the
 * page sends a few reads at a time, waits for the window to reset when none is left, and waits out a 429 before it
 * asks again, instead of firing a whole refresh at once.
 */

/**
 * Reads in flight at once. On the devnet, the page open to its OpenSea book read (53 reads) took about 8 s one at a
 * time and about 6 s four at a time; before pacing, the 52 token reads went all at once.
 */
const READS_AT_ONCE = 4
/** How often one read is asked again after a 429, before its 429 is the answer. */
const MAX_RETRIES = 3
/** The wait on a 429 that names none, and the longest wait any header imposes (a bad one cannot hang the page). */
const DEFAULT_WAIT_MS = 1_000
const MAX_WAIT_MS = 60_000

/** The milliseconds `retry-after` asks for: seconds, or an HTTP date; undefined when absent or unreadable. */
export const retryAfterMs = (value: string | null, now: number): number | undefined => {
  if (value === null || value.trim() === "") return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1_000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** When the next read may go, from one answer's headers: now, unless the window is spent or the answer was a 429. */
export const nextReadAt = (response: { status: number; headers: Headers }, now: number): number => {
  const cap = (at: number) => Math.min(at, now + MAX_WAIT_MS)
  if (response.status === 429) {
    return cap(now + (retryAfterMs(response.headers.get("retry-after"), now) ?? DEFAULT_WAIT_MS))
  }
  const remaining = Number(response.headers.get("x-ratelimit-remaining") ?? Number.NaN)
  const reset = Number(response.headers.get("x-ratelimit-reset") ?? Number.NaN)
  return remaining === 0 && Number.isFinite(reset) ? cap(Math.max(now, reset * 1_000)) : now
}

/** What a pacer waits with and reads the time from (a test passes its own). */
export interface PacerClock {
  readonly now: () => number
  readonly sleep: (ms: number) => Promise<void>
}

const realClock: PacerClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}

/**
 * A queue that sends `request`s at most `concurrency` at a time, paced by the answers' rate-limit headers: when one
 * answer says to wait (an empty window, a 429), no read goes before then; a 429 is asked again after its wait.
 */
export const openSeaPacer = (clock: PacerClock = realClock, concurrency = READS_AT_ONCE) => {
  let active = 0
  const waiting: Array<() => void> = []
  let notBefore = 0
  const slot = (): Promise<void> => {
    if (active < concurrency) {
      active++
      return Promise.resolve()
    }
    return new Promise((resolve) => waiting.push(resolve))
  }
  // A finished read hands its slot to the next waiting one, if any.
  const release = () => {
    const next = waiting.shift()
    if (next !== undefined) next()
    else active--
  }
  const send = async (request: () => Promise<Response>): Promise<Response> => {
    for (let attempt = 0; ; attempt++) {
      const wait = notBefore - clock.now()
      if (wait > 0) await clock.sleep(wait)
      const response = await request()
      notBefore = Math.max(notBefore, nextReadAt(response, clock.now()))
      if (response.status !== 429 || attempt >= MAX_RETRIES) return response
    }
  }
  return async (request: () => Promise<Response>): Promise<Response> => {
    await slot()
    try {
      return await send(request)
    } finally {
      release()
    }
  }
}
