/** solc-js 0.8.24 (the `solc-0.8.24` alias that compiles Seaport) ships no types; the part devnet/scripts uses. */
declare module "solc-0.8.24" {
  const solc: {
    version(): string
    compile(input: string, options?: { import?: (path: string) => { contents: string } | { error: string } }): string
  }
  export default solc
}
