// The data volume filling up, seen by the owner before the orders fail: on a small real volume
// (tmpfs, mounted by the test: the machines and CI of this project run the tests as root), the
// dashboard's "Data volume" tile turns red while /healthz still answers 200, and clears when space frees.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { ownerReset, setUpOwner } from "../support/admin.ts";
import { startServer, tempDataDir } from "../support/server.ts";

const MB = 1024 * 1024;
const admin = JSON.parse(fs.readFileSync(path.resolve("locales/en/admin.json"), "utf8"));

/** The "Data volume" tile of the dashboard: its text and whether it is marked as needing attention. */
function diskTile(html: string): { text: string; alert: boolean } {
  const tiles = html.match(/<div [^>]*><dt>[^<]*<\/dt><dd[^>]*>[^<]*<\/dd><\/div>/g) ?? [];
  const tile = tiles.find((markup) => markup.includes(`<dt>${admin.health.disk}</dt>`));
  expect(tile, "the dashboard shows the data volume").toBeDefined();
  return {
    text: tile!
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
    alert: tile!.includes('data-alert="true"'),
  };
}

test("a nearly full data volume: the dashboard warns the owner while orders still work, and clears when space frees", async () => {
  const volume = tempDataDir("site-volume-");
  execFileSync("mount", ["-t", "tmpfs", "-o", "size=100m", "tmpfs", volume]);
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    server = await startServer({ LOG_LEVEL: "silent", DATA_DIR: volume, OWNER_LANG: "en" });
    const { client } = await setUpOwner(
      server.url,
      ownerReset(server.dataDir, server.url),
      "correct horse battery staple",
    );
    const dashboard = async () => {
      const res = await client.get("/admin");
      expect(res.status).toBe(200);
      return diskTile(await res.text());
    };
    const roomy = await dashboard();
    expect(roomy.alert).toBe(false);
    expect(roomy.text).toMatch(/^Data volume \d+(\.\d)? MB free · backups \d+(\.\d)? (kB|MB)$/);

    // Leave 40 MB: under the warning line of a 100 MB volume (64 MB), above /healthz's 16 MB.
    const stats = fs.statfsSync(volume);
    const filler = path.join(volume, "filler.bin");
    fs.writeFileSync(filler, Buffer.alloc(stats.bavail * stats.bsize - 40 * MB, 1));
    const low = await dashboard();
    expect(low.alert).toBe(true);
    expect(low.text).toMatch(/^Data volume (3\d|4\d)(\.\d)? MB free/);
    expect((await fetch(`${server.url}/healthz`)).status, "still taking orders").toBe(200);

    fs.rmSync(filler);
    expect((await dashboard()).alert).toBe(false);
  } finally {
    await server?.stop();
    execFileSync("umount", [volume]);
    fs.rmSync(volume, { recursive: true, force: true });
  }
});
