/**
 * Issue 37's "before" table: which of tradekit's own modules serve an optional capability, so that `npm run size`
 * can say what each weighs in a bundle (attributed by module from esbuild's metafile, gzip estimated by share). A
 * capability that becomes a layer of its own is then measured by leaving it out; until then this attribution is the
 * figure to beat.
 */

/** The optional capabilities the executor carries, each by the source paths that serve only it. */
const CAPABILITIES: ReadonlyArray<readonly [string, RegExp]> = [
  ["resume and the journal", /src\/(pipeline\/history\/|pipeline\/resumeFrom|actions\/resume|schema\/StoredSnapshot)/],
  ["EIP-5792 batching", /src\/(pipeline\/(sendBatch|readyTransactionItems)|services\/internal\/viemBatches)/],
  // With Effect's socket module, which only the status socket uses.
  ["status socket", /src\/apis\/reservoir\/statusSocket|node_modules\/effect\/dist\/socket\//],
  [
    "simulation and the network fee",
    /src\/(pipeline\/(simulateTransaction|estimateNetworkFee)|services\/internal\/estimateGas)/,
  ],
  ["EIP-7966 send", /src\/services\/internal\/sendSync/],
  ["transfers awaited from the book", /src\/pipeline\/awaitTransfers/],
]

/** The capability a bundled source path serves, or undefined when it serves every flow. */
export const capabilityOf = (path: string): string | undefined =>
  CAPABILITIES.find(([, pattern]) => pattern.test(path))?.[0]

/** Each capability's bytes in a bundle, from the metafile's inputs, with its estimated share of the gzip size. */
export const capabilityWeights = (
  inputs: Readonly<Record<string, { readonly bytesInOutput: number }>>,
  gzip: number,
): ReadonlyArray<{ readonly capability: string; readonly minified: number; readonly gzip: number }> => {
  const total = Object.values(inputs).reduce((sum, input) => sum + input.bytesInOutput, 0)
  const weights = new Map<string, number>()
  for (const [path, { bytesInOutput }] of Object.entries(inputs)) {
    const capability = capabilityOf(path)
    if (capability !== undefined) weights.set(capability, (weights.get(capability) ?? 0) + bytesInOutput)
  }
  return CAPABILITIES.map(([capability]) => {
    const minified = weights.get(capability) ?? 0
    return { capability, minified, gzip: total === 0 ? 0 : Math.round((minified / total) * gzip) }
  })
}
