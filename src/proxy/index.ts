/**
 * `tradekit/proxy`: a proxy that keeps the API key on the server while a browser app trades through the
 * API. `createApiProxy` returns a Web-standard `(request: Request) => Promise<Response>` handler;
 * `createOpenSeaProxy` is the same for OpenSea's API v2; `toNodeListener` serves either from Node's `http`.
 *
 * @module
 */

export { type ApiProxyHandler, type ApiProxyOptions, createApiProxy } from "./createApiProxy.js"
export { createOpenSeaProxy, type OpenSeaProxyOptions } from "./createOpenSeaProxy.js"
export { OPENSEA_RESPONSE_HEADERS, OPENSEA_ROUTES } from "./openSeaRoutes.js"
export { PROTOCOL_ROUTES, type ProxyRoute } from "./protocolRoutes.js"
export { toNodeListener } from "./toNodeListener.js"
