import { describe, expect, it } from "vitest"
import {
  DEFAULT_POLLING_INTERVAL,
  defaultMaxPollingAttempts,
  GENERIC_POLL_ATTEMPTS,
  MIN_POLLING_INTERVAL,
  PRICE_TOLERANCE_DIVISOR,
  pollingIntervalFor,
} from "../../../src/chains/polling.js"
import { supportedChainIds } from "../../../src/chains/supportedChainIds.js"

const config = (id: number, checkPollingInterval?: number) => ({
  id,
  name: `chain ${id}`,
  baseApiUrl: "https://api.example.test",
  ...(checkPollingInterval === undefined ? {} : { checkPollingInterval }),
})

describe("pollingIntervalFor", () => {
  it("is 2000 ms for Ethereum, Goerli and Sepolia", () => {
    expect(pollingIntervalFor(config(1))).toBe(2000)
    expect(pollingIntervalFor(config(5))).toBe(2000)
    expect(pollingIntervalFor(config(11155111))).toBe(2000)
  })

  it("is 1000 ms for every other supported chain", () => {
    for (const id of supportedChainIds.filter((id) => ![1, 5, 11155111].includes(id))) {
      expect(pollingIntervalFor(config(id))).toBe(1000)
    }
  })

  it("takes the chain's own checkPollingInterval over the default for its id", () => {
    expect(pollingIntervalFor(config(1, 250))).toBe(250)
    expect(pollingIntervalFor(config(8453, 3000))).toBe(3000)
    expect(pollingIntervalFor(config(31337, 100))).toBe(100)
  })

  it("never goes below a floor of 100 ms, so a checkPollingInterval of 0 cannot poll in a tight loop", () => {
    expect(MIN_POLLING_INTERVAL).toBe(100)
    expect(pollingIntervalFor(config(1, 0))).toBe(100)
    expect(pollingIntervalFor(config(31337, 1))).toBe(100)
    expect(pollingIntervalFor(config(31337, -5))).toBe(100)
    expect(pollingIntervalFor(config(31337, 99.5))).toBe(100)
    expect(pollingIntervalFor(config(31337, 101))).toBe(101)
  })

  it("ignores a checkPollingInterval that is not a finite number", () => {
    expect(pollingIntervalFor(config(1, Number.NaN))).toBe(2000)
    expect(pollingIntervalFor(config(31337, Number.POSITIVE_INFINITY))).toBe(5000)
  })

  it("is 5000 ms when nothing says otherwise", () => {
    expect(DEFAULT_POLLING_INTERVAL).toBe(5000)
    expect(pollingIntervalFor(undefined)).toBe(5000)
    expect(pollingIntervalFor(config(31337))).toBe(5000)
  })
})

describe("polling constants", () => {
  it("allows 150 s of polls by default", () => {
    expect(defaultMaxPollingAttempts(2000)).toBe(75)
    expect(defaultMaxPollingAttempts(1000)).toBe(150)
    expect(defaultMaxPollingAttempts(5000)).toBe(30)
    expect(defaultMaxPollingAttempts(7000)).toBe(21)
  })

  it("tries generic polls 15 times, and tolerates 1/100000 of a unit in prices", () => {
    expect(GENERIC_POLL_ATTEMPTS).toBe(15)
    expect(PRICE_TOLERANCE_DIVISOR).toBe(100000n)
    expect(10n ** 6n / PRICE_TOLERANCE_DIVISOR).toBe(10n)
  })
})
