/**
 * Where each starter template's thumbnail is stored: a key named by the hash of its design, so a restart
 * renders nothing again (seed.ts) and other modules can show a starter's thumbnail without reading the
 * templates tables (the demo data set's ads use them).
 */
import { createHash } from 'node:crypto';
import { filePath } from '../../uploads/index.js';
import { STARTER_TEMPLATES, type StarterTemplate } from './starter-templates.js';

/** The stored key of a starter template's thumbnail: `library/{key}/{hash of its design}.jpg`. */
export function libraryThumbnailKey(starter: Pick<StarterTemplate, 'key' | 'templateString'>): string {
  const hash = createHash('sha256').update(starter.templateString).digest('hex').slice(0, 16);
  return `library/${starter.key}/${hash}.jpg`;
}

export interface StarterThumbnail {
  key: string;
  name: string;
  width: number;
  height: number;
  /** The `/files/` address of the thumbnail the library seed stores (there once the seed job ran). */
  thumbnailUrl: string;
}

/** Every starter template's thumbnail, in the library's order. */
export function starterThumbnails(): StarterThumbnail[] {
  return STARTER_TEMPLATES.map((starter) => ({
    key: starter.key,
    name: starter.name,
    width: starter.width,
    height: starter.height,
    thumbnailUrl: filePath(libraryThumbnailKey(starter)),
  }));
}
