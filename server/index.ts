// Starts the site; run through server/index.js (`node server/index.js`), which checks the Node
// version first. In the shape of React Router's node-custom-server template: one front
// (server/app.ts: headers, limits, same-origin check, canonical redirects, caches, counts) in both
// modes, run by server/serve.ts. In production it comes from the build, where server/app.ts is
// bundled with the app (build/server/index.js), so configuration, site map and language resolver
// exist once in the process; this file imports nothing from app/ (docs/architecture.md). In
// development (`npm run dev`, NODE_ENV=development) Vite loads the same server/app.ts
// (vite.ssrLoadModule, again after each edit) and its middleware serves the browser's modules and
// HMR on the same port.
import "./node-env.ts";
import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createHttpServer, serve, type Front } from "./serve.ts";

type FrontModule = {
  createFront: (
    assets?: (req: http.IncomingMessage, res: http.ServerResponse, next: (error?: unknown) => void) => void,
  ) => Front;
};

const root = path.resolve(import.meta.dirname, "..");
const server = createHttpServer();

if (process.env.NODE_ENV === "development") {
  // Vite is a development dependency: imported only here, never by the production image.
  const vite = await import("vite").then((vite) =>
    vite.createServer({ root, server: { middlewareMode: true, hmr: { server } } }),
  );
  // Vite runs server/app.ts again when it or anything it imports changed: a new front then (its
  // caches empty), the same services (kept on globalThis by the app).
  let loaded: FrontModule | undefined;
  let front!: Front;
  const current = async () => {
    const module = (await vite.ssrLoadModule("/server/app.ts")) as FrontModule;
    if (module !== loaded) {
      loaded = module;
      front = module.createFront(vite.middlewares);
    }
    return front;
  };
  const first = await current();
  const handle: http.RequestListener = (req, res) => {
    current().then(
      (latest) => latest.handle(req, res),
      // An edit that does not compile: its error in the browser and the terminal, until the next save.
      (error: unknown) => {
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        console.error(error);
        res.statusCode = 500;
        res.setHeader("Content-Type", "text/plain; charset=utf-8");
        res.end(error instanceof Error ? (error.stack ?? error.message) : String(error));
      },
    );
  };
  await serve(server, { ...first, admit: (socket) => front.admit(socket) }, handle, () => vite.close());
} else {
  const built = path.join(root, "build/server/index.js");
  if (!fs.existsSync(built)) {
    console.error("No build yet: run `npm run build` (or `npm start`, which builds when needed).");
    process.exit(1);
  }
  const { createFront } = (await import(pathToFileURL(built).href)) as FrontModule;
  const front = createFront();
  await serve(server, front, front.handle);
}
