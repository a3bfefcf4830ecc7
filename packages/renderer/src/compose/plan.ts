/**
 * The composition plan (issue 20): a resolved template as a stack, in paint order, of pictures the
 * compositor lays down from decoded pixels (libvips on the server, canvas in the browser) and bands of
 * vector layers (shapes, text outlines, gradients, the rating) that resvg draws on transparency, one
 * document per band. resvg never decodes a photo; each picture is decoded once, at the size it is drawn.
 *
 * A picture is claimed only when the plan can show it lands exactly where resvg would put it
 * (picture-layer.ts). Everything else stays in a band with its picture embedded, as the renderer drew
 * every picture before: those are the fallbacks, listed with their reason. Groups that only move their
 * content are opened so the pictures inside can be claimed; resources (defs, gradients, clip paths) go
 * into every band. When anything could tie one band to another (a style sheet, a reference from one
 * band into another, an effect on the whole document), the whole template is one band.
 */
import type { Matrix } from '@adloom/template';
import { multiply } from '@adloom/template';
import type { ImageNeed } from '../resolve/context.js';
import type { ResolvedTemplate } from '../resolve/resolve.js';
import { attr, element, localName, walk, withChildren, type XmlElement } from '../resolve/xml.js';
import { rootMatrix, transformOf } from './geometry.js';
import {
  elementChildren,
  pictureLayer,
  placeholderOf,
  type PictureContext,
  type PictureLayer,
} from './picture-layer.js';
import { fillLayer, type FillLayer } from './fill-layer.js';
import { foldOpacity, rootAllowsFolding } from './fold-opacity.js';
import { idsIn, referencesIn } from './references.js';

export type { FillLayer } from './fill-layer.js';
export type { PictureLayer } from './picture-layer.js';

/** Vector layers drawn by resvg, on transparency, as one document of the canvas's size. */
export interface BandLayer {
  kind: 'band';
  /** The root with its attributes, every resource of the template, then the band's layers. */
  root: XmlElement;
  /** The placeholders drawn inside it: these pictures are embedded for resvg to decode. */
  refs: string[];
}

export type ComposedLayer = PictureLayer | BandLayer | FillLayer;

/** A picture resvg still draws, and why the plan left it to resvg. */
export interface Fallback {
  ref: string;
  layerId: string;
  reason: string;
}

export interface CompositionPlan {
  /** Bottom first. */
  layers: ComposedLayer[];
  fallbacks: Fallback[];
}

/** Elements that paint nothing where they stand: they are only referred to. */
const RESOURCES = new Set([
  'defs',
  'metadata',
  'title',
  'desc',
  'clipPath',
  'mask',
  'pattern',
  'linearGradient',
  'radialGradient',
  'filter',
  'symbol',
  'marker',
]);

/** Root attributes that change how everything is drawn, or whether it is. */
const ROOT_EFFECTS = ['opacity', 'filter', 'mask', 'clip-path', 'transform', 'visibility', 'display'];

function hasPlaceholder(node: XmlElement): boolean {
  let found = false;
  walk(node, (element) => {
    if (placeholderOf(element)) found = true;
  });
  return found;
}

function placeholdersIn(nodes: readonly XmlElement[]): string[] {
  const refs = new Set<string>();
  for (const node of nodes)
    walk(node, (element) => {
      const ref = placeholderOf(element);
      if (ref) refs.add(ref);
    });
  return [...refs];
}

/** Why a node holding a picture is drawn whole by resvg (its first attribute beyond a move). */
function whyNotOpened(node: XmlElement): string {
  const name = localName(node);
  if (name !== 'g') return `inside <${name}>`;
  const effect = Object.keys(node.attributes).find(
    (attribute) =>
      !['id', 'class', 'role', 'transform'].includes(attribute) && !/^(?:data|aria)-/.test(attribute),
  );
  return effect ? `inside a group with ${effect}` : 'inside a group used elsewhere';
}

interface VectorEntry {
  kind: 'vector';
  node: XmlElement;
  reason: string;
}

/** A flat colour, with the node that draws it should it stay in its band after all. */
interface FillEntry {
  kind: 'fill';
  layer: FillLayer;
  node: XmlElement;
}

/** The whole template as one band: every picture drawn by resvg, for `reason`. */
function oneBand(resolved: ResolvedTemplate, reason: string): CompositionPlan {
  const refs = placeholdersIn([resolved.root]);
  return {
    layers: [{ kind: 'band', root: resolved.root, refs }],
    fallbacks: fallbacksOf(refs, resolved.images, () => reason),
  };
}

function fallbacksOf(
  refs: readonly string[],
  needs: readonly ImageNeed[],
  reasonOf: (ref: string) => string,
): Fallback[] {
  return refs.map((ref) => ({
    ref,
    layerId: needs.find((need) => need.ref === ref)?.layerId ?? '',
    reason: reasonOf(ref),
  }));
}

/**
 * Plans how to draw a resolved template. `pictureSize` gives each need's prepared picture size in pixels
 * (preparedPictureSizes), which decides whether a picture is drawn at exactly its own size.
 */
