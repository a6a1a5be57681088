// The container's health check (deploy/Dockerfile's HEALTHCHECK and compose's per-service ones): exit 0 when the
// address answers 2xx within 3 s, 1 otherwise. The image has no curl; Node's fetch does it.
//   node deploy/healthcheck.ts                       the API process: http://127.0.0.1:$PORT/api/healthz
//   node deploy/healthcheck.ts http://127.0.0.1:8082/healthz    a worker (WORKER_PORT) or the media process

const url = process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 8080}/api/healthz`;

try {
  const response = await fetch(url, { signal: AbortSignal.timeout(3_000) });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
