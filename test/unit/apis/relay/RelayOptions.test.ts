import { describe, expect, it } from "vitest"
import { resolveRelayOptions } from "../../../../src/apis/relay/RelayOptions.js"
import { RELAY_DEPOSITORIES } from "../../../../src/apis/relay/relayDepositories.js"

describe("resolveRelayOptions", () => {
  it("defaults to Relay's API, its published Depositories, a 5 % fee bound and no trust without protocol data", () => {
    const options = resolveRelayOptions({})
    expect(options.apiBaseUrl).toBe("https://api.relay.link")
    expect(options.depositoryOf(8453)).toBe(RELAY_DEPOSITORIES[8453])
    expect(options.depositoryOf(31337)).toBeUndefined()
    expect(options.maxFeeBps).toBe(500n)
    expect(options.trustRelayWithoutProtocolData).toBe(false)
  })

  it("takes a Depository per chain over the table, a fee bound, and a base URL without its trailing slash", () => {
    const mine = "0x00000000000000000000000000000000000000d1"
    const options = resolveRelayOptions({ apiBaseUrl: "http://127.0.0.1:9/", depositories: { 1: mine }, maxFeeBps: 50 })
    expect(options.apiBaseUrl).toBe("http://127.0.0.1:9")
    expect(options.depositoryOf(1)).toBe(mine)
    expect(options.depositoryOf(10)).toBe(RELAY_DEPOSITORIES[10])
    expect(options.maxFeeBps).toBe(50n)
  })
})
