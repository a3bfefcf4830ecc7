/**
 * `adloom-render`: renders a template with a request from files.
 *
 *   adloom-render --template t.svg --request r.json --out ad.png [--format png|jpeg|webp] [--quality 90]
 *
 * Image inputs, logos and fonts may be URLs or file paths; relative paths are read from the request
 * file's folder. The format defaults to the output file's extension.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeError } from '../resolve/errors.js';
import { fileFontSource } from './fonts.js';
import { OUTPUT_FORMATS, type OutputFormat } from './rasterise.js';
import { render } from './render.js';

const USAGE = `Usage: adloom-render --template t.svg --request r.json --out ad.png [--format png|jpeg|webp] [--quality 90]
  --template  the SVG template (overrides the request's template)
  --request   the render request as JSON: inputs, metadata, additionalFiles (optional)
  --out       where to write the image
  --format    png, jpeg or webp (default: from --out's extension, else png)
  --quality   JPEG and WebP quality, 1 to 100 (default 90)`;

const SCHEME = /^[a-z][a-z\d+.-]*:/i;

/** A relative path becomes absolute against `base`; URLs (and absolute paths) stay. */
export function resolveSource(value: unknown, base: string): unknown {
  if (typeof value !== 'string' || value.trim() === '' || SCHEME.test(value)) return value;
  return path.resolve(base, value);
}

/** The request with every image and font source resolved against the request file's folder. */
export function withLocalSources(request: Record<string, unknown>, base: string): Record<string, unknown> {
  const inputs = Array.isArray(request.inputs)
    ? request.inputs.map((entry: unknown) =>
        typeof entry === 'object' && entry !== null
          ? { ...entry, input: resolveSource((entry as { input?: unknown }).input, base) }
          : resolveSource(entry, base),
      )
    : request.inputs;
  const files = (request.additionalFiles ?? {}) as { logos?: unknown; fonts?: unknown };
  const mapList = (list: unknown, key: string): unknown =>
    Array.isArray(list)
      ? list.map((entry: unknown) =>
          typeof entry === 'object' && entry !== null
            ? { ...entry, [key]: resolveSource((entry as Record<string, unknown>)[key], base) }
            : entry,
        )
      : list;
  return {
    ...request,
    inputs,
    additionalFiles: {
      ...files,
      logos: mapList(files.logos, 'input'),
      fonts: mapList(files.fonts, 'fontUrl'),
    },
    extraFonts: mapList(request.extraFonts, 'fontUrl'),
  };
}

function formatOf(value: string | undefined, out: string): OutputFormat {
  const wanted = (value ?? path.extname(out).slice(1).toLowerCase().replace(/^jpg$/, 'jpeg')) || 'png';
  if (!OUTPUT_FORMATS.includes(wanted as OutputFormat)) {
    if (value === undefined) return 'png';
    throw new Error(`--format must be png, jpeg or webp, got ${value}`);
  }
  return wanted as OutputFormat;
}

/** Runs the command line; returns the exit code. */
export async function main(argv: readonly string[], log = console): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: [...argv],
      options: {
        template: { type: 'string' },
        request: { type: 'string' },
        out: { type: 'string' },
        format: { type: 'string' },
        quality: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (error) {
    log.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    log.log(USAGE);
    return 0;
  }
  if (!args.out || (!args.template && !args.request)) {
    log.error(`--out and --template (or a --request with a template) are required.\n${USAGE}`);
    return 2;
  }
  try {
    const started = performance.now();
    const requestFile = args.request ? path.resolve(args.request) : undefined;
    const request = requestFile
      ? (JSON.parse(await readFile(requestFile, 'utf8')) as Record<string, unknown>)
      : {};
    if (typeof request !== 'object' || request === null || Array.isArray(request)) {
      throw new Error(`${args.request} must hold a JSON object`);
    }
    if (args.template) request.template = await readFile(args.template, 'utf8');
    const base = requestFile ? path.dirname(requestFile) : process.cwd();
    const format = formatOf(args.format, args.out);
    const quality = args.quality === undefined ? undefined : Number(args.quality);
    const result = await render(withLocalSources(request, base), {
      format,
      ...(quality === undefined ? {} : { quality }),
      images: { allowFiles: true },
      fonts: fileFontSource({ allowFiles: true }),
      onWarning: (message) => log.error(`warning: ${message}`),
    });
    await writeFile(args.out, result.bytes);
    const ms = Math.round(performance.now() - started);
    log.log(
      `${args.out}: ${result.width}×${result.height} ${format}, ${Math.round(result.bytes.length / 1024)} kB, ` +
        `dynamicLayerCount ${result.dynamicLayerCount}, ${ms} ms`,
    );
    return 0;
  } catch (error) {
    log.error(`adloom-render: ${describeError(error)}`);
    return 1;
  }
}
