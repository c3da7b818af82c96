// Temporary config for running the devnet chain integration tests until the root config gains an
// "integration" project: npx vitest run --config test/integration/vitest.devnet-chain.config.ts
import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"

export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["test/integration/devnet-chain/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
