/**
 * Starts a local Cercle cluster (Valkey + server replicas + Envoy) for the tests, through
 * deploy/local/cluster.py, on free ports, and stops it again.
 *
 * The Python side blocks on its stdin: if this Node process dies without calling stop(), the
 * pipe closes and the cluster still stops its children.
 */

import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

export interface RunningCluster {
  /** `127.0.0.1:<port>` of Envoy (native gRPC and gRPC-Web). */
  envoy: string;
  /** `127.0.0.1:<port>` of each server replica. */
  replicas: string[];
  /** `http://127.0.0.1:<port>/metrics` of each replica (Prometheus text: RPCs by method...). */
  metrics: string[];
  /** Where the processes write their logs. */
  workDir: string;
  stop(): Promise<void>;
}

/** The repository root: the first parent holding deploy/local/cluster.py. */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "deploy", "local", "cluster.py"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("cannot find the repository root (deploy/local/cluster.py)");
    dir = parent;
  }
  return dir;
}

const LAUNCHER = `
import json, signal, sys
from pathlib import Path
import deploy.local.cluster as local

# Free ports everywhere (not make run's fixed replica ports), so tests never collide with a
# running "make run" or with each other.
def stop(*_):
    raise SystemExit(0)

signal.signal(signal.SIGTERM, stop)
signal.signal(signal.SIGINT, stop)
with local.cluster(int(sys.argv[1]), envoy=True, work_dir=Path(sys.argv[2])) as running:
    print(json.dumps({
        "envoy": running.envoy.port,
        "replicas": [proc.port for proc in running.replicas],
        "metrics": [proc.metrics_port for proc in running.replicas],
    }), flush=True)
    sys.stdin.read()
`;

/** Starts `replicas` replicas behind Envoy; resolves once every port is open. */
export async function startCluster(replicas = 2, timeoutMs = 60_000): Promise<RunningCluster> {
  const root = repoRoot();
  const python = process.env.CERCLE_PYTHON ?? resolve(root, ".venv", "bin", "python");
  const workDir = mkdtempSync(join(tmpdir(), "cercle-ts-"));
  const child: ChildProcess = spawn(python, ["-c", LAUNCHER, String(replicas), workDir], {
    cwd: root,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const ports = await new Promise<{ envoy: number; replicas: number[]; metrics: number[] }>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`cluster did not start in ${timeoutMs} ms\n${stderr}`)), timeoutMs);
    const lines = createInterface({ input: child.stdout! });
    lines.once("line", (line) => {
      clearTimeout(timer);
      try {
        ok(JSON.parse(line));
      } catch {
        fail(new Error(`unexpected cluster output: ${line}\n${stderr}`));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`cluster exited (${code}) before it was ready:\n${stderr}`));
    });
  });
  let stopped = false;
  return {
    envoy: `127.0.0.1:${ports.envoy}`,
    replicas: ports.replicas.map((port) => `127.0.0.1:${port}`),
    metrics: ports.metrics.map((port) => `http://127.0.0.1:${port}/metrics`),
    workDir,
    async stop() {
      if (stopped) return;
      stopped = true;
      child.kill("SIGTERM");
      child.stdin!.end();
      const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(killer);
      if (!process.env.CERCLE_KEEP_LOGS) rmSync(workDir, { recursive: true, force: true });
    },
  };
}
