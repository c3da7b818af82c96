/**
 * Anvil process management for the devnet: start a local EVM node on a free port, wait until it answers,
 * and stop it without leaving orphans. Also the RPC knobs (automine, interval mining, dropping a pending
 * transaction) that the devnet's fault injection builds on.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { pbkdf2Sync } from "node:crypto"
import { existsSync } from "node:fs"
import { createRequire } from "node:module"
import { createServer } from "node:net"
import { dirname, join } from "node:path"
import { type HDAccount, HDKey, hdKeyToAccount } from "viem/accounts"

/** The well-known Hardhat/Foundry test mnemonic; its accounts are public, so never use them off a devnet. */
export const TEST_MNEMONIC = "test test test test test test test test test test test junk"

/** Options for {@link startAnvil}. */
export interface StartAnvilOptions {
  readonly chainId: number
  /** Fixed port; when omitted a free one is picked, and picked again if another process grabs it first. */
  readonly port?: number
  /** Seconds between blocks; omitted = automine (a block per transaction). */
  readonly blockTime?: number
  readonly mnemonic?: string
  /** Funded accounts derived from the mnemonic (default 10). */
  readonly accounts?: number
  /** Ether per funded account (default 10000). */
  readonly balance?: number
  /** Deadline for the node to answer `eth_chainId`, in ms (default 10000). */
  readonly startTimeoutMs?: number
  /** Extra raw anvil arguments, e.g. ["--hardfork", "cancun"]. */
  readonly extraArgs?: ReadonlyArray<string>
  /** Receives anvil's output lines (start banner, then one line per RPC method called). */
  readonly onLog?: (line: string) => void
}

/** A running anvil node. */
export interface AnvilInstance {
  readonly rpcUrl: string
  readonly chainId: number
  readonly port: number
  readonly pid: number
  /** Wall-clock ms from spawn to the first successful `eth_chainId` (the last attempt, if a port was retried). */
  readonly startMs: number
  /** SIGTERM, then SIGKILL after a short grace; resolves once the process has exited. Idempotent. */
  stop(): Promise<void>
}

/** Raised when anvil cannot be started or does not answer within the deadline. */
export class AnvilStartError extends Error {
  override readonly name = "AnvilStartError"
  constructor(
    message: string,
    /** Last lines anvil printed, for diagnosis. */
    readonly output: string,
  ) {
    super(output.length > 0 ? `${message}\n--- anvil output ---\n${output}` : message)
  }
}

const INSTALL_HINT = "npm install @foundry-rs/anvil, or set TRADEKIT_ANVIL to an anvil binary"

/**
 * Path of the anvil binary: `TRADEKIT_ANVIL` when set (an anvil of one's own, e.g. Foundry's), else the platform
 * binary of the optional `@foundry-rs/anvil` package. That package's `.bin/anvil` wrapper is a node script that
 * forwards signals lazily and keeps the node alive after its child exits, so spawn the real binary instead.
 * Throws an {@link AnvilStartError} whose one-line message says what to install when there is none.
 */
export function anvilBinaryPath(): string {
  const own = process.env.TRADEKIT_ANVIL
  if (own !== undefined && own !== "") {
    if (!existsSync(own)) throw new AnvilStartError(`no anvil at ${own} (TRADEKIT_ANVIL): ${INSTALL_HINT}`, "")
    return own
  }
  const pkg = `@foundry-rs/anvil-${process.platform}-${process.arch === "x64" ? "amd64" : process.arch}`
  let manifest: string
  try {
    manifest = createRequire(import.meta.url).resolve(`${pkg}/package.json`)
  } catch {
    throw new AnvilStartError(`anvil is not installed (no ${pkg}): ${INSTALL_HINT}`, "")
  }
  const bin = join(dirname(manifest), "bin", process.platform === "win32" ? "anvil.exe" : "anvil")
  if (!existsSync(bin)) throw new AnvilStartError(`anvil binary not found at ${bin}: ${INSTALL_HINT}`, "")
  return bin
}

/**
 * On Linux, anvil is launched through util-linux `setpriv --pdeathsig KILL`, which execs anvil (same pid) with
 * the kernel's parent-death signal set: the node dies with whatever killed our process, SIGKILL included, and
 * test runners that tear workers down with a signal (vitest does) leave no orphans. Elsewhere, or without
 * setpriv, only the exit hook below applies.
 */
