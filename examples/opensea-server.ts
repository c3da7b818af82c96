// On your server (Node): the proxy holds the OpenSea key and forwards only the routes tradekit calls, adding the
// key. Serve it on your app's origin so the page calls `/api/opensea`. (Next.js, Hono, Bun or Workers: use the
// handler `createOpenSeaProxy` returns as it is, without `toNodeListener`.)
import { createServer, type Server } from "node:http"
import { createOpenSeaProxy, toNodeListener } from "../src/proxy/index.js"

/** What the proxy needs: the key, the page's origin, and where OpenSea is when not api.opensea.io (the devnet). */
export interface OpenSeaProxySettings {
  readonly apiKey: string
  readonly appOrigin: string
  readonly target?: string | undefined
  readonly port?: number | undefined
}

/** Serves OpenSea's API v2 under `/api/opensea` with the key added; resolves once it listens (port 0: any free one). */
export const serveOpenSeaProxy = (settings: OpenSeaProxySettings): Promise<Server> => {
  const proxy = createOpenSeaProxy({
    apiKey: settings.apiKey,
    target: settings.target,
    allowedOrigins: [settings.appOrigin],
  })
  const server = createServer(toNodeListener(proxy))
  return new Promise((resolve) => server.listen(settings.port ?? 3000, () => resolve(server)))
}
