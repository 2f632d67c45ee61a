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
import { createGrpcWebTransport as connectWebGrpcWeb } from "@connectrpc/connect-web";
import { CercleClient } from "./client.js";
export * from "./index.js";
/** gRPC-Web over fetch (binary protobuf, the format Envoy's grpc_web filter translates). */
export function createGrpcWebTransport(baseUrl, interceptors = []) {
    return connectWebGrpcWeb({ baseUrl, interceptors, useBinaryFormat: true });
}
/** A {@link CercleClient} over gRPC-Web, for browsers. */
export function connectGrpcWeb(baseUrl, options) {
    return new CercleClient((interceptors) => createGrpcWebTransport(baseUrl, interceptors), options);
}
//# sourceMappingURL=web.js.map