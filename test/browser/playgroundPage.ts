/** Driving the playground page in the browser tests. */
import type { Locator, Page } from "playwright-core"

/** The statuses a panel rests in: before any run, and after one. */
const SETTLED = ["idle", "success", "error"]

/**
 * Submits the panel's form and waits for its hook to settle, then for the wallet view to be read again (the
 * page reads it after every action, so what follows sees the outcome). Fails with the error the page shows.
 */
export async function runPanel(page: Page, panel: string): Promise<Locator> {
  const root = page.locator(`[data-testid=panel-${panel}]`)
  const readBefore = await page.locator("[data-testid=wallet]").getAttribute("data-refreshed-at")
  await root.locator("[data-testid=submit]").click()
  // Past the previous execution's outcome first: the hook's in-flight status, whatever the hook calls it.
  await page
    .waitForFunction(
      ({ id, settled }) =>
        !settled.includes(document.querySelector(`[data-testid=panel-${id}]`)?.getAttribute("data-status") ?? "idle"),
      { id: panel, settled: SETTLED },
      { timeout: 5_000 },
    )
    .catch(() => undefined)
  await page.waitForFunction(
    (id) =>
      ["success", "error"].includes(
        document.querySelector(`[data-testid=panel-${id}]`)?.getAttribute("data-status") ?? "",
      ),
    panel,
    { timeout: 45_000 },
  )
  if ((await root.getAttribute("data-status")) === "error") {
    throw new Error(`the ${panel} flow failed on the page: ${await root.locator("[data-testid=error]").textContent()}`)
  }
  await page.waitForFunction(
    (before) => {
      const wallet = document.querySelector("[data-testid=wallet]")
      return wallet?.getAttribute("data-loading") === "false" && wallet.getAttribute("data-refreshed-at") !== before
    },
    readBefore,
    { timeout: 15_000 },
  )
  return root
}
