import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { FilesConfig } from '#server/config';
import type { BlobBackend } from './blob-backend.ts';

export type S3FilesConfig = Extract<FilesConfig, { kind: 's3' }>;

/** Every object this app writes is `files/<file ID>`: a random UUID, nothing about a person. */
export const S3_KEY_PREFIX = 'files/';
const KEY = /^files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function s3KeyOf(fileId: string): string {
  return `${S3_KEY_PREFIX}${fileId}`;
}

/**
 * Ciphertext as objects in an S3-compatible bucket (AWS S3, MinIO, R2, Ceph...). The body is the
 * sealed bytes (already authenticated by AES-GCM), so the SDK's newer default CRC checksums are
 * asked for only where the API requires them: several S3-compatible servers refuse or mangle them.
 */
export class S3Blobs implements BlobBackend {
  readonly storage = 's3' as const;
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #endpoint: string;

  constructor(config: S3FilesConfig) {
    this.#bucket = config.bucket;
    this.#endpoint = config.endpoint;
    this.#client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async write(fileId: string, ciphertext: Buffer): Promise<null> {
    await this.#client.send(
      new PutObjectCommand({ Bucket: this.#bucket, Key: s3KeyOf(fileId), Body: ciphertext, ContentType: 'application/octet-stream', ContentLength: ciphertext.length }),
    );
    return null;
  }

  async read(fileId: string): Promise<Buffer | null> {
    try {
      const object = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: s3KeyOf(fileId) }));
      if (!object.Body) return null;
      return Buffer.from(await object.Body.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  }

  async delete(fileIds: readonly string[]): Promise<void> {
    // One by one: DeleteObjects needs a Content-MD5 or CRC that not every S3-compatible server
    // takes, and deletions are few (a removal, an erasure, a sweep).
    for (const fileId of fileIds) {
      await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: s3KeyOf(fileId) }));
    }
  }

  async *listOlderThan(before: Date): AsyncIterable<string[]> {
    let continuationToken: string | undefined;
    do {
      const page = await this.#client.send(
        new ListObjectsV2Command({ Bucket: this.#bucket, Prefix: S3_KEY_PREFIX, ContinuationToken: continuationToken, MaxKeys: 1000 }),
      );
      const fileIds: string[] = [];
      for (const object of page.Contents ?? []) {
        const fileId = object.Key ? KEY.exec(object.Key)?.[1] : undefined;
        // Something under files/ that this app did not name is left alone.
        if (fileId && object.LastModified && object.LastModified < before) fileIds.push(fileId);
      }
      yield fileIds;
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  async check(): Promise<void> {
    try {
      await this.#client.send(new HeadBucketCommand({ Bucket: this.#bucket }));
    } catch (error) {
      const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
      const reason =
        status === 404 ? 'the bucket does not exist' : status === 403 || status === 401 ? 'the access keys are refused' : `it does not answer (${error instanceof Error ? error.message : String(error)})`;
      throw new Error(`File storage: S3_BUCKET "${this.#bucket}" at S3_ENDPOINT ${this.#endpoint} cannot be used: ${reason}.`, { cause: error });
    }
  }

  close(): void {
    this.#client.destroy();
  }
}
