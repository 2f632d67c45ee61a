/**
 * Node transports: native gRPC over HTTP/2 (straight to a replica, or through Envoy, which
 * speaks HTTP/2 gRPC too), and gRPC-Web over HTTP/1.1 for tools that must go through a proxy
 * that only knows gRPC-Web.
 *
 * An HTTP/2 connection keeps Node's event loop alive (Connect-Node pings it every 15 s) until
 * it is closed: call `close()` on the client (or on the transport) when you are done, or the
 * process never exits by itself.
 *
 * ```ts
 * import { connectGrpc } from "@cercle/client/node";
 * const client = connectGrpc("127.0.0.1:50061");
 * try {
 *   await client.createSession("Ana");
 * } finally {
 *   client.close();
 * }
 * ```
 */

import type { Interceptor, Transport } from "@connectrpc/connect";
import {
  Http2SessionManager,
  createGrpcTransport as connectNodeGrpc,
  createGrpcWebTransport as connectNodeGrpcWeb,
} from "@connectrpc/connect-node";

import { CercleClient, type CercleClientOptions } from "./client.js";

export * from "./index.js";

/** `127.0.0.1:8080` → `http://127.0.0.1:8080` (plaintext, as `make run` serves). */
export function baseUrl(address: string): string {
  return /^https?:\/\//.test(address) ? address : `http://${address}`;
}

/** A transport that owns its HTTP/2 connection: `close()` ends it and every open stream. */
export interface ClosableTransport extends Transport {
  /** Closes the connection (open calls and streams fail with `Canceled`); idempotent. */
  close(): void;
}

/**
 * Native gRPC over HTTP/2 (h2c for `http://`, h2 over TLS for `https://`). Keepalive pings
 * every 15 s keep a quiet Subscribe stream open through NATs and load balancers, like the
 * Python SDK's channel options. The connection is the transport's own (an
 * `Http2SessionManager`), so `close()` ends it and lets the process exit.
 */
export function createGrpcTransport(
  address: string,
  interceptors: Interceptor[] = [],
): ClosableTransport {
  const url = baseUrl(address);
  const sessionManager = new Http2SessionManager(url, {
    pingIntervalMs: 15_000,
    pingTimeoutMs: 5_000,
    pingIdleConnection: true,
  });
  const transport = connectNodeGrpc({ baseUrl: url, interceptors, sessionManager });
  return Object.assign(transport, { close: () => sessionManager.abort() });
}

/**
 * gRPC-Web from Node (HTTP/1.1), e.g. through Envoy's grpc_web filter. Node's HTTP/1.1 agent
 * does not hold the process open between calls, so this transport needs no closing.
 */
export function createNodeGrpcWebTransport(address: string, interceptors: Interceptor[] = []): Transport {
  return connectNodeGrpcWeb({ baseUrl: baseUrl(address), httpVersion: "1.1", interceptors });
}

/** A {@link CercleClient} over its own HTTP/2 connection; `close()` ends it. */
export class NodeCercleClient extends CercleClient {
  private readonly closeTransport: () => void;

  constructor(address: string, options?: CercleClientOptions) {
    let made: ClosableTransport | undefined;
    super((interceptors) => (made = createGrpcTransport(address, interceptors)), options);
    const transport = made;
    this.closeTransport = () => transport?.close();
  }

  /** Closes the connection: open calls and `subscribe` streams end; the process may exit. */
  close(): void {
    this.closeTransport();
  }
}

/** A {@link CercleClient} over native gRPC; call `close()` when done. */
export function connectGrpc(address: string, options?: CercleClientOptions): NodeCercleClient {
  return new NodeCercleClient(address, options);
}
