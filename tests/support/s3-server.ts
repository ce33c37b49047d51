import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { S3FileStorage } from "../../app/files/s3-storage.server.ts";
import { shellWord, watchServer } from "./watchdog.ts";

/** A real S3-compatible server (s3rver) on a free port, its bucket in a temp dir. */
export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** The temp directory holding the bucket; removed at stop, or by the watchdog if this process dies first. */
  directory: string;
  /** The FILES_* variables that point the site at it. */
  env: Record<string, string>;
  /** Every key in the bucket under `prefix`, read over S3 (what a server wrote there). */
  keys(prefix?: string): Promise<string[]>;
  stop(): Promise<void>;
}

export async function startS3Server(bucket = "site-files"): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  // s3rver runs inside this process, so it ends with it; a run killed from outside would still
  // leave its bucket's directory behind: the watchdog removes it once this process is gone.
  const watchdog = watchServer(process.pid, `rm -rf ${shellWord(directory)}`);
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    FILES_STORAGE: "s3",
    FILES_S3_ENDPOINT: endpoint,
    FILES_S3_BUCKET: bucket,
    FILES_S3_ACCESS_KEY_ID: "S3RVER",
    FILES_S3_SECRET_ACCESS_KEY: "S3RVER",
    FILES_S3_FORCE_PATH_STYLE: "true",
  };
  const client = new S3FileStorage({
    endpoint,
    bucket,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  });
  return {
    endpoint,
    bucket,
    directory,
    env,
    keys: (prefix = "") => client.list(prefix),
    async stop() {
      watchdog.cancel();
      client.client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
