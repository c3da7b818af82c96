/** Every route of the devnet API. */
import type { Route } from "../http.js"
import { getFaultsRoute, postFaultsRoute, stateRoute } from "./admin.js"
import { bidRoute } from "./bid.js"
import { buyRoute } from "./buy.js"
import { callRoute } from "./call.js"
import { cancelRoute } from "./cancel.js"
import { cancelSignatureRoute } from "./cancelSignature.js"
import { collectionsRoute } from "./collections.js"
import { listRoute } from "./list.js"
import { mintRoute } from "./mint.js"
import { asksRoute, bidsRoute } from "./orders.js"
import { paymasterRoute } from "./paymaster.js"
import { postOrderRoute } from "./postOrder.js"
import { recordsRoute, refreshRoute, resultsRoute } from "./records.js"
import { sellRoute } from "./sell.js"
import { statusRoute, syncedRoute } from "./status.js"
import { tokensRoute } from "./tokens.js"
import { transferRoute } from "./transfer.js"
import { transfersRoute } from "./transfers.js"
import { userTokensRoute } from "./userTokens.js"

export const routes: ReadonlyArray<Route> = [
  buyRoute,
  sellRoute,
  mintRoute,
  listRoute,
  bidRoute,
  cancelRoute,
  transferRoute,
  callRoute,
  postOrderRoute,
  paymasterRoute,
  cancelSignatureRoute,
  statusRoute,
  syncedRoute,
  transfersRoute,
  resultsRoute,
  refreshRoute,
  tokensRoute,
  asksRoute,
  bidsRoute,
  userTokensRoute,
  collectionsRoute,
  getFaultsRoute,
  postFaultsRoute,
  stateRoute,
  recordsRoute,
]
