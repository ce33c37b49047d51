import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Transform, type Readable } from "node:stream";
import { assertSafeKey, type FileStorage, type StoredFile } from "./storage.ts";

/**
 * Files on the local disk, under `<DATA_DIR>/files/<key>` (the embedded default: one instance, the
 * backup takes DATA_DIR along). A file is written to a temporary name beside its final one, synced,
 * then renamed: a reader sees the whole file or none, and a body that errors (a passed cap, a
 * dropped connection) leaves nothing behind.
 */
export class DiskFileStorage implements FileStorage {
  readonly kind = "disk" as const;
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(path.resolve(dataDir), "files");
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split("/"));
  }

  async put(key: string, body: Readable, _contentType: string): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString("hex")}.part`;
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.byteLength;
        done(null, chunk);
      },
    });
    try {
      // `flush`: the file is synced before it is closed, so the rename below publishes durable bytes.
      await pipeline(body, counter, fs.createWriteStream(temp, { flags: "wx", flush: true }));
    } catch (error) {
      await fs.promises.rm(temp, { force: true });
      throw error;
    }
    await fs.promises.rename(temp, target);
    return { size };
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.pathOf(key);
    try {
      const handle = await fs.promises.open(file, "r");
      const { size } = await handle.stat();
      return { body: handle.createReadStream(), size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    const base = path.join(this.root, ...prefix.replace(/\/+$/, "").split("/").filter(Boolean));
    const keys: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(dir, { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ENOTDIR")
          return;
        throw error;
      }
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (!entry.name.endsWith(".part")) keys.push(path.relative(this.root, full).split(path.sep).join("/"));
      }
    };
    await walk(base);
    return keys.filter((key) => key.startsWith(prefix)).sort();
  }
}
