/**
 * svgToModel: reads a template made with the builder back into a model; exactly what modelToSvg writes,
 * and the starter library's templates (apps/server library), which use the same vocabulary plus circles,
 * free transforms and a background layer. Layer data comes from the ids (what the renderer and the
 * server act on), names and thumbnails from the builder document in <metadata>; each element is read by
 * the layer kind that reads it (layers/<kind>).
 */
import { parseXml, serializeXml, type XmlElement, type XmlNode } from '@adloom/renderer/xml';
import {
  BUILDER_ERRORS,
  idToLayerData,
  isPlainLayerId,
  readBuilderDocument,
  type BuilderLayer,
} from '@adloom/template';
import { kindReading } from '../layers/index.js';
import {
  DEFINITION_ELEMENTS,
  assignLayerIds,
  checkRoleFitsKind,
  createUid,
  normalizeLayer,
  usedDefinitions,
  type BuilderModel,
  type DefinitionElement,
  type ModelDefinition,
  type ModelLayer,
} from '../model/index.js';
import { attr, elementsOf, length, localName, presentation, type CommonFields } from './readParts.js';

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

/** What reading a layer needs: the document's layers by id, for names and thumbnails. */
interface ReadContext {
  documentLayers: ReadonlyMap<string, BuilderLayer>;
}

const CLIP_URL = /^url\(\s*['"]?#([^'")\s]+)['"]?\s*\)$/;

/** The fields every layer has; placement and size are filled in by the caller. */
function readCommon(node: XmlElement, context: ReadContext): CommonFields {
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

/** The layer of an element, read by the kind that reads it (layers/<kind>). */
function readLayer(node: XmlElement, context: ReadContext): ModelLayer {
  const common = readCommon(node, context);
  const kind = kindReading(localName(node), common);
  if (!kind)
    throw new Error(`The template has a <${node.name}> element, which the template builder cannot edit`);
  const layer = kind.readSvg(node, common, { readMembers: (nodes) => readLayers(nodes, context) });
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
