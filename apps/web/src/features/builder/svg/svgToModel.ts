/**
 * svgToModel: reads a template made with the builder back into a model; exactly what modelToSvg writes,
 * and the starter library's templates (apps/server library), which use the same vocabulary plus circles,
 * free transforms and a background layer. Layer data comes from the ids (what the renderer and the
 * server act on), names and thumbnails from the builder document in <metadata>.
 */
import { parseXml, serializeXml, type XmlElement, type XmlNode } from '@adloom/renderer/xml';
import {
  BUILDER_ERRORS,
  idToLayerData,
  isPlainLayerId,
  isRatingLayerId,
  parseFontWeight,
  readBuilderDocument,
  type BuilderLayer,
} from '@adloom/template';
import {
  DEFAULT_RATING,
  DEFAULT_TEXT,
  DEFINITION_ELEMENTS,
  assignLayerIds,
  checkRoleFitsKind,
  createUid,
  localizePath,
  normalizeLayer,
  roundLength,
  textBoxHeight,
  type BuilderModel,
  type DefinitionElement,
  type LayerCommon,
  type ModelDefinition,
  type ModelLayer,
  type Placement,
  type Point,
  type ShapeStyle,
  type TextAlign,
  type TextFit,
  membersBox,
  moveMembers,
  usedDefinitions,
} from '../model/index.js';
import { readPlacement } from './transform.js';

/** Elements that draw nothing by themselves and are not layers. */
const NOT_LAYERS = new Set([
  'metadata',
  'defs',
  'desc',
  'title',
  'style',
  'linearGradient',
  'radialGradient',
  'clipPath',
  'pattern',
  'mask',
  'filter',
  'symbol',
  'marker',
]);

function localName(node: XmlElement): string {
  return node.name.slice(node.name.indexOf(':') + 1);
}

function attr(node: XmlElement, name: string): string | undefined {
  return Object.hasOwn(node.attributes, name) ? node.attributes[name] : undefined;
}

function elementsOf(node: XmlElement): XmlElement[] {
  return node.children.filter((child): child is XmlElement => child.type === 'element');
}

function textOf(node: XmlElement): string {
  return node.children.map((child) => (child.type === 'text' ? child.text : textOf(child))).join('');
}

/** A presentation value: the style attribute's declaration wins over the attribute, as in CSS. */
function presentation(node: XmlElement, name: string): string | undefined {
  const style = attr(node, 'style');
  if (style) {
    const declared = style
      .split(';')
      .map((part) => part.split(':'))
      .filter(([key]) => key?.trim().toLowerCase() === name);
    const last = declared[declared.length - 1];
    if (last && last.length > 1) return last.slice(1).join(':').trim();
  }
  return attr(node, name)?.trim();
}

/** A length in user units (or px); undefined otherwise. */
function length(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*(?:px)?\s*$/i.exec(value);
  return match ? Number(match[1]) : undefined;
}

function requiredLength(node: XmlElement, name: string): number {
  const value = length(attr(node, name));
  if (value === undefined) {
    const id = attr(node, 'id');
    throw new Error(
      `The <${node.name}>${id === undefined ? '' : ` ${id}`} has no ${name} the builder can read`,
    );
  }
  return value;
}

/** null for no paint (`none`, or absent when `fallback` is null). */
function readPaint(node: XmlElement, name: string, fallback: string | null): string | null {
  const value = presentation(node, name);
  if (value === undefined) return fallback;
  return value === '' || value.toLowerCase() === 'none' ? null : value;
}

function readShapeStyle(node: XmlElement, defaultFill: string | null): ShapeStyle {
  return {
    fill: readPaint(node, 'fill', defaultFill),
    stroke: readPaint(node, 'stroke', null),
    strokeWidth: length(presentation(node, 'stroke-width')) ?? 1,
  };
}

const CLIP_URL = /^url\(\s*['"]?#([^'")\s]+)['"]?\s*\)$/;

/** What reading a layer needs: the document's layers by id, for names and thumbnails. */
interface ReadContext {
  documentLayers: ReadonlyMap<string, BuilderLayer>;
}

