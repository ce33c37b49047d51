// tools/fix-lock.js only adds what the registry mirror lacks, and .ci/run's use
// of it leaves the tracked lock file as it was.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { completeLock } from "./fix-lock.js";

const script = path.resolve(import.meta.dirname, "fix-lock.js");
const hashed = {
  version: "4.3.5",
  resolved: "https://registry.npmjs.org/@tailwindcss/oxide-linux-x64-gnu/-/x.tgz",
  integrity: "sha512-AAAA",
  optional: true,
  os: ["linux"],
  cpu: ["x64"],
};
const lock = {
  name: "p",
  lockfileVersion: 3,
  packages: {
    "": { name: "p" },
    "node_modules/@tailwindcss/oxide": {
      version: "4.3.5",
      dev: true,
      optionalDependencies: { "@tailwindcss/oxide-linux-x64-gnu": "4.3.5", "@tailwindcss/oxide-darwin-arm64": "4.3.5" },
    },
    "node_modules/@tailwindcss/oxide-linux-x64-gnu": hashed,
  },
};
// Formatting npm would not write, so that any rewrite of the file shows.
const text = JSON.stringify(lock, null, 4);

describe("tools/fix-lock.js", () => {
  test("adds the missing platform entry without a hash; never changes an entry that has one; nothing to add leaves the text as it is", () => {
    const { text: fixed, added } = completeLock(text);
    expect(added).toBe(1);
    const packages = JSON.parse(fixed).packages;
    expect(packages["node_modules/@tailwindcss/oxide-linux-x64-gnu"]).toEqual(hashed);
    expect(packages["node_modules/@tailwindcss/oxide-darwin-arm64"]).toEqual({
      version: "4.3.5",
      dev: true,
      optional: true,
      os: ["darwin"],
      cpu: ["arm64"],
    });
    expect(completeLock(fixed)).toEqual({ text: fixed, added: 0 });
    const complete = JSON.stringify(
      {
        ...lock,
        packages: { ...lock.packages, "node_modules/@tailwindcss/oxide-darwin-arm64": { ...hashed, version: "4.3.5" } },
      },
      null,
      4,
    );
    expect(completeLock(complete)).toEqual({ text: complete, added: 0 });
  });

  test("--while runs the command on the completed lock, then puts the file back byte for byte (.ci/run)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fix-lock-"));
    fs.writeFileSync(path.join(dir, "package-lock.json"), text);
    const seen = path.join(dir, "seen.json");
    const run = spawnSync(
      process.execPath,
      [
        script,
        "--while",
        process.execPath,
        "-e",
        `require("fs").copyFileSync("package-lock.json", ${JSON.stringify(seen)})`,
      ],
      { cwd: dir, encoding: "utf8" },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(
      JSON.parse(fs.readFileSync(seen, "utf8")).packages["node_modules/@tailwindcss/oxide-darwin-arm64"],
    ).toBeDefined();
    expect(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8")).toBe(text);
    // The command's failure is passed on, and the file is still put back.
    const failing = spawnSync(process.execPath, [script, "--while", process.execPath, "-e", "process.exit(3)"], {
      cwd: dir,
      encoding: "utf8",
    });
    expect(failing.status).toBe(3);
    expect(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8")).toBe(text);
  });
});
