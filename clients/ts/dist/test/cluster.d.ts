/**
 * Starts a local Cercle cluster (Valkey + server replicas + Envoy) for the tests, through
 * deploy/local/cluster.py, on free ports, and stops it again.
 *
 * The Python side blocks on its stdin: if this Node process dies without calling stop(), the
 * pipe closes and the cluster still stops its children.
 */
export interface RunningCluster {
    /** `127.0.0.1:<port>` of Envoy (native gRPC and gRPC-Web). */
    envoy: string;
    /** `127.0.0.1:<port>` of each server replica. */
    replicas: string[];
    /** Where the processes write their logs. */
    workDir: string;
    stop(): Promise<void>;
}
/** The repository root: the first parent holding deploy/local/cluster.py. */
export declare function repoRoot(): string;
/** Starts `replicas` replicas behind Envoy; resolves once every port is open. */
export declare function startCluster(replicas?: number, timeoutMs?: number): Promise<RunningCluster>;
