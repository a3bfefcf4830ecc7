/**
 * The text steps of the renderer sequence. `prepareTexts` (the "load fonts" step) fills every text's
 * template string, works out which characters it draws and loads only those fonts; `drawTexts` (the
 * "fill text" step) lays the texts out and replaces each <text> by a group of glyph paths.
 */
import {
  fillTemplateString,
  missingPlaceholderKeys,
  parseTemplateString,
  type FilledText,
  type Metadata,
  type TemplateWarning,
  type TextRun,
} from '@adloom/template';
import type { RuleContext } from '../context.js';
import { parseLength } from '../template.js';
import { parseStyle, formatStyle } from '../style.js';
import { attr, element, localName, rewrite, textContent, withAttributes, type XmlElement } from '../xml.js';
import { loadTextFonts, type FontCache, type FontSource, type LoadedFace } from './font-loader.js';
import { createShaper, linePathData } from './glyphs.js';
import { FIT_ELLIPSIS, layoutFittedBox } from './fit.js';
import { layoutBox, layoutLine, paragraphs, type LaidOutLine } from './layout.js';
import { readTextStyle, type TextStyle } from './text-style.js';

/** One text of the template, filled and with its fonts, waiting to be drawn. */
export interface TextPlan {
  style: TextStyle;
  /** Filled from the `title` template string, or the element's own text. */
  filled: FilledText;
  /** Plain SVG text without a template: its lines as written (tspans with x or y start a line). */
  plainLines: { text: string; x: number | undefined; y: number | undefined }[] | undefined;
  /** The element's x and y: where a template text without a box starts (its first baseline). */
  origin: { x: number; y: number };
  faces: LoadedFace[];
}

/** Where fonts come from while resolving. */
export interface TextFontOptions {
  source: FontSource | undefined;
  cache?: FontCache;
  timeoutMs?: number;
}

const MARKER = 'data-adloom-text';

/** Attributes that describe the text itself, not the drawn group. */
const TEXT_ATTRIBUTES = new Set([
  'x',
  'y',
  'dx',
  'dy',
  'rotate',
  'textLength',
  'lengthAdjust',
  'title',
  'data-x',
  'data-y',
  'data-width',
  'data-align',
  'data-line-height',
  'data-height',
  'data-min-font-size',
  MARKER,
  'font',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant',
  'font-stretch',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'letter-spacing',
  'word-spacing',
  'text-decoration',
  'text-rendering',
  'white-space',
  'xml:space',
]);

function normalizeSpace(text: string, preserve: boolean): string {
  const flat = text.replace(/[\t\n\r]/g, ' ');
  return preserve ? flat : flat.replace(/ {2,}/g, ' ');
}

/** The lines of a plain <text>: its own text and tspans, a tspan with x or y starting a new line. */
function plainLines(node: XmlElement): NonNullable<TextPlan['plainLines']> {
  const preserve = attr(node, 'xml:space') === 'preserve';
  const lines: NonNullable<TextPlan['plainLines']> = [
    { text: '', x: parseLength(attr(node, 'x')), y: parseLength(attr(node, 'y')) },
  ];
  for (const child of node.children) {
    if (child.type === 'text') {
      lines[lines.length - 1]!.text += normalizeSpace(child.text, preserve);
      continue;
    }
    const x = parseLength(attr(child, 'x'));
    const y = parseLength(attr(child, 'y'));
    const current = lines[lines.length - 1]!;
    if ((x !== undefined || y !== undefined) && current.text.trim() !== '') {
      lines.push({ text: '', x: x ?? current.x, y: y ?? current.y });
    } else {
      if (x !== undefined) current.x = x;
      if (y !== undefined) current.y = y;
    }
    lines[lines.length - 1]!.text += normalizeSpace(textContent(child), preserve);
  }
  return lines
    .map((line) => ({ ...line, text: preserve ? line.text : line.text.trim() }))
    .filter((line) => line.text !== '');
}

/**
 * A <text>'s template string (its `title`) filled from metadata: `cleared` when a value is missing, which
 * removes the text (drawTexts); undefined for a plain text without a template. The "fill text" step and
 * layerPresence both read a text's fate here.
 */
export function fillTextTemplate(
  node: XmlElement,
  metadata: Metadata,
  onWarning?: (warning: TemplateWarning) => void,
): FilledText | undefined {
  const template = attr(node, 'title');
  if (template === undefined) return undefined;
  return fillTemplateString(template, metadata, onWarning ? { onWarning } : {});
}

/**
 * A <text>'s template string parsed once, for asking about many items which of its placeholders have no
 * value (any one clears the text, as fillTextTemplate does); undefined for a plain text.
 */
export function textTemplateKeys(
  node: XmlElement,
): { missingKeys: (metadata: Metadata) => string[] } | undefined {
  const template = attr(node, 'title');
  if (template === undefined) return undefined;
  const segments = parseTemplateString(template);
  return { missingKeys: (metadata) => missingPlaceholderKeys(segments, metadata) };
}

function runsText(runs: readonly TextRun[]): string {
  return runs.map((run) => run.text).join('');
}

