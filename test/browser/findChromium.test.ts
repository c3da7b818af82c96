import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { delimiter, join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { findSystemChromium, mergeArgs, TEST_ARGS } from "./findChromium.js"

const dirs: string[] = []
const dirWith = (files: Record<string, number>): string => {
  const dir = mkdtempSync(join(tmpdir(), "tradekit-find-chromium-"))
  dirs.push(dir)
  for (const [name, mode] of Object.entries(files)) {
    writeFileSync(join(dir, name), "#!/bin/sh\n")
    chmodSync(join(dir, name), mode)
  }
  return dir
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe("findSystemChromium", () => {
  it("finds chromium on PATH", () => {
    const dir = dirWith({ chromium: 0o755 })
    expect(findSystemChromium(dir)).toBe(join(dir, "chromium"))
  })

  it("finds google-chrome when no chromium is on PATH, in PATH order", () => {
    const first = dirWith({ "google-chrome": 0o755 })
    const second = dirWith({ "google-chrome": 0o755 })
    expect(findSystemChromium([first, second].join(delimiter))).toBe(join(first, "google-chrome"))
  })

  it("prefers chromium to chrome whatever the PATH order", () => {
    const chrome = dirWith({ "google-chrome": 0o755 })
    const chromium = dirWith({ "chromium-browser": 0o755 })
    expect(findSystemChromium([chrome, chromium].join(delimiter))).toBe(join(chromium, "chromium-browser"))
  })

  it("skips a file that is not executable", () => {
    const plain = dirWith({ chromium: 0o644 })
    const executable = dirWith({ chromium: 0o755 })
    expect(findSystemChromium([plain, executable].join(delimiter))).toBe(join(executable, "chromium"))
  })
})

describe("mergeArgs", () => {
  const recommended = [
    "--single-process",
    "--disable-web-security",
    "--allow-running-insecure-content",
    "--headless='shell'",
    "--no-sandbox",
  ]

  it("keeps the recommended flags but those that relax the page's security", () => {
    const merged = mergeArgs(recommended)
    expect(merged).toContain("--single-process")
    expect(merged).not.toContain("--disable-web-security")
    expect(merged).not.toContain("--allow-running-insecure-content")
  })

  it("adds each test flag once, keeping the recommended value of a switch both set", () => {
    const merged = mergeArgs(recommended)
    expect(merged.filter((arg) => arg.startsWith("--headless"))).toEqual(["--headless='shell'"])
    expect(merged.filter((arg) => arg === "--no-sandbox")).toHaveLength(1)
    expect(merged).toEqual(expect.arrayContaining(TEST_ARGS.filter((arg) => arg !== "--headless")))
  })
})
