/**
 * What a layer kind is (ARCHITECTURE.md, `layers/`): everything the builder does differently per kind, in
 * one object per kind (layers/<kind>/index.ts): its defaults, the fields a patch may set, bringing a layer
 * into the model's form, reading and writing its SVG element, and the fabric object that shows it. The
 * generic code (model, svg, engine) looks a kind up in the registry (layers/index.ts) and never switches
 * on it.
 */
import type { XmlElement } from '@adloom/renderer/xml';
import type { LayerData } from '@adloom/template';
import type { FabricObject } from 'fabric';
import type { LayerKind, LayerOfKind, ModelLayer, TextLayer } from '../model/types.js';
import type { CommonFields } from '../svg/readParts.js';

/** What a kind's reader is handed besides its element. */
export interface SvgReadContext {
  /** The layers of a group's member elements (in the member's own coordinates). */
  readMembers(nodes: readonly XmlElement[]): ModelLayer[];
}

/** What a kind's writer is handed besides its layer. */
export interface SvgWriteContext {
  /** How deep in groups the layer is (0: a top-level layer), for indenting members. */
  readonly depth: number;
  /** The element of a member, one level deeper. */
  writeMember(layer: ModelLayer): string;
}

/** What a kind's fabric object is made with. */
export interface FabricContext {
  /** The size a text is drawn at (its fontSize, or the renderer's fitted size for a text with auto-fit). */
  textSize(text: TextLayer): number;
  /** The fabric object of a group's member. */
  createMember(layer: ModelLayer): FabricObject;
  /** An image's own pixels came: it is drawn from them, scaled by `scaleBase` at the layer's scale 1. */
  imageLoaded(object: FabricObject, scaleBase: { x: number; y: number }): void;
}

/** One kind of layer: the rules the builder keeps for it (see the file comment). */
export interface LayerKindDefinition<K extends LayerKind = LayerKind> {
  readonly kind: K;
  /** The name the layers panel starts a new layer with. */
  readonly defaultName: string;
  /** A new layer's own fields (and the box size when it is not the common 100 × 100). */
  readonly defaults: Partial<LayerOfKind<K>>;
  /** Layer data every layer of the kind has (the rating widget's widget type). */
  readonly fixedData?: Partial<LayerData>;
  /** The kind's own fields a patch may set (besides the geometry, locked, hidden and clipPath). */
  readonly fields: readonly string[];
  /** Fields that follow from the content (a patch's value for them is ignored). */
  readonly derivedFields: readonly string[];
  /** The renderer can fill its box with a picture: it may be a dynamic image layer (a slot, the logo…). */
  readonly holdsPicture: boolean;
  /** COLOR_PRIMARY recolours its fill or stroke (a group's: its members'). */
  readonly recolourable: boolean;
  /** Its fabric object holds text, made again when fonts or fitted sizes come. */
  readonly drawsText: boolean;
  /** The paints it draws with (a `url(#id)` among them refers to a gradient definition). */
  paints(layer: LayerOfKind<K>): readonly (string | null)[];
  /** The kind's own fields in the model's form (the geometry and common fields are done already). */
  normalize(layer: LayerOfKind<K>): LayerOfKind<K>;
  /** The SVG elements (local names) it reads. */
  readonly svgElements: readonly string[];
  /** Whether it reads this element of its svgElements; without it, every one (the rating claims its rect). */
  claims?(common: CommonFields): boolean;
  /** The layer of an element of its svgElements. */
  readSvg(node: XmlElement, common: CommonFields, context: SvgReadContext): LayerOfKind<K>;
  /** Its element in the template SVG. */
  writeSvg(layer: LayerOfKind<K>, context: SvgWriteContext): string;
  /** The fabric object that shows it, placed in its local box (the view sets the placement). */
  createFabricObject(layer: LayerOfKind<K>, context: FabricContext): FabricObject;
}
