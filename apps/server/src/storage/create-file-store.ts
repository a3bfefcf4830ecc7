import path from 'node:path';
import type { Config } from '../config.js';
import { createDiskFileStore, type FileStore } from './file-store.js';
import { createS3FileStore } from './s3-file-store.js';

/**
 * The store of every stored file (uploads, catalogue files, creatives, thumbnails, MSAs) for this process:
 * the S3 bucket when S3 is configured, where browsers upload too and every process of a fleet reads, else
 * `{DATA_DIR}/files` on the local disk.
 */
export function createFileStore(config: Pick<Config, 'dataDir' | 's3'>): FileStore {
  return config.s3 ? createS3FileStore(config.s3) : createDiskFileStore(path.join(config.dataDir, 'files'));
}