function pdeathsigLauncher(): string | undefined {
  if (process.platform !== "linux") return undefined
  return ["/usr/bin/setpriv", "/bin/setpriv"].find((p) => existsSync(p))
}

// Every live child, so a process exit (normal or via process.exit) never leaves an anvil behind. Exit
// handlers must be synchronous, hence SIGKILL without waiting.
const live = new Set<ChildProcess>()
let exitHookInstalled = false
function trackChild(child: ChildProcess): void {
  live.add(child)
  child.once("exit", () => live.delete(child))
  if (!exitHookInstalled) {
    exitHookInstalled = true
    process.once("exit", () => {
      for (const c of live) c.kill("SIGKILL")
    })
  }
}

/** Asks the OS for a currently free TCP port on 127.0.0.1. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => (port > 0 ? resolve(port) : reject(new Error("no free port"))))
    })
  })
}

/**
 * Starts anvil and resolves once it answers JSON-RPC. Takes ~100 ms on a 2-core machine; the cost is
 * almost all process start, so polling is tight (10 ms).
 */
export async function startAnvil(options: StartAnvilOptions): Promise<AnvilInstance> {
  const attempts = options.port === undefined ? 3 : 1
  let lastError: unknown
  for (let attempt = 0; attempt < attempts; attempt++) {
    const port = options.port ?? (await findFreePort())
    try {
      return await startOnPort(options, port)
    } catch (error) {
      lastError = error
      // Only a port race is worth retrying; anything else (bad args, missing binary) fails the same way again.
      if (
        !(error instanceof AnvilStartError) ||
        !/address already in use|Address in use|os error 98/i.test(error.output)
      ) {
        throw error
      }
    }
  }
  throw lastError
}

async function startOnPort(options: StartAnvilOptions, port: number): Promise<AnvilInstance> {
  const args = [
    "--host",
    "127.0.0.1",
    "--port",
    String(port),
    "--chain-id",
    String(options.chainId),
    "--mnemonic",
    options.mnemonic ?? TEST_MNEMONIC,
    "--accounts",
    String(options.accounts ?? 10),
    "--balance",
    String(options.balance ?? 10000),
  ]
  if (options.blockTime !== undefined) args.push("--block-time", String(options.blockTime))
  args.push(...(options.extraArgs ?? []))

  const started = performance.now()
  const launcher = pdeathsigLauncher()
  const child =
    launcher === undefined
      ? spawn(anvilBinaryPath(), args, { stdio: ["ignore", "pipe", "pipe"] })
      : spawn(launcher, ["--pdeathsig", "KILL", "--", anvilBinaryPath(), ...args], {
          stdio: ["ignore", "pipe", "pipe"],
        })
  trackChild(child)
  // Unref so a forgotten instance never keeps the test runner or server alive; the exit hook reaps it.
  child.unref()

  // Readiness needs anvil's own "Listening on" line, not just an answer on the port: if the bind failed,
  // another node on the same port (possibly with the same chain id) would otherwise pass for ours. That is
  // also why --silent is not used: it suppresses that line.
  const listeningLine = `Listening on 127.0.0.1:${port}`
  let listening = false
  const tail: string[] = []
  const partial = new Map<unknown, string>() // per stream: a line split across chunks
  const onData = (stream: unknown) => (chunk: Buffer) => {
    const lines = ((partial.get(stream) ?? "") + chunk.toString("utf8")).split("\n")
    partial.set(stream, lines.pop() ?? "")
    for (const line of lines) {
      if (line.length === 0) continue
      if (!listening && line.includes(listeningLine)) listening = true
      tail.push(line)
      if (tail.length > 40) tail.shift()
      options.onLog?.(line)
    }
  }
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", onData(stream))
    ;(stream as unknown as { unref?: () => void } | null)?.unref?.()
  }

  let exited = false
  let spawnError: Error | undefined
  // A failed spawn emits "error" and possibly no "exit"; either one settles the process.
  const exitPromise = new Promise<void>((resolve) => {
    child.once("exit", () => {
      exited = true
      resolve()
    })
    child.once("error", (e) => {
      spawnError = e
      exited = true
      resolve()
    })
  })

  const stop = async (): Promise<void> => {
    if (exited) return exitPromise
    child.kill("SIGTERM")
    const grace = setTimeout(() => {
      if (!exited) child.kill("SIGKILL")
    }, 1500)
    await exitPromise
    clearTimeout(grace)
  }

  const rpcUrl = `http://127.0.0.1:${port}`
  const deadline = started + (options.startTimeoutMs ?? 10_000)
  for (;;) {
    if (spawnError !== undefined)
      throw new AnvilStartError(`anvil failed to spawn: ${spawnError.message}`, tail.join("\n"))
    if (exited) {
      await exitPromise
      throw new AnvilStartError(`anvil exited during start (code ${child.exitCode})`, tail.join("\n"))
    }
    if (listening) {
      const id = await rpc<string>(rpcUrl, "eth_chainId", [], 500).catch(() => undefined)
      if (id !== undefined) {
        if (Number(id) === options.chainId) break
        await stop()
        throw new AnvilStartError(
          `port ${port} answered with chain ${Number(id)}, not ${options.chainId}`,
          tail.join("\n"),
        )
      }
    }
    if (performance.now() > deadline) {
      await stop()
      throw new AnvilStartError(
        `anvil did not answer on ${rpcUrl} within ${options.startTimeoutMs ?? 10_000} ms`,
        tail.join("\n"),
      )
    }
    await new Promise((r) => setTimeout(r, 10))
  }

  return {
    rpcUrl,
    chainId: options.chainId,
    port,
    pid: child.pid!,
    startMs: Math.round(performance.now() - started),
    stop,
  }
}

