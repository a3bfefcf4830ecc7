/**
 * The builder's own document, stored as JSON in the template's <metadata> (template-format.md section 1).
 * This file holds the current shape (version 1) and its validator; migrations.ts upgrades older ones.
 */
import { BUILDER } from './constants.js';
import { HORIZONTAL_ALIGNMENTS, VERTICAL_ALIGNMENTS } from './ids.js';
import { defaultLayerData, DYNAMIC_LAYER_TYPES, WIDGET_TYPES, type LayerData } from './layerData.js';

export const BUILDER_DOCUMENT_VERSION = 1;

/** One layer of the builder document: its SVG id, the spec's layer data, and a text layer's template string. */
export interface BuilderLayer extends LayerData {
  /** The layer's `id` attribute in the SVG (template-format.md section 2). */
  id: string;
  /** The template string of a text layer (its `title` attribute); null for every other layer. */
  text: string | null;
}

/** The builder document, version 1. */
export interface BuilderDocument {
  version: typeof BUILDER_DOCUMENT_VERSION;
  name: string;
  width: number;
  height: number;
  backgroundColor: string;
  constrainProportions: boolean;
  /** In drawing order, bottom first. */
  layers: BuilderLayer[];
}

/** Thrown when a document cannot be read; `path` points at the offending field. */
export class BuilderDocumentError extends Error {
  override name = 'BuilderDocumentError';

  constructor(
    readonly path: string,
    problem: string,
  ) {
    super(`Builder document ${path}: ${problem}`);
  }
}

/** A new document with the spec's defaults: 'New Template', 1080 x 1080, white, proportions locked. */
export function createBuilderDocument(
  overrides: Partial<Omit<BuilderDocument, 'version'>> = {},
): BuilderDocument {
  return {
    version: BUILDER_DOCUMENT_VERSION,
    name: BUILDER.defaultName,
    width: BUILDER.defaultWidth,
    height: BUILDER.defaultHeight,
    backgroundColor: BUILDER.defaultBackgroundColor,
    constrainProportions: BUILDER.defaultConstrainProportions,
    layers: [],
    ...overrides,
  };
}

/** A new layer with the spec's default layer data. */
export function createBuilderLayer(
  id: string,
  overrides: Partial<Omit<BuilderLayer, 'id'>> = {},
): BuilderLayer {
  return { ...defaultLayerData(), id, text: null, ...overrides };
}

/** True for a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type FieldCheck<T> = (value: unknown) => value is T;

const isString: FieldCheck<string> = (value): value is string => typeof value === 'string';
const isBoolean: FieldCheck<boolean> = (value): value is boolean => typeof value === 'boolean';
const isFiniteNumber: FieldCheck<number> = (value): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const nullable =
  <T>(check: FieldCheck<T>): FieldCheck<T | null> =>
  (value): value is T | null =>
    value === null || check(value);
const oneOf =
  <T extends string>(options: readonly T[]): FieldCheck<T> =>
  (value): value is T =>
    typeof value === 'string' && (options as readonly string[]).includes(value);

/** Reads one field: missing means the default, present with the wrong type is an error. */
function field<T>(
  source: Record<string, unknown>,
  key: string,
  check: FieldCheck<T>,
  fallback: T,
  path: string,
  expected: string,
): T {
  if (!Object.hasOwn(source, key) || source[key] === undefined) return fallback;
  const value = source[key];
  if (!check(value))
    throw new BuilderDocumentError(path === '' ? key : `${path}.${key}`, `must be ${expected}`);
  return value;
}

