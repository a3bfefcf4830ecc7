/**
 * The template features of an Adloom creative: its template version's SVG read into layers (ids, text
 * layers' template strings, each layer's box on the canvas) and its template's style and industry tags,
 * given to @adloom/commerce's templateFeatureIds. A feed design's slot features can remove the background
 * of a slot whose id does not ask for it, so a design's slot features are read too.
 */
import { readTemplate, type XmlElement } from '@adloom/renderer';
import { templateFeatureIds, type LayerBounds, type TemplateFeatureLayer } from '@adloom/commerce';
import { applyMatrix, IDENTITY, multiply, parseTransform, type Matrix } from '@adloom/template';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../../../db/client.js';
import { templates, templateTagLinks, templateTags, templateVersions } from '../../../../db/schema.js';

/** The builder's default line height (fabric.js), for a text box whose height is not written. */
const LINE_HEIGHT = 1.16;
const DEFAULT_FONT_SIZE = 40;

const number = (value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const match = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*(?:px)?\s*$/i.exec(value);
  return match ? Number(match[1]) : undefined;
};

const localName = (node: XmlElement) => node.name.slice(node.name.indexOf(':') + 1);

/** User units of the root to template pixels (viewBox offset and scale; 'none' stretches, else uniform). */
function rootMatrix(root: XmlElement, width: number, height: number): Matrix {
  const box = (root.attributes.viewBox ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box.length !== 4 || box.some((v) => !Number.isFinite(v)) || !(box[2]! > 0) || !(box[3]! > 0))
    return IDENTITY;
  let sx = width / box[2]!;
  let sy = height / box[3]!;
  if (!(root.attributes.preserveAspectRatio ?? '').trim().startsWith('none')) sx = sy = Math.min(sx, sy);
  return [sx, 0, 0, sy, -box[0]! * sx, -box[1]! * sy];
}

/** The element's own box in its user space: a rect or image, or its first rect or image descendant. */
function ownBox(
  node: XmlElement,
  matrix: Matrix,
): { x: number; y: number; w: number; h: number; m: Matrix } | null {
  if (localName(node) === 'rect' || localName(node) === 'image') {
    const w = number(node.attributes.width);
    const h = number(node.attributes.height);
    if (w !== undefined && h !== undefined && w > 0 && h > 0)
      return { x: number(node.attributes.x) ?? 0, y: number(node.attributes.y) ?? 0, w, h, m: matrix };
  }
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    const found = ownBox(child, multiply(matrix, parseTransform(child.attributes.transform)));
    if (found) return found;
  }
  return null;
}

/** A builder text's box (data-x, data-y, data-width; data-height or one line per line of its template). */
function textBox(node: XmlElement, title: string, matrix: Matrix) {
  const w = number(node.attributes['data-width']);
  if (w === undefined) return null;
  const size = number(node.attributes['font-size']) ?? DEFAULT_FONT_SIZE;
  const lineHeight = number(node.attributes['data-line-height']) ?? LINE_HEIGHT;
  const lines = Math.max(1, title.split('\n').length);
  const h = number(node.attributes['data-height']) ?? size * lineHeight * lines;
  return {
    x: number(node.attributes['data-x']) ?? 0,
    y: number(node.attributes['data-y']) ?? 0,
    w,
    h,
    m: matrix,
  };
}

function bounds(box: { x: number; y: number; w: number; h: number; m: Matrix } | null): LayerBounds | null {
  if (!box) return null;
  const corners = [
    [box.x, box.y],
    [box.x + box.w, box.y],
    [box.x, box.y + box.h],
    [box.x + box.w, box.y + box.h],
  ].map(([x, y]) => applyMatrix(box.m, { x: x!, y: y! }));
  const xs = corners.map((c) => c.x);
  const ys = corners.map((c) => c.y);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  return { left, top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
}

/** The layers of a template SVG, with their boxes on the canvas; throws when it cannot be read. */
export function templateLayers(templateString: string): {
  width: number;
  height: number;
  layers: TemplateFeatureLayer[];
} {
  const { root, width, height } = readTemplate(templateString);
  const layers: TemplateFeatureLayer[] = [];
  const visit = (node: XmlElement, parent: Matrix) => {
    const matrix = multiply(parent, parseTransform(node.attributes.transform));
    const id = node.attributes.id ?? null;
    const title = localName(node) === 'text' ? (node.attributes.title ?? null) : null;
    if (id !== null || title !== null)
      layers.push({
        id,
        text: title,
        bounds: bounds(title !== null ? textBox(node, title, matrix) : ownBox(node, matrix)),
      });
    for (const child of node.children) if (child.type === 'element') visit(child, matrix);
  };
  const top = rootMatrix(root, width, height);
  for (const child of root.children) if (child.type === 'element') visit(child, top);
  return { width, height, layers };
}

/** What a feed design adds: slot features by slot id (removeBackground 'true' turns it on for that slot). */
export type DesignSlotFeatures = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** The template features of a template version, or null when the version is not the client's or the library's. */
export async function templateVersionFeatures(
  db: Db,
  clientId: string,
  templateVersionId: string,
  slotFeatures: DesignSlotFeatures = {},
): Promise<string[] | null> {
  const [version] = await db
    .select({
      templateId: templateVersions.templateId,
      templateString: templateVersions.templateString,
    })
    .from(templateVersions)
    .innerJoin(templates, eq(templates.id, templateVersions.templateId))
    .where(
      and(
        eq(templateVersions.id, templateVersionId),
        or(eq(templates.clientId, clientId), isNull(templates.clientId)),
      ),
    );
  if (!version) return null;
  const tags = await db
    .select({ group: templateTags.group, key: templateTags.key })
    .from(templateTagLinks)
    .innerJoin(templateTags, eq(templateTags.id, templateTagLinks.tagId))
    .where(
      and(
        eq(templateTagLinks.templateId, version.templateId),
        inArray(templateTags.group, ['STYLE', 'INDUSTRY']),
      ),
    );
  const removesBackground = Object.values(slotFeatures).some(
    (features) => features.removeBackground?.trim().toLowerCase() === 'true',
  );
  return templateFeatureIds({
    ...templateLayers(version.templateString),
    tags,
    designRemovesBackground: removesBackground,
  });
}
