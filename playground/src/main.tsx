import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { App } from "./App.js"
import { loadConfig } from "./config.js"
import { recordApiRequests } from "./httpLog.js"
import "./styles.css"

void loadConfig().then((config) => {
  recordApiRequests((url) => config.chains.some((chain) => url.startsWith(new URL(chain.baseApiUrl).origin)))
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App config={config} />
    </StrictMode>,
  )
})
