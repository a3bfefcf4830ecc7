/**
 * What the server reads from a template SVG before it stores a version (issue 4, part 3): it parses and
 * sanitises it with the renderer's own reader (refusing anything sanitising would remove; what is stored is
 * the serialisation of the checked tree, never the text as sent), checks its
 * embedded pictures against the renderer's pixel limit, checks the save rules of spec section 5 with
 * packages/template, and extracts the slots and automatic tags from the layer ids. Nothing here touches
 * the database.
 */
import {
  checkTemplatePictures,
  ImageLoadError,
  readTemplate,
  serializeXml,
  TemplateParseError,
  type XmlElement,
} from '@adloom/renderer';
import {
  autoTags,
  extractSlots,
  idToLayerData,
  readBuilderMetadata,
  validateTemplateForSave,
  type AutoTag,
  type Slot,
} from '@adloom/template';
import { DomainError } from '../../errors.js';

/** A checked template: its size, slots, automatic tags and the builder's display settings. */
export interface AnalysedTemplate {
  /**
   * What is stored: the serialisation of the tree that was checked, never the text as sent. Comments,
   * processing instructions, the XML declaration and anything else the reader did not keep are gone, so
   * what the builder or a browser later reads is exactly what the sanitiser saw.
   */
  templateString: string;
  width: number;
  height: number;
  slots: Slot[];
  autoTags: AutoTag[];
  backgroundColor: string;
  constrainProportions: boolean;
  madeWithBuilder: boolean;
}

/** Largest template text accepted on save (the renderer refuses more than 10 MiB). */
export const MAX_TEMPLATE_CHARS = 10 * 1024 * 1024;

function walk(node: XmlElement, visit: (node: XmlElement) => void): void {
  visit(node);
  for (const child of node.children) if (child.type === 'element') walk(child, visit);
}

function localName(node: XmlElement): string {
  return node.name.slice(node.name.indexOf(':') + 1);
}

/**
 * Reads a template for saving under `name`. Throws a DomainError whose message says what is wrong:
 * INVALID_TEMPLATE (unreadable, or a save rule fails) or UNSAFE_TEMPLATE (scripts, event handlers,
 * outside references and the like: the template is refused, not silently changed).
 */
export function analyseTemplate(templateString: string, name: string): AnalysedTemplate {
  if (templateString.trim() === '')
    throw new DomainError('INVALID_TEMPLATE', 'The template has no SVG: there is nothing to save.');
  if (templateString.length > MAX_TEMPLATE_CHARS)
    throw new DomainError('INVALID_TEMPLATE', 'The template is larger than 10 MB.');
  let parsed: ReturnType<typeof readTemplate>;
  try {
    parsed = readTemplate(templateString);
  } catch (error) {
    if (error instanceof TemplateParseError)
      throw new DomainError(
        'INVALID_TEMPLATE',
        error.reason ? `${error.message} ${capitalise(error.reason)}.` : error.message,
      );
    throw error;
  }
  if (parsed.removed.length > 0) {
    const shown = parsed.removed.slice(0, 5).join('; ');
    const more = parsed.removed.length > 5 ? ` and ${parsed.removed.length - 5} more` : '';
    throw new DomainError(
      'UNSAFE_TEMPLATE',
      `The template contains content that is not allowed in a template: ${shown}${more}.`,
    );
  }
  // The renderer's pixel limit, from each embedded picture's header: a template it would refuse is not saved.
  try {
    checkTemplatePictures(parsed.root);
  } catch (error) {
    if (error instanceof ImageLoadError) throw new DomainError('INVALID_TEMPLATE', `${error.message}.`);
    throw error;
  }
  const ids: string[] = [];
  const layers: Parameters<typeof autoTags>[0]['layers'][number][] = [];
  walk(parsed.root, (node) => {
    const id = node.attributes.id;
    if (id !== undefined) {
      ids.push(id);
      const data = idToLayerData(id);
      layers.push({
        dynamicLayerType: data.dynamicLayerType,
        isDynamicColor: data.isDynamicColor,
        removeBackground: data.removeBackground,
        text: null,
      });
    }
    const title = node.attributes.title;
    if (localName(node) === 'text' && title !== undefined)
      layers.push({ dynamicLayerType: null, isDynamicColor: false, removeBackground: false, text: title });
  });
  const slots = extractSlots(ids);
  const check = validateTemplateForSave({
    name,
    width: parsed.width,
    height: parsed.height,
    layers: slots.map((slot) => ({ dynamicLayerType: slot.type })),
  });
  if (!check.ok) throw new DomainError('INVALID_TEMPLATE', check.reason);
  const stored = serializeXml(parsed.root);
  const metadata = readBuilderMetadata(stored);
  return {
    templateString: stored,
    width: parsed.width,
    height: parsed.height,
    slots,
    autoTags: autoTags({ width: parsed.width, height: parsed.height, layers }),
    backgroundColor: typeof metadata?.backgroundColor === 'string' ? metadata.backgroundColor : '#ffffff',
    constrainProportions:
      typeof metadata?.constrainProportions === 'boolean' ? metadata.constrainProportions : true,
    madeWithBuilder: metadata !== null,
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
