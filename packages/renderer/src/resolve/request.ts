/**
 * The render request of spec section 3, and its validation: requests come from JSON (the API, the
 * command line), so every field is checked once here and the rules can trust the result.
 */
import type { Metadata, MetadataValue } from '@adloom/template';
import { RendererError } from './errors.js';

/** One input image: its URL (or path, on the command line) and the colour COLOR_PRIMARY layers take. */
export interface RenderInput {
  input?: string | null;
  color?: string | null;
}

/** A logo of additionalFiles: matched to logo layers by its key appearing in the layer id. */
export interface LogoFile {
  key: string;
  input: string;
}

/** A custom (brand kit) font: its file URL and family name (`name` in the simplified call). */
export interface FontFile {
  fontUrl: string;
  fontFamily?: string;
  name?: string;
}

/** A render request as the API and the command line send it (spec section 3). */
export interface RenderRequest {
  /** The SVG template text (`templateAsString` wins when both are given). */
  template?: string;
  templateAsString?: string;
  inputs?: readonly RenderInput[];
  metadata?: Metadata;
  additionalFiles?: { logos?: readonly LogoFile[]; fonts?: readonly FontFile[] };
  /** More custom fonts, same shape as additionalFiles.fonts; plain family names are accepted and ignored. */
  extraFonts?: readonly (FontFile | string)[];
  /** The browser draws on a visible canvas unless false; false is the spec's off-screen mode. */
  addToDOM?: boolean;
}

/** A custom font after validation. */
export interface CustomFont {
  url: string;
  family: string;
}

/** A request after validation: every field present and of the right type. */
export interface NormalizedRequest {
  template: string;
  inputs: { input: string | undefined; color: string | undefined }[];
  metadata: Metadata;
  logos: LogoFile[];
  fonts: CustomFont[];
  addToDOM: boolean;
}

class InvalidRequest extends RendererError {
  override name = 'InvalidRequest';
  constructor(reason: string) {
    super(`Invalid render request: ${reason}`, reason);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function optionalText(value: unknown, where: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new InvalidRequest(`${where} must be text`);
  return value.trim() === '' ? undefined : value;
}

function list(value: unknown, where: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new InvalidRequest(`${where} must be a list`);
  return value;
}

function metadataOf(value: unknown): Metadata {
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) throw new InvalidRequest('metadata must be an object of keys and values');
  const metadata = Object.create(null) as Record<string, MetadataValue>;
  for (const [key, entry] of Object.entries(value)) {
    const ok = entry === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof entry);
    if (!ok) throw new InvalidRequest(`metadata.${key} must be text, a number, a boolean or null`);
    metadata[key] = entry as MetadataValue;
  }
  return metadata;
}

function fontOf(value: unknown, where: string): CustomFont | undefined {
  if (typeof value === 'string') return undefined;
  if (!isRecord(value)) throw new InvalidRequest(`${where} must be an object with fontUrl and fontFamily`);
  const url = optionalText(value.fontUrl, `${where}.fontUrl`);
  const family =
    optionalText(value.fontFamily, `${where}.fontFamily`) ?? optionalText(value.name, `${where}.name`);
  if (!url || !family) throw new InvalidRequest(`${where} needs a fontUrl and a fontFamily (or name)`);
  return { url, family: family.trim() };
}

/** Checks a request from JSON and fills defaults; throws 'Invalid render request: …' naming the field. */
export function normalizeRequest(value: unknown): NormalizedRequest {
  if (!isRecord(value)) throw new InvalidRequest('the request must be an object');
  const template =
    optionalText(value.templateAsString, 'templateAsString') ?? optionalText(value.template, 'template');
  if (template === undefined) throw new InvalidRequest('template (the SVG text) is missing');
  const inputs = list(value.inputs, 'inputs').map((entry, index) => {
    if (typeof entry === 'string')
      return { input: optionalText(entry, `inputs[${index}]`), color: undefined };
    if (!isRecord(entry)) throw new InvalidRequest(`inputs[${index}] must be an object with input and color`);
    return {
      input: optionalText(entry.input, `inputs[${index}].input`),
      color: optionalText(entry.color, `inputs[${index}].color`),
    };
  });
  const files = value.additionalFiles ?? {};
  if (!isRecord(files)) throw new InvalidRequest('additionalFiles must be an object');
  const logos = list(files.logos, 'additionalFiles.logos').map((entry, index) => {
    const where = `additionalFiles.logos[${index}]`;
    if (!isRecord(entry)) throw new InvalidRequest(`${where} must be an object with key and input`);
    const key = optionalText(entry.key, `${where}.key`);
    const input = optionalText(entry.input, `${where}.input`);
    if (!key || !input) throw new InvalidRequest(`${where} needs a key and an input`);
    return { key, input };
  });
  const fonts = [
    ...list(files.fonts, 'additionalFiles.fonts').map((entry, i) =>
      fontOf(entry, `additionalFiles.fonts[${i}]`),
    ),
    ...list(value.extraFonts, 'extraFonts').map((entry, i) => fontOf(entry, `extraFonts[${i}]`)),
  ].filter((font): font is CustomFont => font !== undefined);
  if (value.addToDOM !== undefined && typeof value.addToDOM !== 'boolean') {
    throw new InvalidRequest('addToDOM must be true or false');
  }
  return {
    template,
    inputs,
    metadata: metadataOf(value.metadata),
    logos,
    fonts,
    addToDOM: value.addToDOM ?? true,
  };
}
