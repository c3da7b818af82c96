/**
 * Finds a running devnet for the standalone playground, without port flags: the `devnet.json` the devnet CLI
 * writes while it runs (under the directory it was started in), else the default API URL's root. An `apiUrl`
 * given by the user overrides both. Whatever is found is asked live at its API root, so a file left behind by
 * a devnet that crashed is never taken for a running one.
 *
 * @example
 * const found = await findDevnet()
 * if (found) console.log(`devnet at ${found.info.apiUrl} (from ${found.source})`)
 */
import { readFile } from "node:fs/promises"
import { join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { asDevnetInfo, DEFAULT_DEVNET_API_URL, type DevnetInfo, fetchDevnetInfo } from "./src/devnetInfo.js"

/** Options of {@link findDevnet}. */
export interface FindDevnetOptions {
  /** The API to ask, instead of looking (a `--api` flag). */
  readonly apiUrl?: string | undefined
  /** Directories whose `node_modules/.cache/tradekit-devnet/devnet.json` is read; the working directory and the repository's by default. */
  readonly dirs?: ReadonlyArray<string>
  /** Asked when no file names a live devnet; {@link DEFAULT_DEVNET_API_URL} by default. */
  readonly defaultApiUrl?: string
}

/** A devnet that answered, and what led to it. */
export interface FoundDevnet {
  readonly info: DevnetInfo
  readonly source: "flag" | "file" | "default"
}

/** Where the devnet CLI started in `dir` describes itself while it runs. */
export const devnetFileIn = (dir: string): string =>
  join(dir, "node_modules", ".cache", "tradekit-devnet", "devnet.json")

const repositoryDir = fileURLToPath(new URL("..", import.meta.url))

/** The API URL a `devnet.json` names, if the file is there and is one. */
const apiUrlInFile = async (path: string): Promise<string | undefined> => {
  try {
    return asDevnetInfo(JSON.parse(await readFile(path, "utf8")))?.apiUrl
  } catch {
    return undefined
  }
}

/** The running devnet: the one `apiUrl` names, else the one a `devnet.json` names, else the one at the default URL. */
export async function findDevnet(options: FindDevnetOptions = {}): Promise<FoundDevnet | undefined> {
  if (options.apiUrl !== undefined) {
    const info = await fetchDevnetInfo(options.apiUrl)
    return info && { info, source: "flag" }
  }
  const dirs = [...new Set((options.dirs ?? [process.cwd(), repositoryDir]).map((dir) => resolve(dir)))]
  for (const dir of dirs) {
    const apiUrl = await apiUrlInFile(devnetFileIn(dir))
    const info = apiUrl !== undefined ? await fetchDevnetInfo(apiUrl) : undefined
    if (info !== undefined) return { info, source: "file" }
  }
  const info = await fetchDevnetInfo(options.defaultApiUrl ?? DEFAULT_DEVNET_API_URL)
  return info && { info, source: "default" }
}
