/**
 * The Chromium the browser tests drive, so that `npm test` needs no browser installed by hand: a system
 * Chromium or Chrome when one is found, else the Chromium shipped inside the `@sparticuz/chromium` package
 * (decompressed into the temp dir on first use, about 2 s; later runs reuse it).
 */
import { accessSync, constants } from "node:fs"
import { delimiter, join } from "node:path"

/** What to hand to playwright-core's `launch` / `launchPersistentContext`. */
export interface ChromiumLaunch {
  readonly executablePath: string
  readonly args: ReadonlyArray<string>
  /** Where the browser came from, for the test log. */
  readonly source: "system" | "@sparticuz/chromium"
}

/**
 * Flags every run needs: headless; no sandbox (CI runs as root); no GPU; and nothing that calls out to the
 * network, whose connections this machine's closed network refuses, many at a time, at every start.
 */
export const TEST_ARGS: ReadonlyArray<string> = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
]

/**
 * Of `@sparticuz/chromium`'s recommended flags, the ones that relax what a page may do (CORS, mixed content,
 * site isolation), meant for scraping: the tests must see what a user's browser enforces.
 */
const RELAXING_ARGS = new Set([
  "--disable-web-security",
  "--allow-running-insecure-content",
  "--disable-site-isolation-trials",
])

const COMMANDS = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
/** Searched after PATH: where Linux packages and snaps install, and the macOS app bundles. */
const COMMON_DIRS = ["/usr/bin", "/usr/local/bin", "/snap/bin"]
const APP_BUNDLES = [
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
]

const isExecutable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

const inDirs = (dirs: ReadonlyArray<string>): Array<string> =>
  COMMANDS.flatMap((command) => dirs.map((dir) => join(dir, command)))

/** The first Chromium or Chrome on PATH (Chromium first), else in the common install locations, if any. */
export function findSystemChromium(path: string = process.env.PATH ?? ""): string | undefined {
  const pathDirs = path.split(delimiter).filter((dir) => dir.length > 0)
  return [...inDirs(pathDirs), ...inDirs(COMMON_DIRS), ...APP_BUNDLES].find(isExecutable)
}

/** The switch a flag sets (`--headless='shell'` → `--headless`), to merge two flag lists. */
const switchOf = (arg: string): string => arg.split("=")[0]!

/**
 * `@sparticuz/chromium`'s recommended flags without the relaxing ones, then the test flags it lacks (its own
 * `--headless='shell'` stays: that build is the headless shell only).
 */
export function mergeArgs(
  recommended: ReadonlyArray<string>,
  test: ReadonlyArray<string> = TEST_ARGS,
): ReadonlyArray<string> {
  const kept = recommended.filter((arg) => !RELAXING_ARGS.has(switchOf(arg)))
  const switches = new Set(kept.map(switchOf))
  return [...kept, ...test.filter((arg) => !switches.has(switchOf(arg)))]
}

/** A system Chromium when one is found, else the one inside `@sparticuz/chromium`. */
export async function findChromium(): Promise<ChromiumLaunch> {
  const system = findSystemChromium()
  if (system !== undefined) return { executablePath: system, args: TEST_ARGS, source: "system" }
  const { default: chromium } = await import("@sparticuz/chromium")
  // The tests run without a GPU (--disable-gpu): skip the SwiftShader stack, and its extraction.
  chromium.setGraphicsMode = false
  return {
    executablePath: await chromium.executablePath(),
    args: mergeArgs(chromium.args),
    source: "@sparticuz/chromium",
  }
}
