// The container's HEALTHCHECK (Dockerfile): GET /healthz where the server listens. HOST may be a
// single address (HOST=10.0.0.5 listens there only, not on 127.0.0.1); 0.0.0.0 and :: mean every
// interface, where loopback answers. Exit 0 when healthy, 1 otherwise (Docker's contract).
// Plain JavaScript, no imports: it runs every 30 s and must start fast.
const host = (process.env.HOST || "0.0.0.0").trim();
const target =
  host === "0.0.0.0" ? "127.0.0.1" : host === "::" || host === "[::]" ? "::1" : host.replace(/^\[(.*)\]$/, "$1");
const url = `http://${target.includes(":") ? `[${target}]` : target}:${process.env.PORT || 3000}/healthz`;
fetch(url, { signal: AbortSignal.timeout(2_500) }).then(
  (res) => process.exit(res.ok ? 0 : 1),
  () => process.exit(1),
);
