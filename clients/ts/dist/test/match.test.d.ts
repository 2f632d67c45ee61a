/**
 * Whole Tomahawk matches against a real local cluster (Valkey, 2 replicas, Envoy):
 * one TypeScript client and three server bots, first over native gRPC straight to a replica
 * (with the stream cut on purpose to exercise resume-from-seq), then over gRPC-Web through
 * Envoy with the browser transport (fetch).
 */
export {};
