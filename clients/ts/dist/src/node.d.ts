/**
 * Node transports: native gRPC over HTTP/2 (straight to a replica, or through Envoy, which
 * speaks HTTP/2 gRPC too), and gRPC-Web over HTTP/1.1 for tools that must go through a proxy
 * that only knows gRPC-Web.
 *
 * ```ts
 * import { connectGrpc } from "@cercle/client/node";
 * const client = connectGrpc("http://127.0.0.1:50061");
 * ```
 */
import type { Interceptor, Transport } from "@connectrpc/connect";
import { CercleClient, type CercleClientOptions } from "./client.js";
export * from "./index.js";
/** `127.0.0.1:8080` → `http://127.0.0.1:8080` (plaintext, as `make run` serves). */
export declare function baseUrl(address: string): string;
/**
 * Native gRPC over HTTP/2 (h2c for `http://`, h2 over TLS for `https://`). Keepalive pings
 * every 15 s keep a quiet Subscribe stream open through NATs and load balancers, like the
 * Python SDK's channel options.
 */
export declare function createGrpcTransport(address: string, interceptors?: Interceptor[]): Transport;
/** gRPC-Web from Node (HTTP/1.1), e.g. through Envoy's grpc_web filter. */
export declare function createNodeGrpcWebTransport(address: string, interceptors?: Interceptor[]): Transport;
/** A {@link CercleClient} over native gRPC. */
export declare function connectGrpc(address: string, options?: CercleClientOptions): CercleClient;
