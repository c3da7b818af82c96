import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { App } from "./App.js"
import { loadConfig } from "./config.js"
import { recordApiRequests } from "./httpLog.js"
import "./styles.css"

void loadConfig().then((config) => {
  // OpenSea's routes go through the page's own proxy: its requests are the API's conversation too.
  const openSea =
    config.openSea === undefined ? undefined : new URL(config.openSea.apiBaseUrl, window.location.href).href
  recordApiRequests(
    (url) =>
      config.chains.some((chain) => url.startsWith(new URL(chain.baseApiUrl).origin)) ||
      (openSea !== undefined && new URL(url, window.location.href).href.startsWith(openSea)),
  )
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App config={config} />
    </StrictMode>,
  )
})
