import { execFile } from "node:child_process"
import { promisify } from "node:util"
import { describe, expect, it } from "vitest"
import { rpc } from "../../../devnet/chain/anvil.js"
import { startDevnet } from "../../../devnet/index.js"

describe("devnet lifecycle", () => {
  it("starts in under 3 s with both chains, seeded, and stops cleanly", async () => {
    const devnet = await startDevnet()
    // eslint-disable-next-line no-console -- the measured start time is part of the report
    console.log(`devnet start: ${JSON.stringify(devnet.timings)}`)
    expect(devnet.timings.totalMs).toBeLessThan(3000)
    expect(
      devnet.chains.map((c) => [c.id, c.baseApiUrl, c.checkPollingInterval, c.viemChain?.rpcUrls.default.http[0]]),
    ).toEqual([
      [31337, devnet.apiUrls[31337], 250, devnet.rpcUrls[31337]],
      [31338, devnet.apiUrls[31338], 250, devnet.rpcUrls[31338]],
    ])
    expect(
      new Set([
        devnet.accounts.deployer.address,
        devnet.accounts.operator.address,
        devnet.accounts.solver.address,
        ...devnet.accounts.users.map((u) => u.address),
      ]).size,
    ).toBe(8)
    const tokens = await (await fetch(`${devnet.apiUrl}/tokens/v7?collection=${devnet.contracts.origin.punks}`)).json()
    expect(tokens.tokens).toHaveLength(23)
    expect(Number(await rpc(devnet.rpcUrls[31338]!, "eth_chainId"))).toBe(31338)

    await devnet.stop()
    await expect(fetch(`${devnet.apiUrl}/collections/v7`)).rejects.toThrow()
    await expect(rpc(devnet.rpcUrls[31337]!, "eth_chainId", [], 500)).rejects.toThrow()
    await expect(rpc(devnet.rpcUrls[31338]!, "eth_chainId", [], 500)).rejects.toThrow()
    await devnet.stop()
  })

  it("runs on fixed ports when asked", async () => {
    // Below the ephemeral range, so no free port handed to a parallel test can take them.
    const devnet = await startDevnet({ seed: false, port: 18_711, originPort: 18_712, destinationPort: 18_713 })
    try {
      expect(devnet.apiUrl).toBe("http://127.0.0.1:18711/chains/31337")
      expect(devnet.rpcUrls).toEqual({ 31337: "http://127.0.0.1:18712", 31338: "http://127.0.0.1:18713" })
    } finally {
      await devnet.stop()
    }
  })

  it("npm start --exit runs every action through the facade, OpenSea's transfer and mint too, and exits 0", {
    timeout: 60_000,
  }, async () => {
    const { stdout } = await promisify(execFile)("npx", ["tsx", "demo/main.ts", "--exit"], {
      cwd: process.cwd(),
      timeout: 55_000,
    })
    expect(stdout).toContain("Every action completed.")
    expect(stdout.match(/✔ done/g)).toHaveLength(18)
    // The USDC buy needing approval goes out as one batch: one confirmation.
    expect(stdout).toContain("wallet confirmations: 1 (wallet_sendCalls); reservoir-sdk asks 2")
    // On OpenSea's book: a transfer planned from the chain in one confirmation, and a mint from its drop.
    expect(stdout).toContain("on OpenSea's book: transfer")
    expect(stdout).toContain("on OpenSea's book: mint 2 from the Devnet Drop")
  })
})
