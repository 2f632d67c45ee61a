/**
 * Browser transport: gRPC-Web over `fetch`, through Envoy's grpc_web filter (CORS is enabled
 * in deploy/envoy/envoy.yaml.template, so a page may call Envoy from another origin).
 * Works in Node 18+ too, which has `fetch`.
 *
 * ```ts
 * import { connectGrpcWeb } from "@cercle/client/web";
 * const client = connectGrpcWeb("http://127.0.0.1:8080");
 * ```
 */
import type { Interceptor, Transport } from "@connectrpc/connect";
import { CercleClient, type CercleClientOptions } from "./client.js";
export * from "./index.js";
/** gRPC-Web over fetch (binary protobuf, the format Envoy's grpc_web filter translates). */
export declare function createGrpcWebTransport(baseUrl: string, interceptors?: Interceptor[]): Transport;
/** A {@link CercleClient} over gRPC-Web, for browsers. */
export declare function connectGrpcWeb(baseUrl: string, options?: CercleClientOptions): CercleClient;