/** The fields every layer has; placement and size are filled in by the caller. */
function readCommon(
  node: XmlElement,
  context: ReadContext,
): Omit<LayerCommon, keyof Placement | 'width' | 'height'> {
  const id = attr(node, 'id') ?? '';
  const stored = context.documentLayers.get(id);
  const opacity = Number(presentation(node, 'opacity') ?? '1');
  const clip = CLIP_URL.exec(presentation(node, 'clip-path') ?? '');
  return {
    uid: createUid(),
    id,
    data: { ...idToLayerData(id), name: stored?.name ?? '', thumbnail: stored?.thumbnail ?? null },
    opacity: Number.isFinite(opacity) ? opacity : 1,
    locked: attr(node, 'data-locked') === 'true',
    hidden: presentation(node, 'display') === 'none',
    clipPath: clip ? clip[1]! : null,
  };
}

/**
 * A layer's geometry: its box, `width` × `height`, drawn with its corner at `origin` in the element's
 * own coordinates, then placed by the element's transform.
 */
function geometryOf(node: XmlElement, origin: Point, width: number, height: number) {
  return { ...readPlacement(attr(node, 'transform'), origin, width, height), width, height };
}

function readTextAlign(node: XmlElement): TextAlign {
  const explicit = attr(node, 'data-align')?.trim().toLowerCase();
  if (explicit === 'left' || explicit === 'center' || explicit === 'right' || explicit === 'justify')
    return explicit;
  const anchor = presentation(node, 'text-anchor')?.toLowerCase();
  if (anchor === 'start') return 'left';
  if (anchor === 'end') return 'right';
  // The builder's default alignment (spec section 9), as the renderer reads a box text without one.
  return 'center';
}

