import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3FilesConfig } from './s3-blobs.ts';

export interface LocalS3 {
  config: S3FilesConfig;
  /** The folder s3rver keeps objects in, to read what is really at rest. */
  directory: string;
  /** The stored body of an object, as s3rver keeps it on disk; null when there is none. */
  rawObject(key: string): Buffer | null;
  /** Overwrites an object's stored body behind the SDK's back (tampering tests). */
  writeRawObject(key: string, body: Buffer): void;
  stop(): Promise<void>;
}

/**
 * An S3-compatible server for tests: s3rver on a free port of 127.0.0.1, objects in a fresh temp
 * folder, one bucket. stop() closes it and removes the folder.
 */
export async function startLocalS3(bucket = 'sahay-test'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  // s3rver's file layout: <directory>/<bucket>/<key>._S3rver_object (plus metadata and md5 files).
  const objectPath = (key: string) => path.join(directory, bucket, `${key}._S3rver_object`);
  return {
    directory,
    config: {
      kind: 's3',
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      // s3rver's built-in account.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    rawObject(key) {
      return fs.existsSync(objectPath(key)) ? fs.readFileSync(objectPath(key)) : null;
    },
    writeRawObject(key, body) {
      fs.writeFileSync(objectPath(key), body);
    },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
