/** The builder's command ids and the arguments each takes (void: none); registry.ts runs them. */
import type { LayerData } from '@adloom/template';
import type { CanvasView, ChosenTag } from '../engine/BuilderEditor';
import type { SafeZoneType } from '../geometry/safe-zones';
import type { BuilderModel, DocumentSettings, LayerPatch, ModelLayer } from '../model/index.js';

type NudgeId = `nudge-${'left' | 'right' | 'up' | 'down'}${'' | '-10'}`;

/** Shortcut and toolbar commands (editCommands.ts). */
export interface EditCommandArgs extends Record<NudgeId, void> {
  undo: void;
  redo: void;
  delete: void;
  copy: void;
  paste: void;
  'zoom-out': void;
  'zoom-in': void;
  'zoom-reset': void;
}

/** The design tools' habits on top of the spec's shortcuts (designCommands.ts). */
export interface DesignCommandArgs {
  deselect: void;
  'select-all': void;
  duplicate: void;
  group: void;
  ungroup: void;
  'bring-forward': void;
  'send-backward': void;
  'bring-to-front': void;
  'send-to-back': void;
}

/** The workspace around the document: fit, panels, the shortcut sheet, save (viewCommands.ts). */
export interface ViewCommandArgs {
  'zoom-fit': void;
  'toggle-left-panel': void;
  'toggle-right-panel': void;
  'toggle-panels': void;
  shortcuts: void;
  save: void;
}

/** What the panels do to the document and the editor (panelCommands.ts). */
export interface PanelCommandArgs {
  /** Selects these layers (locked and unknown ones are left out). */
  'select-layers': { readonly uids: readonly string[] };
  /** Adds new layers (on top, or at `index` among the top level: 0 is the bottom) and selects them. */
  'add-layers': { readonly layers: readonly ModelLayer[]; readonly index?: number };
  'update-layer': { readonly uid: string; readonly patch: LayerPatch };
  'set-layer-data': { readonly uid: string; readonly patch: Partial<LayerData> };
  /** Sets a layer's thumbnail to a picture of it as drawn now. */
  'update-layer-thumbnail': { readonly uid: string };
  'rename-layer': { readonly uid: string; readonly name: string };
  'set-layers-locked': { readonly uids: readonly string[]; readonly locked: boolean };
  'set-layers-hidden': { readonly uids: readonly string[]; readonly hidden: boolean };
  /** One step up (drawn later) or down. */
  'move-layer': { readonly uid: string; readonly direction: 'up' | 'down' };
  /** To an index among its siblings (0: the bottom). */
  'move-layer-to': { readonly uid: string; readonly index: number };
  /** A group's member to an index among the group's members (0: the bottom). */
  'move-group-member': { readonly groupUid: string; readonly uid: string; readonly index: number };
  'remove-layers': { readonly uids: readonly string[] };
  'set-document': DocumentSettings;
  'set-safe-zone': { readonly zone: SafeZoneType | null };
  'set-tags': { readonly tags: readonly ChosenTag[] };
  'clear-error': void;
  /** Opens one undo step for everything done in a field until end-edit-step. */
  'start-edit-step': void;
  'end-edit-step': void;
  /** Loads a template SVG with its chosen tags (the editor error says why one cannot load). */
  'load-template': {
    readonly svg: string;
    readonly tags: readonly ChosenTag[];
    /** The template's name as stored (renamed in the list, or named when copied); the document's otherwise. */
    readonly name?: string;
  };
  'new-template': void;
  /** A save went through: the tags it saved; the document is clean unless it changed since `model`. */
  'template-saved': { readonly tags: readonly ChosenTag[]; readonly model: BuilderModel };
}

/** What the canvas shows: the ad drawn with the preview item, or the fields (productViewCommands.ts). */
export interface ProductViewCommandArgs {
  /** Product view ↔ fields view (shift+p). */
  'toggle-product-view': void;
  'set-canvas-view': { readonly view: CanvasView };
}

/** Every command's arguments by id. */
export interface BuilderCommandArgs
  extends EditCommandArgs, DesignCommandArgs, PanelCommandArgs, ViewCommandArgs, ProductViewCommandArgs {}
