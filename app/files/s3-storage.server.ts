import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { Readable, Transform } from "node:stream";
import { assertSafeKey, type FileStorage, type StoredFile } from "./storage.ts";

export interface S3Settings {
  /** Unset: AWS's endpoint for the region. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/**
 * Files in an S3-compatible bucket (AWS, MinIO, R2, Scaleway…), so several instances share them.
 * A put streams through a multipart Upload (a few 5 MB parts in memory at most, never the whole
 * file); S3 publishes an object only when its upload completes, and an aborted upload is removed,
 * so a reader sees the whole file or none, as on the disk.
 */
export class S3FileStorage implements FileStorage {
  readonly kind = "s3" as const;
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Newer SDKs add CRC checksums by default, which several S3-compatible servers refuse.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  async put(key: string, body: Readable, contentType: string): Promise<{ size: number }> {
    assertSafeKey(key);
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.byteLength;
        done(null, chunk);
      },
    });
    // The source's error must reach the upload: a plain pipe() would leave it waiting forever.
    body.on("error", (error) => counter.destroy(error));
    body.pipe(counter);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counter, ContentType: contentType },
      leavePartsOnError: false,
    });
    const failed = new Promise<never>((_resolve, reject) => {
      counter.on("error", (error) => {
        void upload.abort().catch(() => undefined);
        reject(error);
      });
    });
    await Promise.race([upload.done(), failed]);
    return { size };
  }

  async get(key: string): Promise<StoredFile | null> {
    assertSafeKey(key);
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(result.Body instanceof Readable)) throw new Error("S3 GetObject did not return a Node stream");
      return { body: result.Body, size: result.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    // DeleteObject succeeds on a missing key: erasure is idempotent by S3's own rule.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404);
}
