import type { FacadeActionName } from "../../client/FacadeActionName.js"
import type { ActionHookData, ActionParameters } from "../createActionHook.js"
import type { FacadeCall } from "./runFacadeCall.js"

/** `client.actions[name]`, as the hooks and the mutation options call it. */
export const actionCall =
  <N extends FacadeActionName>(name: N): FacadeCall<Omit<ActionParameters<N>, "wallet">, ActionHookData<N>> =>
  (client, parameters) =>
    (client.actions[name] as unknown as (p: ActionParameters<N>) => Promise<ActionHookData<N>>)(parameters as ActionParameters<N>)