/**
 * Fills every <text> (outermost ones; tspans belong to their text) and loads the fonts they need.
 * Texts are marked so the later `drawTexts` finds them even after other rules rebuilt the tree.
 */
export async function prepareTexts(
  root: XmlElement,
  context: RuleContext,
  fonts: TextFontOptions,
): Promise<{ root: XmlElement; plans: TextPlan[] }> {
  const drafts: Omit<TextPlan, 'faces'>[] = [];
  const marked = rewrite(root, (node) => {
    if (localName(node) !== 'text') return undefined;
    const style = readTextStyle(node);
    let filled: FilledText | undefined = fillTextTemplate(node, context.request.metadata, (warning) =>
      context.warn(warning.message),
    );
    let lines: TextPlan['plainLines'];
    if (filled === undefined) {
      lines = plainLines(node);
      const text = style.box
        ? lines.map((line) => line.text).join(' ')
        : lines.map((line) => line.text).join('\n');
      filled = { kind: 'filled', runs: [{ text, superscript: false }], text };
      if (style.box) lines = undefined;
    }
    const origin = { x: parseLength(attr(node, 'x')) ?? 0, y: parseLength(attr(node, 'y')) ?? 0 };
    drafts.push({ style, filled, plainLines: lines, origin });
    return withAttributes(node, { [MARKER]: String(drafts.length - 1) });
  });
  if (drafts.length === 0) return { root, plans: [] };
  const needs = drafts.map((draft) => ({
    request: { family: draft.style.family, weight: draft.style.weight, italic: draft.style.italic },
    // A fitted text may end with the ellipsis, so its font must be loaded too.
    characters:
      draft.filled.kind !== 'filled'
        ? ''
        : draft.style.fit && draft.filled.text.trim() !== ''
          ? draft.filled.text + FIT_ELLIPSIS
          : draft.filled.text,
  }));
  const withText = needs
    .map((need, index) => ({ need, index }))
    .filter(({ need }) => need.characters.trim() !== '');
  const faces: LoadedFace[][] = drafts.map(() => []);
  if (withText.length > 0) {
    if (!fonts.source) throw new Error('resolveTemplate: the template has text but no font source was given');
    const loaded = await loadTextFonts(
      withText.map(({ need }) => need),
      {
        source: fonts.source,
        customFonts: context.request.fonts,
        warn: (message) => context.warn(message),
        ...(fonts.cache ? { cache: fonts.cache } : {}),
        ...(fonts.timeoutMs === undefined ? {} : { timeoutMs: fonts.timeoutMs }),
      },
    );
    withText.forEach(({ index }, position) => (faces[index] = loaded[position]!));
  }
  return { root: marked, plans: drafts.map((draft, index) => ({ ...draft, faces: faces[index]! })) };
}

/** The lines of a planned text, laid out. */
export function layoutPlan(plan: TextPlan): LaidOutLine[] {
  if (plan.filled.kind === 'cleared' || plan.faces.length === 0) return [];
  const shaper = createShaper(plan.faces);
  const { style } = plan;
  if (style.box && style.fit)
    return layoutFittedBox(plan.filled.runs, style.box, style, style.fit, shaper).lines;
  if (style.box) return layoutBox(plan.filled.runs, style.box, style, shaper);
  if (plan.plainLines) {
    return plan.plainLines.map((line) =>
      layoutLine(
        [{ text: line.text, superscript: false }],
        { x: line.x ?? 0, y: line.y ?? 0 },
        style,
        shaper,
      ),
    );
  }
  // A template text without a box: its lines from x/y, one line height apart.
  const step = style.size * style.lineHeight;
  return paragraphs(plan.filled.runs).map((pieces, index) =>
    layoutLine(pieces, { x: plan.origin.x, y: plan.origin.y + index * step }, style, shaper),
  );
}

/** The group a planned text becomes: the element's look, its filled text as aria-label, one path per line. */
function drawText(node: XmlElement, plan: TextPlan): XmlElement | null {
  if (plan.filled.kind === 'cleared') return null;
  const kept: Record<string, string | undefined> = Object.fromEntries(
    Object.entries(node.attributes).filter(([name]) => !TEXT_ATTRIBUTES.has(name)),
  );
  kept.style = formatStyle(parseStyle(attr(node, 'style')).filter(([name]) => !TEXT_ATTRIBUTES.has(name)));
  kept['aria-label'] = runsText(plan.filled.runs);
  const paths = layoutPlan(plan)
    .map((line) => linePathData(line, plan.faces))
    .filter((d) => d !== '')
    .map((d) => element('path', { d }));
  return element('g', kept, paths);
}

/** Replaces every prepared <text> with its glyph paths; a cleared text (missing value) is removed. */
export function drawTexts(root: XmlElement, plans: readonly TextPlan[]): XmlElement {
  if (plans.length === 0) return root;
  return rewrite(root, (node) => {
    const marker = localName(node) === 'text' ? attr(node, MARKER) : undefined;
    const plan = marker === undefined ? undefined : plans[Number(marker)];
    return plan ? drawText(node, plan) : undefined;
  });
}
