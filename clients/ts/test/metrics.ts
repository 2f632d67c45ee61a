/**
 * Reads what the replicas counted: `cercle_rpcs_total{method="..."}` from each replica's
 * Prometheus page (RunningCluster.metrics), so a test can prove which RPCs its client made
 * (the TS tests and the browser tests check that ListLegalActions never was).
 */

/** The RPCs one replica received, by method (a method never called is absent). */
export async function rpcCounts(metricsUrl: string): Promise<Map<string, number>> {
  const response = await fetch(metricsUrl);
  if (!response.ok) throw new Error(`${metricsUrl}: HTTP ${response.status}`);
  return parseRpcCounts(await response.text());
}

/** `cercle_rpcs_total` of a Prometheus text page, by method. */
export function parseRpcCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of text.split("\n")) {
    const match = /^cercle_rpcs_total\{([^}]*)\}\s+(\S+)/.exec(line);
    if (!match) continue;
    const method = /(?:^|,)\s*method="([^"]*)"/.exec(match[1]!)?.[1];
    if (method === undefined) continue;
    counts.set(method, (counts.get(method) ?? 0) + Number(match[2]));
  }
  return counts;
}

/** Every replica's counts, in the order of `metricsUrls`. */
export async function clusterRpcCounts(metricsUrls: string[]): Promise<Map<string, number>[]> {
  return Promise.all(metricsUrls.map(rpcCounts));
}
