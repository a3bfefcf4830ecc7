/**
 * Renders every starter template with the sample products to `.tmp/library/<key>.png` (on sale), to
 * look at the designs. With `--variants` it also writes `<key>.off-sale.png`, `<key>.long.png` and
 * `<key>.long-off-sale.png` (the longest catalogue values the templates must hold).
 *
 *   npx tsx apps/server/src/modules/templates/library/render-starter-templates.ts [--variants]
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { render } from '@adloom/renderer/server';
import {
  LONG_CATALOGUE_VALUES,
  sampleImageLoader,
  sampleIndexFor,
  sampleProductImages,
  sampleRenderRequest,
  type SampleRequestOptions,
} from './sample-products.js';
import { STARTER_TEMPLATES } from './starter-templates.js';

const outputDirectory = fileURLToPath(new URL('../../../../../../.tmp/library/', import.meta.url));

const variants: ReadonlyArray<[suffix: string, options: SampleRequestOptions]> = process.argv.includes(
  '--variants',
)
  ? [
      ['', {}],
      ['.off-sale', { onSale: false }],
      ['.long', { metadata: LONG_CATALOGUE_VALUES }],
      ['.long-off-sale', { metadata: LONG_CATALOGUE_VALUES, onSale: false }],
    ]
  : [['', {}]];

const images = await sampleProductImages();
const loadImage = sampleImageLoader(images);
await mkdir(outputDirectory, { recursive: true });
for (const template of STARTER_TEMPLATES) {
  for (const [suffix, options] of variants) {
    const request = sampleRenderRequest(template.templateString, sampleIndexFor(template), options);
    const result = await render(request, { loadImage });
    const file = `${outputDirectory}${template.key}${suffix}.png`;
    await writeFile(file, result.bytes);
    const warnings = result.warnings.length > 0 ? ` (warnings: ${result.warnings.join('; ')})` : '';
    console.log(`${file}${warnings}`);
  }
}
