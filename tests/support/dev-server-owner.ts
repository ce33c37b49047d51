// Stands in for a test run that gets killed: starts `npm run dev` through startDevServer (with its
// watchdog), prints where it answers as one JSON line, then waits to be killed
// (tests/integration/dev-server.test.ts kills it with SIGKILL, which leaves no chance to clean up).
import { startDevServer } from "./dev-server.ts";

const server = await startDevServer();
process.stdout.write(`${JSON.stringify({ url: server.url, group: server.group })}\n`);
setInterval(() => {}, 60_000);
