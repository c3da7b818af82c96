#!/usr/bin/env node
// `npx tradekit-devnet`: the devnet's command line (devnet/cli.ts), from the built package.
import "../dist/devnet/cli.js"
