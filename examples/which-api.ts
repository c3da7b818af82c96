// Where the protocol lives: your own indexer, behind its auth, reached from the browser through a proxy.
import { createServer } from "node:http"
import { createClient, monad } from "../src/index.js"
import { createApiProxy, toNodeListener } from "../src/proxy/index.js"

const indexer = "https://indexer.example.com"
const token = `Bearer ${process.env.INDEXER_TOKEN ?? ""}`

// On your server: the proxy adds the token; the page never sees it. Pages of the app's origin may call it.
const proxy = createApiProxy({
  target: indexer,
  basePath: "/api/reservoir",
  headers: { Authorization: token },
  allowedOrigins: ["https://app.example.com"],
})
createServer(toNodeListener(proxy)).listen(3000)

// In the browser: the app's own origin, no key, no token.
export const browserClient = createClient({
  chains: [{ ...monad, baseApiUrl: "https://app.example.com/api/reservoir", active: true }],
})

// On a server (a backend job, a script): straight to the indexer, with its auth.
export const serverClient = createClient({
  chains: [{ ...monad, baseApiUrl: indexer, headers: { Authorization: token }, active: true }],
})