function firstFontFamily(value: string | undefined): string | undefined {
  const first = value
    ?.split(',')[0]
    ?.trim()
    .replace(/^(['"])(.*)\1$/, '$2')
    .trim();
  return first === undefined || first === '' ? undefined : first;
}

/** The auto-fit rule: data-height and data-min-font-size together, as the renderer reads them; else none. */
function readTextFit(node: XmlElement): TextFit | null {
  const height = length(attr(node, 'data-height'));
  const minFontSize = length(attr(node, 'data-min-font-size'));
  return height !== undefined && minFontSize !== undefined && height > 0 && minFontSize > 0
    ? { height, minFontSize }
    : null;
}

function readText(node: XmlElement, common: ReturnType<typeof readCommon>): ModelLayer {
  const width = length(attr(node, 'data-width'));
  if (width === undefined) {
    throw new Error(
      `The text ${common.id} has no box (data-width): it was not written by the template builder`,
    );
  }
  const text = attr(node, 'title') ?? textOf(node);
  const fontSize = length(presentation(node, 'font-size')) ?? DEFAULT_TEXT.fontSize;
  const lineHeight = Number(attr(node, 'data-line-height') ?? DEFAULT_TEXT.lineHeight);
  const style = presentation(node, 'font-style')?.toLowerCase();
  const weight = presentation(node, 'font-weight');
  const origin = { x: length(attr(node, 'data-x')) ?? 0, y: length(attr(node, 'data-y')) ?? 0 };
  return {
    ...common,
    ...geometryOf(node, origin, width, textBoxHeight(text, fontSize, lineHeight)),
    kind: 'text',
    text,
    fontFamily: firstFontFamily(presentation(node, 'font-family')) ?? DEFAULT_TEXT.fontFamily,
    fontWeight: (weight === undefined ? undefined : parseFontWeight(weight)) ?? DEFAULT_TEXT.fontWeight,
    fontStyle: style === 'italic' || style === 'oblique' ? 'italic' : 'normal',
    fontSize,
    textAlign: readTextAlign(node),
    lineHeight,
    fill: readPaint(node, 'fill', '#000000'),
    fit: readTextFit(node),
  };
}

/** Polygon or polyline points. */
function readPoints(node: XmlElement): Point[] {
  const numbers = (attr(node, 'points') ?? '')
    .trim()
    .split(/[\s,]+/)
    .filter((part) => part !== '')
    .map(Number);
  const points: Point[] = [];
  for (let index = 0; index + 1 < numbers.length; index += 2)
    points.push({ x: numbers[index]!, y: numbers[index + 1]! });
  return points;
}

function pointBounds(points: readonly Point[]): { origin: Point; width: number; height: number } {
  const xs = points.map((point) => roundLength(point.x));
  const ys = points.map((point) => roundLength(point.y));
  const origin = { x: Math.min(...xs), y: Math.min(...ys) };
  return {
    origin,
    width: roundLength(Math.max(...xs) - origin.x),
    height: roundLength(Math.max(...ys) - origin.y),
  };
}

function readLayer(node: XmlElement, context: ReadContext): ModelLayer {
  const name = localName(node);
  const common = readCommon(node, context);
  let layer: ModelLayer;
  switch (name) {
    case 'rect':
    case 'image': {
      const width = requiredLength(node, 'width');
      const height = requiredLength(node, 'height');
      const geometry = geometryOf(
        node,
        { x: length(attr(node, 'x')) ?? 0, y: length(attr(node, 'y')) ?? 0 },
        width,
        height,
      );
      if (isRatingLayerId(common.id)) {
        const value = attr(node, 'data-value');
        layer = {
          ...common,
          ...geometry,
          kind: 'rating',
          value: value === undefined ? DEFAULT_RATING.value : Number(value),
          filledColor: presentation(node, 'fill') ?? DEFAULT_RATING.filledColor,
          emptyColor: attr(node, 'data-empty-fill') ?? DEFAULT_RATING.emptyColor,
        };
      } else if (name === 'rect') {
        const rx = length(attr(node, 'rx'));
        const ry = length(attr(node, 'ry'));
        layer = {
          ...common,
          ...geometry,
          ...readShapeStyle(node, '#000000'),
          kind: 'rect',
          rx: rx ?? ry ?? 0,
          ry: ry ?? rx ?? 0,
        };
      } else {
        const naturalWidth = length(attr(node, 'data-natural-width'));
        const naturalHeight = length(attr(node, 'data-natural-height'));
        layer = {
          ...common,
          ...geometry,
          kind: 'image',
          href: attr(node, 'xlink:href') ?? attr(node, 'href') ?? null,
          naturalWidth: naturalWidth ?? null,
          naturalHeight: naturalHeight ?? null,
        };
      }
      break;
    }
    case 'circle':
    case 'ellipse': {
      const rx = requiredLength(node, name === 'circle' ? 'r' : 'rx');
      const ry = name === 'circle' ? rx : requiredLength(node, 'ry');
      const cx = length(attr(node, 'cx')) ?? 0;
      const cy = length(attr(node, 'cy')) ?? 0;
      const width = roundLength(rx * 2);
      const height = roundLength(ry * 2);
      layer = {
        ...common,
        ...geometryOf(node, { x: roundLength(cx - rx), y: roundLength(cy - ry) }, width, height),
        ...readShapeStyle(node, '#000000'),
        kind: 'ellipse',
      };
      break;
    }
    case 'line': {
      const points = [
        { x: length(attr(node, 'x1')) ?? 0, y: length(attr(node, 'y1')) ?? 0 },
        { x: length(attr(node, 'x2')) ?? 0, y: length(attr(node, 'y2')) ?? 0 },
      ];
      const box = pointBounds(points);
      layer = {
        ...common,
        ...geometryOf(node, box.origin, box.width, box.height),
        ...readShapeStyle(node, null),
        kind: 'line',
        x1: roundLength(points[0]!.x - box.origin.x),
        y1: roundLength(points[0]!.y - box.origin.y),
        x2: roundLength(points[1]!.x - box.origin.x),
        y2: roundLength(points[1]!.y - box.origin.y),
      };
      break;
    }
    case 'polygon': {
      const points = readPoints(node);
      if (points.length < 3) throw new Error(`The polygon ${common.id} has fewer than 3 points`);
      const box = pointBounds(points);
      layer = {
        ...common,
        ...geometryOf(node, box.origin, box.width, box.height),
        ...readShapeStyle(node, '#000000'),
        kind: 'polygon',
        points: points.map((point) => ({
          x: roundLength(point.x - box.origin.x),
          y: roundLength(point.y - box.origin.y),
        })),
      };
      break;
    }
    case 'polyline':
    case 'path': {
      const d =
        name === 'path'
          ? (attr(node, 'd') ?? '')
          : readPoints(node)
              .map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x} ${point.y}`)
              .join(' ');
      const local = localizePath(d);
      layer = {
        ...common,
        ...geometryOf(node, local.offset, local.width, local.height),
        ...readShapeStyle(node, name === 'path' ? '#000000' : null),
        kind: 'path',
        d: local.d,
      };
      break;
    }
    case 'text':
      layer = readText(node, common);
      break;
    case 'g': {
      const members = readLayers(elementsOf(node), context);
      const box = membersBox(members);
      layer = {
        ...common,
        ...geometryOf(node, box.offset, box.width, box.height),
        kind: 'group',
        children: moveMembers(members, box.offset),
      };
      break;
    }
    default:
      throw new Error(`The template has a <${node.name}> element, which the template builder cannot edit`);
  }
  checkRoleFitsKind(layer.kind, layer.data);
  return normalizeLayer(layer);
}

function readLayers(nodes: readonly XmlElement[], context: ReadContext): ModelLayer[] {
  return nodes.filter((node) => !NOT_LAYERS.has(localName(node))).map((node) => readLayer(node, context));
}

/** Whitespace between elements is not content; text elements keep theirs. */
function withoutLayoutWhitespace(node: XmlElement): XmlElement {
  if (localName(node) === 'text') return node;
  const children: XmlNode[] = node.children
    .filter((child) => child.type === 'element' || child.text.trim() !== '')
    .map((child) => (child.type === 'element' ? withoutLayoutWhitespace(child) : child));
  return { ...node, children };
}

/** Gradients and clip paths anywhere in the document, by id. */
function readDefinitions(root: XmlElement): ModelDefinition[] {
  const definitions: ModelDefinition[] = [];
  const seen = new Set<string>();
  const visit = (node: XmlElement): void => {
    const name = localName(node) as DefinitionElement;
    const id = attr(node, 'id');
    if ((DEFINITION_ELEMENTS as readonly string[]).includes(name)) {
      if (id !== undefined && !seen.has(id)) {
        seen.add(id);
        definitions.push({ id, element: name, markup: serializeXml(withoutLayoutWhitespace(node)) });
      }
      return;
    }
    elementsOf(node).forEach(visit);
  };
  visit(root);
  return definitions;
}

/**
 * The canvas background: the first thing drawn, a full-size <rect> without an id (what modelToSvg
 * writes), or, in templates written before, a plain full-size layer in the background colour. Such a
 * rect is the document's backgroundColor, not a layer (spec section 5: saving removes it).
 */
function isCanvasBackground(
  node: XmlElement,
  width: number,
  height: number,
  backgroundColor: string,
): boolean {
  if (localName(node) !== 'rect') return false;
  const id = attr(node, 'id');
  const fill = presentation(node, 'fill');
  const plain =
    (length(attr(node, 'x')) ?? 0) === 0 &&
    (length(attr(node, 'y')) ?? 0) === 0 &&
    length(attr(node, 'width')) === width &&
    length(attr(node, 'height')) === height &&
    ['transform', 'stroke', 'opacity', 'rx', 'ry', 'clip-path', 'display'].every(
      (name) => presentation(node, name) === undefined,
    );
  if (!plain) return false;
  if (id === undefined) return true;
  return isPlainLayerId(id) && fill !== undefined && fill.toLowerCase() === backgroundColor.toLowerCase();
}

/**
 * The model of a template made with the builder. Throws 'Invalid SVG string' when the text is not an
 * SVG document, and the spec's 'Cannot edit template that was not created with the template builder.'
 * when it has no builder document in <metadata>.
 */
export function svgToModel(svg: string): BuilderModel {
  let root: XmlElement;
  try {
    root = parseXml(svg);
  } catch {
    throw new Error(BUILDER_ERRORS.invalidSvg);
  }
  if (localName(root) !== 'svg') throw new Error(BUILDER_ERRORS.invalidSvg);
  const document = readBuilderDocument(svg);
  const documentLayers = new Map<string, BuilderLayer>();
  for (const layer of document.layers) if (!documentLayers.has(layer.id)) documentLayers.set(layer.id, layer);
  const nodes = elementsOf(root).filter((node) => !NOT_LAYERS.has(localName(node)));
  const first = nodes[0];
  const drawn =
    first && isCanvasBackground(first, document.width, document.height, document.backgroundColor)
      ? nodes.slice(1)
      : nodes;
  const read = readLayers(drawn, { documentLayers });
  // Ids as written, unless two layers share one or one does not carry its data: then derived again.
  const layers = assignLayerIds(read, new Set()).map((layer) => normalizeLayer(layer));
  return {
    name: document.name,
    width: document.width,
    height: document.height,
    backgroundColor: document.backgroundColor,
    constrainProportions: document.constrainProportions,
    layers,
    definitions: usedDefinitions(layers, readDefinitions(root)),
  };
}
