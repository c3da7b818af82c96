/**
 * OpenSea's own Seaport client, as the reference our Seaport hashes are held to. Its `getOrderHash` computes offline:
 * the provider (a static network at an address nothing answers) is never asked anything.
 */
import { Seaport } from "@opensea/seaport-js"
import { JsonRpcProvider } from "ethers"
import type { OrderComponents } from "../../../../../src/apis/opensea/seaport/SeaportOrder.js"

// seaport-js types its provider with ethers' CommonJS build, this file imports the ESM one: the same class at run time
// (seaport-js only duck-types it), two declarations to TypeScript.
const seaportJs = new Seaport(new JsonRpcProvider("http://127.0.0.1:9", 1, { staticNetwork: true }) as never)

/** seaport-js's hash of `components`. */
export const seaportJsOrderHash = (components: OrderComponents): string => seaportJs.getOrderHash(components as never)
