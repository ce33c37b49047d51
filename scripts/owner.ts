// `npm run owner -- reset`: the owner lost their phone or password. Forgets the password and the
// authenticator, ends every back-office session at once (even while the server runs), and prints a
// new one-time set-up link. `npm run owner -- status` says whether an owner is set up.
import "./require-node.js";
import path from "node:path";
import { resetOwner } from "../app/auth/setup.server.ts";
import { openStores } from "../app/stores.server.ts";

const command = process.argv[2];
if (command !== "reset" && command !== "status") {
  console.log("Usage: npm run owner -- reset | status\nUses DATABASE_URL or DATA_DIR (default ./data), and PUBLIC_ORIGIN (default http://localhost:3000).");
  process.exit(command === "--help" || command === "-h" ? 0 : 2);
}
const origin = (process.env.PUBLIC_ORIGIN || "http://localhost:3000").replace(/\/+$/, "");
const repo = await openStores({ DATA_DIR: path.resolve(process.env.DATA_DIR || "./data"), DATABASE_URL: process.env.DATABASE_URL || undefined });
try {
  if (command === "status") {
    const owner = await repo.getOwner();
    console.log(owner?.passwordHash ? `Owner set up; authenticator ${owner.totpEnabled ? "enrolled" : "not enrolled yet"}.` : "No owner yet.");
  } else {
    const link = await resetOwner(repo, origin);
    console.log(`Owner reset: every back-office session is signed out.\nOne-time set-up link (choose a new password, then scan the new code):\n${link}`);
  }
} finally {
  await repo.close();
}
