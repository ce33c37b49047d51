import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
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
  /** Keys per listing page (S3's own default 1000; tests use a small one to prove the paging). */
  listPageSize?: number;
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
  private readonly listPageSize: number | undefined;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.listPageSize = settings.listPageSize;
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
    // ListObjects (v1) paged by Marker = the last key seen: every S3-compatible server answers it
    // the same way, where v2's opaque continuation tokens are where small servers differ (s3rver's
    // need a cipher Node 24's OpenSSL no longer has). Keys come in UTF-8 binary order, so the last
    // key of a page is where the next one starts.
    const keys: string[] = [];
    let marker: string | undefined;
    for (;;) {
      const page = await this.client.send(
        new ListObjectsCommand({ Bucket: this.bucket, Prefix: prefix, Marker: marker, MaxKeys: this.listPageSize }),
      );
      const contents = page.Contents ?? [];
      for (const object of contents) if (object.Key) keys.push(object.Key);
      const last = contents.at(-1)?.Key;
      if (!page.IsTruncated || !last) break;
      marker = last;
    }
    return keys.sort();
  }
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404)
  );
}
