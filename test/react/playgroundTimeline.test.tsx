// The playground's timeline and error, rendered to markup: what a user reads after a quote and after a revert.
import { renderToString } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { ErrorView } from "../../playground/src/components/ErrorView.js"
import { Timeline } from "../../playground/src/components/Timeline.js"
import type { ExecutionSnapshot } from "../../src/index.js"
import { blankRequest } from "../support/blankRequest.js"

const REVERT = "The transaction reverted: ERC721: caller is not token owner or approved"
const order = `0x${"ab".repeat(32)}`

const snapshot = (patch: Partial<ExecutionSnapshot>): ExecutionSnapshot => ({
  status: "running",
  request: blankRequest("buy"),
  chainId: 31337,
  txHashes: [],
  steps: [
    {
      id: "sale",
      action: "Confirm transaction",
      description: "Buy",
      kind: "transaction",
      items: [{ status: "incomplete", orderIds: [order] }],
    },
  ],
  currentStep: { index: 0, id: "sale", itemIndexes: [0] },
  ...patch,
})

const occurrences = (html: string, text: string) => html.split(text).length - 1

describe("the playground's timeline", () => {
  it("after a quote, says quoted: no step reads as running while the badge says success", () => {
    const html = renderToString(<Timeline progress={snapshot({})} status="success" chains={[]} />)
    expect(html).toContain(">quoted<")
    expect(html).not.toContain('data-state="active"')
    expect(html).not.toMatch(/>running</)
  })

  it("shows a revert once, with the form's error, not again on the step, the item and the timeline", () => {
    const failed = snapshot({
      status: "error",
      error: { _tag: "TransactionRevertedError", message: REVERT },
      steps: [
        {
          id: "sale",
          action: "Confirm transaction",
          description: "Buy",
          kind: "transaction",
          error: REVERT,
          items: [{ status: "incomplete", error: REVERT }],
        },
      ],
    })
    const html = renderToString(
      <>
        <ErrorView error={{ _tag: "TransactionRevertedError", message: REVERT }} />
        <Timeline progress={failed} status="error" chains={[]} />
      </>,
    )
    expect(occurrences(html, REVERT)).toBe(1)
    // The step and the item still say they failed.
    expect(html).toContain('data-state="error"')
  })

  it("names the token beside an order hash in an error, and shortens the hash", () => {
    const html = renderToString(
      <ErrorView error={new Error(`${order} would stay fillable`)} names={new Map([[order, "Devnet Punks #13"]])} />,
    )
    expect(html).toContain("Devnet Punks #13")
    expect(html).toContain(`title="${order}"`)
    expect(occurrences(html, order)).toBe(2)
  })
})
