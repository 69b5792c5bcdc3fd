// The API server's public face. So far: the kinds it serves (schemas, defaulting,
// validation, registry, JSON Schema, quantities, kubectl's generator and printers) and
// the hostile-input-proof manifest decoder. Request handling and storage come later.
export * from './kinds';
export * from './manifest';
export { ALL_CATEGORY, API_RESOURCES, discoveryDocuments, type ApiResource } from './discovery';
