// The devnet example of the README: the devnet's chains plug straight into `createClient`. This file is
// typechecked, not run by the unit tests (starting anvil is the integration tests' job); importing it starts a
// devnet. (In an app: import from "tradekit" and "tradekit/devnet".)

import { startDevnet } from "../../../devnet/index.js"
import { openSea } from "../../../src/apis/opensea/index.js"
import { createClient } from "../../../src/index.js"

const devnet = await startDevnet()
const client = createClient({ chains: devnet.chains })
// The devnet's OpenSea, its settings named as openSea(...) takes them: nothing else to give.
const onOpenSea = createClient({ chains: devnet.chains, book: openSea(devnet.openSea) })

await onOpenSea.dispose()
await client.dispose()
await devnet.stop()
