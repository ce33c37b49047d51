import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** A real S3-compatible server (s3rver) on a free port, its bucket in a temp dir. */
export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** The FILES_* variables that point the site at it. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3Server(bucket = "site-files"): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      FILES_STORAGE: "s3",
      FILES_S3_ENDPOINT: endpoint,
      FILES_S3_BUCKET: bucket,
      FILES_S3_ACCESS_KEY_ID: "S3RVER",
      FILES_S3_SECRET_ACCESS_KEY: "S3RVER",
      FILES_S3_FORCE_PATH_STYLE: "true",
    },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
