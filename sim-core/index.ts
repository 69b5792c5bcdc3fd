// sim-core's public face. Each layer's folder exports its own API through its index.ts.
export const SIM_CORE_VERSION = '0.1.0';
