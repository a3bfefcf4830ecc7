/**
 * Seeds the starter library into every installation (issue 4, part 6): each starter template becomes a
 * library template (a new version when its design changed), with a thumbnail rendered by the server
 * renderer from the sample products and stored under a key named by the template's content hash, so a
 * restart renders nothing again.
 */
import { render } from '@adloom/renderer/server';
import sharp from 'sharp';
import type { AppDeps } from '../../../deps.js';
import { filePath } from '../../uploads/index.js';
import { upsertLibraryTemplate } from '../templates.service.js';
import {
  sampleImageLoader,
  sampleIndexFor,
  sampleProductImages,
  sampleRenderRequest,
} from './sample-products.js';
import { STARTER_TEMPLATES } from './starter-templates.js';
import { libraryThumbnailKey } from './thumbnails.js';

/** Library thumbnails: JPEG, at most this many pixels on the long side (the grid shows them small). */
const THUMBNAIL_LONG_SIDE = 540;

/** Writes the starter library; returns how many templates were created or changed. */
export async function seedTemplateLibrary(
  deps: Pick<AppDeps, 'db' | 'files' | 'config' | 'log'>,
): Promise<number> {
  let images: Map<string, Buffer> | undefined;
  let written = 0;
  for (const starter of STARTER_TEMPLATES) {
    const key = libraryThumbnailKey(starter);
    if (!(await deps.files.exists(key))) {
      images ??= await sampleProductImages();
      const scale = THUMBNAIL_LONG_SIDE / Math.max(starter.width, starter.height);
      // A product of the template's industry, so the thumbnail shows what the design is for.
      const request = sampleRenderRequest(starter.templateString, sampleIndexFor(starter));
      const { bytes } = await render(request, {
        format: 'jpeg',
        quality: 82,
        loadImage: sampleImageLoader(images),
      });
      const thumbnail = await sharp(bytes)
        .resize({ width: Math.round(starter.width * scale), height: Math.round(starter.height * scale) })
        .jpeg({ quality: 82 })
        .toBuffer();
      await deps.files.put(key, thumbnail, { contentType: 'image/jpeg' });
    }
    const changed = await upsertLibraryTemplate(deps.db, {
      key: starter.key,
      name: starter.name,
      templateString: starter.templateString,
      // A path of this site (GET /files/ reads deps.files, the disk or the bucket), so a change of
      // PUBLIC_URL leaves it valid.
      thumbnailUrl: filePath(key),
      styleTags: starter.styleTags,
      industryTag: starter.industryTag,
    });
    if (changed) written += 1;
  }
  if (written > 0) deps.log.info(`template library: ${written} starter templates written`);
  return written;
}
