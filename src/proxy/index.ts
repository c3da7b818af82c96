/**
 * `tradekit/proxy`: a proxy that keeps the API key on the server while a browser app trades through the
 * API. `createApiProxy` returns a Web-standard `(request: Request) => Promise<Response>` handler;
 * `toNodeListener` serves it from Node's `http`.
 *
 * @module
 */

export { type ApiProxyHandler, type ApiProxyOptions, createApiProxy } from "./createApiProxy.js"
export { PROTOCOL_ROUTES, type ProxyRoute } from "./protocolRoutes.js"
export { toNodeListener } from "./toNodeListener.js"
