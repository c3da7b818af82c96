// Imports the built package by its own name, the way a user's code would, and checks each entry point.
const checks = {
  tradekit: ["createClient", "executeSteps", "resumeExecution", "buy", "Tradekit", "walletLayer", "reservoirChains", "APIError"],
  "tradekit/testing": ["makeFakeApi", "makeFakeWallet", "testLayer"],
  "tradekit/react": ["TradekitProvider", "useBuyToken", "useCall"],
  "tradekit/devnet": ["startDevnet"],
}
let failures = 0
for (const [name, exports] of Object.entries(checks)) {
  const module = await import(name)
  const missing = exports.filter((key) => !(key in module))
  if (missing.length > 0) {
    failures++
    process.stderr.write(`${name}: missing ${missing.join(", ")}\n`)
  } else {
    process.stdout.write(`${name}: ok (${Object.keys(module).length} exports)\n`)
  }
}
process.exit(failures === 0 ? 0 : 1)