/** JSON-RPC error returned by the node. */
export class RpcError extends Error {
  override readonly name = "RpcError"
  constructor(
    readonly method: string,
    readonly code: number,
    message: string,
  ) {
    super(`${method}: ${message} (${code})`)
  }
}

/**
 * Minimal JSON-RPC call. The anvil_/evm_ methods have no typed viem actions on a public client, and a plain
 * fetch keeps these helpers usable from the server without building a test client.
 */
export async function rpc<T = unknown>(
  rpcUrl: string,
  method: string,
  params: ReadonlyArray<unknown> = [],
  timeoutMs = 5_000,
): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  })
  const body = (await response.json()) as { result?: T; error?: { code: number; message: string } }
  if (body.error !== undefined) throw new RpcError(method, body.error.code, body.error.message)
  return body.result as T
}

/** Turns automine on or off; with it off, transactions stay pending until {@link mine} or interval mining. */
export async function setAutomine(rpcUrl: string, enabled: boolean): Promise<void> {
  await rpc(rpcUrl, "evm_setAutomine", [enabled])
}

/** Mines a block every `seconds` (0 disables interval mining). Used to simulate slow confirmations. */
export async function setIntervalMining(rpcUrl: string, seconds: number): Promise<void> {
  await rpc(rpcUrl, "evm_setIntervalMining", [seconds])
}

/** Removes a pending transaction from the mempool, simulating a dropped transaction. */
export async function dropTransaction(rpcUrl: string, hash: `0x${string}`): Promise<void> {
  await rpc(rpcUrl, "anvil_dropTransaction", [hash])
}

/** Mines `blocks` blocks immediately (useful with automine off). */
export async function mine(rpcUrl: string, blocks = 1): Promise<void> {
  await rpc(rpcUrl, "anvil_mine", [`0x${blocks.toString(16)}`])
}

/** Moves the chain clock forward, e.g. to expire orders without waiting. Takes effect on the next block. */
export async function increaseTime(rpcUrl: string, seconds: number): Promise<void> {
  await rpc(rpcUrl, "evm_increaseTime", [seconds])
}

/**
 * The funded accounts anvil derives from `mnemonic` (index 0 first), as viem local accounts. The BIP-39 seed
 * is computed once with node's native pbkdf2: viem's mnemonicToAccount redoes it in JS per account (~60 ms each).
 */
export function anvilAccounts(count = 10, mnemonic: string = TEST_MNEMONIC): HDAccount[] {
  const seed = pbkdf2Sync(mnemonic.normalize("NFKD"), "mnemonic", 2048, 64, "sha512")
  const master = HDKey.fromMasterSeed(seed)
  return Array.from({ length: count }, (_, addressIndex) => hdKeyToAccount(master, { addressIndex }))
}
