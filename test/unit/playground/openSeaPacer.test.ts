import { describe, expect, it } from "vitest"
import { nextReadAt, openSeaPacer, retryAfterMs } from "../../../playground/src/openSeaPacer.js"

const answer = (status: number, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : "{}", { status, headers })

/** A clock that sleeps by moving its own time, recording each wait. */
const fakeClock = () => {
  let time = 1_000_000
  const waits: Array<number> = []
  return {
    waits,
    now: () => time,
    sleep: async (ms: number) => {
      waits.push(ms)
      time += ms
    },
  }
}

describe("the playground's OpenSea pacing", () => {
  it("reads retry-after as seconds or as an HTTP date", () => {
    expect(retryAfterMs("2", 0)).toBe(2_000)
    expect(retryAfterMs(new Date(5_000).toUTCString(), 2_000)).toBe(3_000)
    expect(retryAfterMs("soon", 0)).toBeUndefined()
    expect(retryAfterMs(null, 0)).toBeUndefined()
  })

  it("waits for the window's reset only when no read is left in it", () => {
    expect(nextReadAt(answer(200, { "x-ratelimit-remaining": "3", "x-ratelimit-reset": "2000" }), 1_000_000)).toBe(
      1_000_000,
    )
    expect(nextReadAt(answer(200, { "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1005" }), 1_000_000)).toBe(
      1_005_000,
    )
    // A reset far off is capped: a bad header cannot stop the page's reads for good.
    expect(nextReadAt(answer(200, { "x-ratelimit-remaining": "0", "x-ratelimit-reset": "99999999" }), 1_000_000)).toBe(
      1_060_000,
    )
  })

  it("one at a time, waits out a 429's retry-after before any read, and asks again", async () => {
    const clock = fakeClock()
    const pace = openSeaPacer(clock, 1)
    let inFlight = 0
    let most = 0
    const answers = [answer(429, { "retry-after": "2" }), answer(200), answer(200)]
    const sent: Array<number> = []
    const request = async () => {
      inFlight++
      most = Math.max(most, inFlight)
      sent.push(clock.now())
      await Promise.resolve()
      inFlight--
      return answers.shift()!
    }
    const statuses = await Promise.all([pace(request), pace(request)]).then((rs) => rs.map((r) => r.status))
    expect(statuses).toEqual([200, 200])
    expect(most).toBe(1)
    expect(clock.waits).toEqual([2_000])
    expect(sent).toEqual([1_000_000, 1_002_000, 1_002_000])
  })

  it("sends at most `concurrency` reads at once", async () => {
    const pace = openSeaPacer(fakeClock(), 2)
    let inFlight = 0
    let most = 0
    const request = async () => {
      inFlight++
      most = Math.max(most, inFlight)
      await new Promise((resolve) => setTimeout(resolve, 1))
      inFlight--
      return answer(200)
    }
    const answers = await Promise.all(Array.from({ length: 5 }, () => pace(request)))
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
    expect(most).toBe(2)
  })

  it("after an answer with no read left in its window, sends nothing before the reset", async () => {
    const clock = fakeClock()
    const pace = openSeaPacer(clock, 2)
    const sent: Array<number> = []
    const reset = String(1_000_000 / 1_000 + 3)
    await pace(async () => {
      sent.push(clock.now())
      return answer(200, { "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset })
    })
    await pace(async () => {
      sent.push(clock.now())
      return answer(200)
    })
    expect(sent).toEqual([1_000_000, 1_003_000])
  })

  it("gives up after three retries: the 429 is the answer", async () => {
    const clock = fakeClock()
    const pace = openSeaPacer(clock)
    let asked = 0
    const response = await pace(async () => {
      asked++
      return answer(429, { "retry-after": "1" })
    })
    expect(response.status).toBe(429)
    expect(asked).toBe(4)
  })
})
