// Free of zod, so the browser's cluster view can import it without the schemas.

/** createSimulation's option for a scenario's or lab's control-plane nodes: absent for one (its default), so one-node runs are built as before. */
export function controlPlanesOption(controlPlanes: number): { controlPlanes?: number } {
  return controlPlanes !== 1 ? { controlPlanes } : {};
}
