/**
 * Turns a design (a list of layers) into a saved template: a root <svg> with width, height and viewBox,
 * the builder document in <metadata> (written with @adloom/template's serialiser) and one top-level
 * element per layer, in the document's order. Each id comes from its layer's role through the
 * contract's own layerDataToId, so the document and the SVG cannot disagree.
 */
import {
  createBuilderDocument,
  createBuilderLayer,
  idToLayerData,
  layerDataToId,
  writeBuilderMetadata,
  type BuilderDocument,
  type LayerIdData,
} from '@adloom/template';
import { attributes, rect, type DesignLayer } from './svg.js';

/** A template design: canvas, background colour, gradient and clip definitions, and layers bottom first. */
export interface TemplateDesign {
  name: string;
  width: number;
  height: number;
  /** The canvas colour: the document's backgroundColor and a full-size background layer. */
  background: string;
  defs?: readonly string[];
  layers: readonly DesignLayer[];
}

/** The most lines a text layer may take (see DesignLayer.maxLines). */
export interface TextLimit {
  id: string;
  maxLines: number;
}

/** A composed template: the SVG, its builder document and its text limits. */
export interface ComposedTemplate {
  templateString: string;
  document: BuilderDocument;
  textLimits: TextLimit[];
}

// Layer data a plain layer has: every role field at its default.
const PLAIN_ROLE: LayerIdData = idToLayerData('background');

/** Composes a design into a saved template. Throws when a layer's role cannot be written as an id. */
export function composeTemplate(design: TemplateDesign): ComposedTemplate {
  const layers = [
    rect(
      'background',
      'Background',
      { x: 0, y: 0, width: design.width, height: design.height },
      {
        fill: design.background,
      },
    ),
    ...design.layers,
  ];
  const ids: string[] = [];
  for (const layer of layers) {
    ids.push(layerDataToId({ ...PLAIN_ROLE, ...layer.role }, { taken: ids, plainId: layer.plainId }));
  }
  const document = createBuilderDocument({
    name: design.name,
    width: design.width,
    height: design.height,
    backgroundColor: design.background,
    layers: layers.map((layer, index) =>
      createBuilderLayer(ids[index]!, { ...idToLayerData(ids[index]!), name: layer.name, text: layer.text }),
    ),
  });
  const defs = design.defs?.length ? `\n<defs>${design.defs.join('')}</defs>` : '';
  const svg =
    `<svg${attributes({
      xmlns: 'http://www.w3.org/2000/svg',
      'xmlns:xlink': 'http://www.w3.org/1999/xlink',
      width: design.width,
      height: design.height,
      viewBox: `0 0 ${design.width} ${design.height}`,
    })}>` +
    defs +
    layers.map((layer, index) => `\n${layer.draw(ids[index]!)}`).join('') +
    `\n</svg>`;
  return {
    templateString: writeBuilderMetadata(svg, document),
    document,
    textLimits: layers.flatMap((layer, index) =>
      layer.maxLines === null ? [] : [{ id: ids[index]!, maxLines: layer.maxLines }],
    ),
  };
}
