import { type ChildProcess, spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { afterEach, describe, expect, it } from "vitest"
import { rpc } from "../../../devnet/chain/anvil.js"

const root = fileURLToPath(new URL("../../../", import.meta.url))
const launcher = `${root}bin/tradekit-devnet.js`
// The launcher imports the built CLI, which CI builds before testing; without a build, run the CLI's source.
const built = existsSync(`${root}dist/devnet/cli.js`)
const command = built ? [launcher] : ["--import", "tsx", `${root}devnet/cli.ts`]

interface Run {
  readonly child: ChildProcess
  readonly stdout: () => string
  readonly stderr: () => string
  readonly exited: Promise<number | null>
  /** Resolves once stdout holds `text`; rejects if the process exits first. */
  readonly printed: (text: string) => Promise<void>
}

const runs: ChildProcess[] = []

const run = (args: ReadonlyArray<string>, env: NodeJS.ProcessEnv = {}): Run => {
  const { TRADEKIT_ANVIL: _inherited, ...base } = process.env
  const child = spawn(process.execPath, [...command, ...args], {
    cwd: root,
    env: { ...base, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  runs.push(child)
  let stdout = ""
  let stderr = ""
  const listeners = new Set<() => void>()
  child.stdout!.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8")
    for (const listener of listeners) listener()
  })
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")))
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
  const printed = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!stdout.includes(text)) return
        listeners.delete(check)
        resolve()
      }
      listeners.add(check)
      check()
      void exited.then((code) =>
        reject(new Error(`exited with ${code} before printing ${JSON.stringify(text)}:\n${stdout}${stderr}`)),
      )
    })
  return { child, stdout: () => stdout, stderr: () => stderr, exited, printed }
}

afterEach(() => {
  for (const child of runs.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL")
})

describe(`tradekit-devnet (${built ? "bin/tradekit-devnet.js on the build" : "devnet/cli.ts through tsx"})`, () => {
  it("starts the devnet on the ports given as flags, prints its URLs, and stops on Ctrl-C with exit code 0", {
    timeout: 60_000,
  }, async () => {
    // Below the ephemeral range, so no free port handed to a parallel test can take them.
    const devnet = run(["--port", "18721", "--origin-port", "18722", "--destination-port", "18723", "--no-seed"])
    await devnet.printed("Press Ctrl-C to stop.")

    expect(devnet.stdout()).toContain(
      "31337  http://127.0.0.1:18721/chains/31337   (origin, order book; also served at the root)",
    )
    expect(devnet.stdout()).toContain("31338  http://127.0.0.1:18721/chains/31338   (destination of cross-chain calls)")
    expect(devnet.stdout()).toContain("31337  ws://127.0.0.1:18721/chains/31337/ws")
    expect(devnet.stdout()).toContain("RPC:\n  31337  http://127.0.0.1:18722\n  31338  http://127.0.0.1:18723\n")
    expect(Number(await rpc("http://127.0.0.1:18722", "eth_chainId"))).toBe(31337)
    expect((await fetch("http://127.0.0.1:18721/chains/31337/collections/v7")).status).toBe(200)

    devnet.child.kill("SIGINT")
    expect(await devnet.exited).toBe(0)
    expect(devnet.stdout()).toMatch(/Press Ctrl-C to stop\.\n\nstopping…\n$/)
    expect(devnet.stderr()).toBe("")
    await expect(fetch("http://127.0.0.1:18721/chains/31337/collections/v7")).rejects.toThrow()
    await expect(rpc("http://127.0.0.1:18722", "eth_chainId", [], 500)).rejects.toThrow()
    await expect(rpc("http://127.0.0.1:18723", "eth_chainId", [], 500)).rejects.toThrow()
  })

  it("says in one line what to install when there is no anvil, and exits 1", { timeout: 30_000 }, async () => {
    const missing = `${root}test-output/no-such-anvil`
    const devnet = run([], { TRADEKIT_ANVIL: missing })
    expect(await devnet.exited).toBe(1)
    expect(devnet.stderr()).toBe(
      `tradekit-devnet: no anvil at ${missing} (TRADEKIT_ANVIL): npm install @foundry-rs/anvil, or set TRADEKIT_ANVIL to an anvil binary\n`,
    )
    expect(devnet.stdout()).toBe("")
  })
})
