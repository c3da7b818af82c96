#!/usr/bin/env node
// `npx tradekit-devnet`: the devnet's command line (devnet/cli.ts), from the built package. `ws` is an optional
// peer that only the devnet needs (npm usually has it through viem; pnpm does not show it to tradekit unless the
// app installs it): without it, say in one line what to install rather than print a stack.
import { createRequire } from "node:module"

try {
  createRequire(import.meta.url).resolve("ws")
} catch {
  process.stderr.write("tradekit-devnet: the devnet needs the ws package: npm install --save-dev ws\n")
  process.exit(1)
}
await import("../dist/devnet/cli.js")
