/** A human-readable summary of a running devnet (URLs, accounts with their public test keys, contracts). */
import type { Devnet } from "./Devnet.js"

export function describeDevnet(devnet: Devnet): string {
  const { origin, destination } = devnet.contracts
  const lines = [
    `tradekit devnet — started in ${devnet.timings.totalMs} ms (anvil ${devnet.timings.anvilMs}, deploy ${devnet.timings.deployMs}, seed ${devnet.timings.seedMs})`,
    "",
    "API (one server, a base path per chain):",
    ...devnet.chains.map(
      (c) =>
        `  ${c.id}  ${c.baseApiUrl}${c.active ? "   (origin, order book; also served at the root)" : "   (destination of cross-chain calls)"}`,
    ),
    "  admin: POST /__devnet/faults · GET /__devnet/state · GET /__devnet/records · GET /__devnet/requests",
    "Status websocket (transaction.status pushes):",
    ...Object.entries(devnet.websocketUrls).map(([id, url]) => `  ${id}  ${url}`),
    "",
    "RPC:",
    ...Object.entries(devnet.rpcUrls).map(([id, url]) => `  ${id}  ${url}`),
    "",
    "User accounts (public test-mnemonic keys — never use them anywhere else):",
    ...devnet.accounts.users.map(
      (u, i) => `  user ${i + 1}  ${u.address}  ${u.privateKey}${i === 4 ? "  (ETH only)" : ""}`,
    ),
    `  USDC only  ${devnet.accounts.usdcOnlyUser.address}  ${devnet.accounts.usdcOnlyUser.privateKey}  (USDC and no ETH: buys with sponsored gas)`,
    `  devnet keys: deployer ${devnet.accounts.deployer.address}, operator ${devnet.accounts.operator.address}, solver ${devnet.accounts.solver.address}, gas sponsor ${devnet.accounts.sponsor.address}`,
    "",
    "Paymaster (ERC-7677, chain config `paymasterService: { url }`):",
    ...Object.entries(devnet.paymasterUrls).map(([id, url]) => `  ${id}  ${url}`),
    "",
    `Contracts on ${origin.chainId}:`,
    `  Devnet Punks ${origin.punks}  Devnet Drops ${origin.drops}  Devnet Editions ${origin.editions}`,
    `  WETH ${origin.weth}  USDC ${origin.usdc}  USDT ${origin.usdt}  Exchange ${origin.exchange}  Depository ${origin.depository}`,
    `  BatchExecutor ${origin.batchExecutor}  (EIP-7702 delegate of the batching wallet)`,
    `Contracts on ${destination.chainId}:`,
    `  Solver ${destination.solver}  Devnet Destination Punks ${destination.punks}  WETH ${destination.weth}  BatchExecutor ${destination.batchExecutor}`,
    "",
    `OpenSea API v2: ${devnet.openSea.apiBaseUrl}/api/v2/…  (x-api-key: ${devnet.openSea.apiKey}; chain names ${JSON.stringify(devnet.openSea.chainNames)})`,
    `  Seaport 1.6 ${devnet.openSea.seaport}  conduit ${devnet.openSea.conduit}  conduitKey ${devnet.openSea.conduitKey}`,
    `  signed zone (SIP-7) ${devnet.openSea.signedZone}: openSea(devnet.openSea) trades here (all of the above)`,
    `  SeaDrop ${devnet.openSea.seaDrop}  drops ${devnet.openSea.drops.map((d) => `${d.slug} ${d.contract}`).join(", ")}`,
  ]
  return lines.join("\n")
}