function readLayer(value: unknown, path: string): BuilderLayer {
  if (!isJsonObject(value)) throw new BuilderDocumentError(path, 'must be an object');
  const d = createBuilderLayer('');
  const read = <T>(key: keyof BuilderLayer, check: FieldCheck<T>, fallback: T, expected: string): T =>
    field(value, key, check, fallback, path, expected);
  const id = read('id', isString, '', 'a string');
  if (id === '') throw new BuilderDocumentError(`${path}.id`, 'must be a non-empty string');
  return {
    id,
    text: read('text', nullable(isString), d.text, 'a string or null'),
    name: read('name', isString, d.name, 'a string'),
    dynamicLayerType: read(
      'dynamicLayerType',
      nullable(oneOf(DYNAMIC_LAYER_TYPES)),
      d.dynamicLayerType,
      'a dynamic layer type or null',
    ),
    dynamicLayerVerticalAlignment: read(
      'dynamicLayerVerticalAlignment',
      oneOf(VERTICAL_ALIGNMENTS),
      d.dynamicLayerVerticalAlignment,
      'TOP, MIDDLE or BOTTOM',
    ),
    dynamicLayerHorizontalAlignment: read(
      'dynamicLayerHorizontalAlignment',
      oneOf(HORIZONTAL_ALIGNMENTS),
      d.dynamicLayerHorizontalAlignment,
      'LEFT, CENTER or RIGHT',
    ),
    widgetType: read('widgetType', nullable(oneOf(WIDGET_TYPES)), d.widgetType, 'RATING or null'),
    isContain: read('isContain', isBoolean, d.isContain, 'a boolean'),
    isSale: read('isSale', isBoolean, d.isSale, 'a boolean'),
    removeBackground: read('removeBackground', isBoolean, d.removeBackground, 'a boolean'),
    removeBorders: read('removeBorders', isBoolean, d.removeBorders, 'a boolean'),
    removeBordersHard: read('removeBordersHard', isBoolean, d.removeBordersHard, 'a boolean'),
    thumbnail: read('thumbnail', nullable(isString), d.thumbnail, 'a string or null'),
    isDynamicColor: read('isDynamicColor', isBoolean, d.isDynamicColor, 'a boolean'),
    dynamicColorSource: read(
      'dynamicColorSource',
      nullable(isString),
      d.dynamicColorSource,
      'a string or null',
    ),
    stockLevelLessThan10: read('stockLevelLessThan10', isBoolean, d.stockLevelLessThan10, 'a boolean'),
    stockLevelLessThan50: read('stockLevelLessThan50', isBoolean, d.stockLevelLessThan50, 'a boolean'),
    slideDuration: read('slideDuration', isFiniteNumber, d.slideDuration, 'a number'),
    transition: read('transition', isFiniteNumber, d.transition, 'a number'),
    maxSlides: read('maxSlides', isFiniteNumber, d.maxSlides, 'a number'),
    slotNumber: read('slotNumber', nullable(isFiniteNumber), d.slotNumber, 'a number or null'),
    slotName: read('slotName', nullable(isString), d.slotName, 'a string or null'),
  };
}

/**
 * Validates a version-1 document. Missing fields take their defaults, so adding an optional field needs
 * no migration; a field of the wrong type, or two layers with one id, is an error.
 */
export function validateBuilderDocument(value: unknown): BuilderDocument {
  if (!isJsonObject(value)) throw new BuilderDocumentError('document', 'must be an object');
  if (value.version !== BUILDER_DOCUMENT_VERSION) {
    throw new BuilderDocumentError('version', `must be ${BUILDER_DOCUMENT_VERSION}`);
  }
  const d = createBuilderDocument();
  const layersValue = field(value, 'layers', Array.isArray, [] as unknown[], '', 'an array');
  const layers = layersValue.map((layer, index) => readLayer(layer, `layers[${index}]`));
  const seen = new Set<string>();
  layers.forEach((layer, index) => {
    if (seen.has(layer.id))
      throw new BuilderDocumentError(`layers[${index}].id`, `'${layer.id}' is used twice`);
    seen.add(layer.id);
  });
  return {
    version: BUILDER_DOCUMENT_VERSION,
    name: field(value, 'name', isString, d.name, '', 'a string'),
    width: field(value, 'width', isFiniteNumber, d.width, '', 'a number'),
    height: field(value, 'height', isFiniteNumber, d.height, '', 'a number'),
    backgroundColor: field(value, 'backgroundColor', isString, d.backgroundColor, '', 'a string'),
    constrainProportions: field(
      value,
      'constrainProportions',
      isBoolean,
      d.constrainProportions,
      '',
      'a boolean',
    ),
    layers,
  };
}