export function planComposition(
  resolved: ResolvedTemplate,
  pictureSize: (need: ImageNeed) => { width: number; height: number },
): CompositionPlan {
  const { root, width, height } = resolved;
  if (!Number.isInteger(width) || !Number.isInteger(height))
    return oneBand(resolved, 'a canvas size in fractions of a pixel');
  const rootEffect = ROOT_EFFECTS.find((name) => attr(root, name) !== undefined);
  if (rootEffect) return oneBand(resolved, `the template's ${rootEffect}`);
  if ((attr(root, 'style') ?? '').trim() !== '') return oneBand(resolved, "the template's style");
  const matrix = rootMatrix(root, width, height);
  if (!matrix) return oneBand(resolved, 'a letterboxed viewBox');
  let styleSheet = false;
  walk(root, (node) => {
    if (localName(node) === 'style') styleSheet = true;
  });
  // A style sheet could give a picture an effect its attributes do not show.
  if (styleSheet) return oneBand(resolved, 'a style sheet');

  const references = referencesIn(root);
  const context: PictureContext = {
    pictureSize,
    needs: new Map(resolved.images.map((need) => [need.ref, need])),
    canvas: { width, height },
    references,
  };
  /** True when something outside `node` refers to an id inside it. */
  const referredToFromOutside = (node: XmlElement): boolean => {
    const inside = referencesIn(node);
    return [...idsIn(node)].some((id) => (references.get(id) ?? 0) > (inside.get(id) ?? 0));
  };

  const resources: XmlElement[] = [];
  const entries: (PictureLayer | VectorEntry | FillEntry)[] = [];
  // Nothing above a layer hands it paint the rules below cannot see.
  const folds = rootAllowsFolding(root);
  const vector = (node: XmlElement, wrappers: readonly XmlElement[], reason: string, at?: Matrix): void => {
    const drawn = folds ? foldOpacity(node) : node;
    const wrapped = wrappers.reduceRight((inner, wrapper) => withChildren(wrapper, [inner]), drawn);
    // A node something refers to (`<use>`) must stay in the document.
    const referred = () => [...idsIn(node)].some((id) => references.has(id));
    const fill = at && folds && !referred() ? fillLayer(node, at, context.canvas) : undefined;
    if (fill === null) return;
    if (fill) entries.push({ kind: 'fill', layer: fill, node: wrapped });
    else entries.push({ kind: 'vector', node: wrapped, reason });
  };
  const visit = (node: XmlElement, at: Matrix, wrappers: readonly XmlElement[]): void => {
    if (RESOURCES.has(localName(node))) {
      resources.push(node);
      return;
    }
    if (!hasPlaceholder(node)) return vector(node, wrappers, '', at);
    const picture = pictureLayer(node, at, 1, context);
    if (picture === null) return;
    if (picture && 'kind' in picture) {
      if (!referredToFromOutside(node)) return void entries.push(picture);
      return vector(node, wrappers, 'used elsewhere');
    }
    if (picture) return vector(node, wrappers, picture.reason);
    const children = elementChildren(node);
    const own = transformOf(node);
    const opens =
      localName(node) === 'g' &&
      children !== undefined &&
      own !== undefined &&
      Object.keys(node.attributes).every(
        (name) => ['id', 'class', 'role', 'transform'].includes(name) || /^(?:data|aria)-/.test(name),
      ) &&
      !referredToFromOutside(node);
    if (!opens) return vector(node, wrappers, whyNotOpened(node));
    // Only the move is kept around the content: the group has no other attribute that draws.
    const wrapper = element('g', { transform: attr(node, 'transform') });
    for (const child of children) visit(child, multiply(at, own), [...wrappers, wrapper]);
  };
  for (const child of root.children) if (child.type === 'element') visit(child, matrix, []);

  const layers: ComposedLayer[] = [];
  const fallbacks: Fallback[] = [];
  const resourceRefs = placeholdersIn(resources);
  const resourceIds = new Set(resources.flatMap((resource) => [...idsIn(resource)]));
  const allIds = idsIn(root);
  let band: VectorEntry[] = [];
  let crossed = false;
  const closeBand = (): void => {
    if (band.length === 0) return;
    const nodes = band.map((entry) => entry.node);
    const own = new Set(nodes.flatMap((node) => [...idsIn(node)]));
    for (const node of [...nodes, ...resources])
      for (const id of referencesIn(node).keys())
        if (allIds.has(id) && !own.has(id) && !resourceIds.has(id)) crossed = true;
    const drawn = placeholdersIn(nodes);
    const reasons = new Map<string, string>();
    for (const entry of band)
      for (const ref of placeholdersIn([entry.node]))
        if (!reasons.has(ref)) reasons.set(ref, entry.reason || 'drawn with the layers around it');
    for (const ref of resourceRefs) if (!reasons.has(ref)) reasons.set(ref, 'drawn by reference');
    const refs = [...new Set([...drawn, ...resourceRefs])];
    for (const fallback of fallbacksOf(refs, resolved.images, (ref) => reasons.get(ref)!))
      if (!fallbacks.some((known) => known.ref === fallback.ref)) fallbacks.push(fallback);
    layers.push({ kind: 'band', root: withChildren(root, [...resources, ...nodes]), refs });
    band = [];
  };
  // A flat colour between two vector layers stays in their band: one band is cheaper than two.
  const nearest = (from: number, step: 1 | -1) => {
    for (let index = from; index >= 0 && index < entries.length; index += step)
      if (entries[index]!.kind !== 'fill') return entries[index]!.kind;
    return undefined;
  };
  entries.forEach((entry, index) => {
    if (entry.kind === 'vector') return void band.push(entry);
    if (entry.kind === 'fill' && nearest(index, -1) === 'vector' && nearest(index, 1) === 'vector')
      return void band.push({ kind: 'vector', node: entry.node, reason: '' });
    closeBand();
    layers.push(entry.kind === 'fill' ? entry.layer : entry);
  });
  closeBand();
  if (crossed) return oneBand(resolved, 'a reference from one band into another');
  return { layers, fallbacks };
}
