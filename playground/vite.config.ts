import { fileURLToPath } from "node:url"
import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"
import { configPlugin, discoveredConfig } from "./serve.js"

/**
 * The playground on its own (`npx vite playground`): at every page load it finds a running devnet (the
 * `devnet.json` the devnet CLI writes, else the default API URL's root). The page's query string overrides what
 * is found (`?api=…&rpc=…`).
 */
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [react(), configPlugin(discoveredConfig())],
  server: { host: "127.0.0.1", fs: { allow: [fileURLToPath(new URL("..", import.meta.url))] } },
})
