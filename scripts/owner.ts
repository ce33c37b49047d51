// `npm run owner -- reset`: the owner lost their phone or password. Forgets the password and the
// authenticator, ends every back-office session at once (even while the server runs), and prints a
// new one-time set-up link. `npm run owner -- status` says whether an owner is set up.
// `npm run owner -- token create NAME` prints a new API token once (docs/api.md), as the back office does.
import "./require-node.js";
import { createApiToken } from "../app/api/tokens.server.ts";
import { resetOwner } from "../app/auth/setup.server.ts";
import { createSignedLinks, loadLinkSecret } from "../app/billing/signed-link.server.ts";
import { parseEnv } from "../app/lib/env.server.ts";
import { openStores } from "../app/stores.server.ts";
import { describe, existingSqliteFile, fail, parseOptions } from "./cli.ts";

const USAGE =
  "Usage: npm run owner -- reset | status | token create NAME. Uses DATABASE_URL or DATA_DIR (default ./data), and PUBLIC_ORIGIN (default http://localhost:$PORT).";
const { values, positionals } = parseOptions(
  { allowPositionals: true, options: { help: { type: "boolean", short: "h", default: false } } },
  USAGE,
);
const [command, ...extra] = positionals;
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const tokenCommand = command === "token" && extra[0] === "create" && extra.length === 2 && extra[1]!.trim() !== "";
if (!tokenCommand && ((command !== "reset" && command !== "status") || extra.length))
  fail(command ? `Unknown command '${[command, ...extra].join(" ")}'. ${USAGE}` : USAGE, 2);
// The server's own reading of the environment: the link's origin is the one the site answers on.
const parsed = parseEnv(process.env);
if (!parsed.ok) fail(`Invalid configuration: ${parsed.errors.join("; ")}`);
const env = parsed.env;
// A mistyped DATA_DIR must not get a fresh empty database (and a set-up link that works nowhere).
if (!env.DATABASE_URL) existingSqliteFile("the site's owner is stored there", { postgresToo: true });

const repo = await openStores({ DATA_DIR: env.DATA_DIR, DATABASE_URL: env.DATABASE_URL }).catch((error) =>
  fail(
    `Cannot open the database${env.DATABASE_URL ? ` at ${new URL(env.DATABASE_URL).host}` : ""}: ${describe(error)}`,
  ),
);
try {
  if (tokenCommand) {
    const { secret } = await createApiToken(repo, extra[1]!);
    console.log(
      `API token "${extra[1]!.trim().slice(0, 80)}" created. It is shown only this once (only its hash is stored):\n${secret}`,
    );
  } else if (command === "status") {
    const owner = await repo.getOwner();
    console.log(
      owner?.passwordHash
        ? `Owner set up; authenticator ${owner.totpEnabled ? "enrolled" : "not enrolled yet"}.`
        : "No owner yet.",
    );
  } else {
    // The site's own link secret: the emailed link and the one printed here are the same link.
    const links = createSignedLinks(await loadLinkSecret(env.LINK_SECRET, repo));
    const link = await resetOwner({ repo, links }, env.PUBLIC_ORIGIN);
    console.log(
      `Owner reset: every back-office session is signed out; recovery codes and passkeys are forgotten.\nOne-time set-up link (choose a new password, then scan the new code), also emailed to the owner:\n${link}`,
    );
  }
} finally {
  await repo.close();
}
