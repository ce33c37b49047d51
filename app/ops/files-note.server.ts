import path from "node:path";
import { DiskFileStorage } from "../files/disk-storage.server.ts";

/**
 * The one line the backup and the SQLite → PostgreSQL copy print about briefs' and deliveries'
 * files: both commands copy the database only, and the files live beside it (DATA_DIR/files) or in
 * an S3 bucket. Saying what to copy, with the count found on disk, beats a backup that silently
 * restores orders whose files are gone.
 */
export interface FilesSettings {
  DATA_DIR?: string;
  FILES_STORAGE?: string;
  FILES_S3_BUCKET?: string;
}

export async function filesNote(command: "backup" | "copy", env: FilesSettings): Promise<string> {
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  const disk = new DiskFileStorage(dataDir);
  const count = (await disk.list("orders/")).length;
  const files = `${count} file${count === 1 ? "" : "s"}`;
  const verb = (one: string, many: string) => (count === 1 ? one : many);
  const holds = command === "backup" ? "this backup holds the database only" : "PostgreSQL now holds the database only";
  if (env.FILES_STORAGE === "s3") {
    const bucket = env.FILES_S3_BUCKET ?? "(FILES_S3_BUCKET)";
    if (count > 0)
      return `Files: ${holds}, and ${files} ${verb("is", "are")} still in ${disk.root} while FILES_STORAGE=s3: copy them into the bucket (aws s3 sync ${disk.root}/orders s3://${bucket}/orders).`;
    return command === "backup"
      ? `Files: ${holds}; briefs' and deliveries' files are in the S3 bucket ${bucket}: keep its versioning or your provider's backups on.`
      : `Files: ${holds}; briefs' and deliveries' files are in the S3 bucket ${bucket}, which every instance reads: nothing to copy.`;
  }
  return command === "backup"
    ? `Files: ${holds}; copy ${disk.root} (${files}) along with it, e.g. rsync -a ${disk.root}/ /elsewhere/files/.`
    : `Files: ${holds}; the ${files} ${verb("stays", "stay")} in ${disk.root}: keep that directory for the site, or for several instances copy it into an S3 bucket (aws s3 sync ${disk.root}/orders s3://BUCKET/orders) and set FILES_STORAGE=s3.`;
}
