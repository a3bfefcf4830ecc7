/**
 * BuilderEditor: the one object the builder's UI talks to (ARCHITECTURE.md, `engine/`). It holds the model
 * and its history, the selection (layer uids), the zoom, the clipboard, the dirty flag and the error text,
 * and tells its listeners about every change. It knows nothing of React or fabric.js: panels read its
 * state (useSyncExternalStore) and call it through commands; the fabric view renders its model.
 */
import type { LayerData } from '@adloom/template';
import { ZOOM_MAX, ZOOM_MIN, canZoomIn, canZoomOut, resetZoom, zoomIn, zoomOut } from '../geometry/zoom';
import { nudgePlan } from '../geometry/nudge';
import type { SafeZoneType } from '../geometry/safe-zones';
import { History } from '../history/index.js';
import {
  addLayers,
  allLayers,
  bringForward,
  createModel,
  findLayer,
  moveGroupMember,
  moveLayer,
  pasteLayers,
  removeLayers,
  renameLayer,
  sendBackward,
  setDocumentSettings,
  setLayerData,
  setLayersHidden,
  setLayersLocked,
  updateLayer,
  updateLayers,
  validateModelForSave,
  type BuilderModel,
  type DocumentSettings,
  type InsertPosition,
  type LayerPatch,
  type ModelLayer,
} from '../model/index.js';
import { modelToSvg, svgToModel } from '../svg/index.js';
import { EditorWorkspace } from './workspace';

/**
 * A tag the user chose for the template: a style or industry tag. A new style tag has no id until saving
 * creates it (createProductCatalogTemplateTag). Automatic tags are computed from the document instead.
 */
export interface ChosenTag {
  readonly id: string | null;
  readonly group: 'STYLE' | 'INDUSTRY';
  readonly key: string;
}

/** Everything the UI shows of the editor; a new object after every change (a useSyncExternalStore snapshot). */
export interface EditorState {
  readonly model: BuilderModel;
  /** Selected layer uids, in selection order. */
  readonly selection: readonly string[];
  readonly zoom: number;
  /** The document differs from the one last loaded or saved (spec section 4). */
  readonly dirty: boolean;
  /** The editor error (spec section 4): a failed load or change; saving is refused while it is set. */
  readonly error: string | null;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly canPaste: boolean;
  /** A text is being edited on the canvas: shortcuts are off (spec section 2). */
  readonly editingText: boolean;
  readonly safeZone: SafeZoneType | null;
  /** The chosen style and industry tags (not part of the SVG or its history; a change makes it dirty). */
  readonly tags: readonly ChosenTag[];
  /** How many documents were loaded or started (load, loadNew): the canvas knows a template just came. */
  readonly loads: number;
  /** What the canvas shows: the ad drawn with a preview item ('product', when one is chosen) or the fields. */
  readonly canvasView: CanvasView;
}

/** The canvas's two views (ARCHITECTURE.md, "Product view"). */
export type CanvasView = 'product' | 'fields';

/**
 * What happened. `object-modified` is the spec's event for a drag, an arrow-key nudge and a paste
 * (section 4): the layers it moved or made.
 */
export type EditorEvent =
  { readonly type: 'change' } | { readonly type: 'object-modified'; readonly uids: readonly string[] };

export type EditorListener = (event: EditorEvent) => void;

/** How far pasted copies move from their originals. */
export const PASTE_OFFSET = 10;

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

export class BuilderEditor {
  private history = new History<BuilderModel>(createModel());
  private selectionUids: readonly string[] = [];
  private zoomValue = resetZoom();
  private clipboard: readonly ModelLayer[] = [];
  private errorText: string | null = null;
  private editingTextFlag = false;
  private safeZoneType: SafeZoneType | null = null;
  private chosenTags: readonly ChosenTag[] = [];
  private tagsChanged = false;
  private loadCount = 0;
  private canvasViewValue: CanvasView = 'product';
  private readonly listeners = new Set<EditorListener>();
  private snapshot: EditorState;
  /** Draws a layer's thumbnail as a data URL; offered by the canvas view while it is mounted. */
  private layerThumbnailMaker: ((uid: string) => string | null) | null = null;
  /** The viewport, fit, side panels, shortcut sheet and save action around the document (workspace.ts). */
  readonly workspace: EditorWorkspace = new EditorWorkspace(this);

  constructor() {
    this.snapshot = this.buildState();
  }

  // -------------------------------------------------------------------------------------------------
  // Reading and listening

  /** The current state; the same object until the next change. */
  readonly getState = (): EditorState => this.snapshot;

  get model(): BuilderModel {
    return this.history.current;
  }

  get selection(): readonly string[] {
    return this.selectionUids;
  }

  /** The selected layers that are still in the document. */
  selectedLayers(): ModelLayer[] {
    return this.selectionUids.map((uid) => findLayer(this.model, uid)).filter((layer) => layer !== undefined);
  }

  /** Calls `listener` after every change; returns the unsubscribe function. */
  readonly subscribe = (listener: EditorListener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private buildState(): EditorState {
    return {
      model: this.history.current,
      selection: this.selectionUids,
      zoom: this.zoomValue,
      dirty: this.history.isDirty || this.tagsChanged,
      error: this.errorText,
      canUndo: this.history.canUndo,
      canRedo: this.history.canRedo,
      canPaste: this.clipboard.length > 0,
      editingText: this.editingTextFlag,
      safeZone: this.safeZoneType,
      tags: this.chosenTags,
      loads: this.loadCount,
      canvasView: this.canvasViewValue,
    };
  }

  private emit(event: EditorEvent = { type: 'change' }): void {
    this.snapshot = this.buildState();
    for (const listener of [...this.listeners]) listener(event);
  }

  // -------------------------------------------------------------------------------------------------
  // Loading and saving

  /**
   * Loads a template SVG. The editor is reset first (spec section 4: empty layers, 'New Template', not
   * dirty); an SVG the builder cannot read leaves it so and sets the error text (for a template not made
   * with the builder, the spec's 'Cannot edit template that was not created with the template builder.').
   * Returns whether the template loaded.
   */
  load(svg: string, tags: readonly ChosenTag[] = [], name?: string): boolean {
    this.resetTo(createModel());
    try {
      const model = svgToModel(svg);
      this.history.reset(name === undefined || name === model.name ? model : { ...model, name });
      this.chosenTags = tags;
      this.emit();
      return true;
    } catch (error) {
      this.errorText = messageOf(error);
      this.emit();
      return false;
    }
  }

  /** Starts a new, empty template. */
  loadNew(): void {
    this.resetTo(createModel());
    this.emit();
  }

  private resetTo(model: BuilderModel): void {
    this.loadCount += 1;
    this.history.reset(model);
    this.selectionUids = [];
    this.errorText = null;
    this.editingTextFlag = false;
    this.zoomValue = resetZoom();
    this.chosenTags = [];
    this.tagsChanged = false;
  }

  /** The template SVG of the current document; under another `name` for a copy (the document keeps its own). */
  toSvg(name: string = this.model.name): string {
    return modelToSvg(name === this.model.name ? this.model : { ...this.model, name });
  }

  /** Whether the document may be saved (spec section 5), and when not, the reason to show. */
  saveCheck() {
    return validateModelForSave(this.model, this.errorText);
  }

  /** The document was saved: not dirty until the next change. */
  markSaved(): void {
    this.history.markSaved();
    this.tagsChanged = false;
    this.emit();
  }

  /** Chooses the template's style and industry tags (the document becomes dirty). */
  setTags(tags: readonly ChosenTag[]): void {
    this.chosenTags = tags;
    this.tagsChanged = true;
    this.emit();
  }

  /** The saved tags, now with the ids saving gave new style tags (the dirty flag is not touched). */
  tagsSaved(tags: readonly ChosenTag[]): void {
    this.chosenTags = tags;
    this.emit();
  }

  // -------------------------------------------------------------------------------------------------
  // Changes (each one undo step, unless inside mark()/commit())

  /**
   * Applies a model change as one history step. A RangeError (a value the model cannot hold, a role that
   * does not fit) becomes the error text and changes nothing; returns whether the change applied.
   */
  change(apply: (model: BuilderModel) => BuilderModel): boolean {
    let next: BuilderModel;
    try {
      next = apply(this.model);
    } catch (error) {
      this.errorText = messageOf(error);
      this.emit();
      return false;
    }
    this.errorText = null;
    this.history.push(next);
    this.keepSelectionInDocument();
    this.emit();
    return true;
  }

  /** Starts a gesture whose changes are one undo step (a drag, a held-down nudge). */
  mark(): void {
    this.history.mark();
  }

  /** Ends the gesture started with mark(). */
  commit(): void {
    this.history.commit();
    this.emit();
  }

  /** Clears the error text. */
  clearError(): void {
    if (this.errorText === null) return;
    this.errorText = null;
    this.emit();
  }

  /** Shows an error (e.g. from the canvas). */
  setError(message: string): void {
    this.errorText = message;
    this.emit();
  }

  /**
   * Adds new layers (made by the model's factories), on top or at `position`, and selects them; returns
   * whether they were added.
   */
  addLayers(layers: readonly ModelLayer[], position: InsertPosition = {}): boolean {
    if (!this.change((model) => addLayers(model, layers, position))) return false;
    this.select(layers.map((layer) => layer.uid));
    return true;
  }

  updateLayer(uid: string, patch: LayerPatch): boolean {
    return this.change((model) => updateLayer(model, uid, patch));
  }

  /** Changes several layers in one step; `modified` fires the object-modified event (a drag's end). */
  updateLayers(patches: ReadonlyMap<string, LayerPatch>, modified = false): boolean {
    const applied = this.change((model) => updateLayers(model, patches));
    if (applied && modified) this.emit({ type: 'object-modified', uids: [...patches.keys()] });
    return applied;
  }

  setLayerData(uid: string, patch: Partial<LayerData>): boolean {
    return this.change((model) => setLayerData(model, uid, patch));
  }

  /** The canvas view offers to draw layer thumbnails (null when it goes away). */
  setLayerThumbnailMaker(maker: ((uid: string) => string | null) | null): void {
    this.layerThumbnailMaker = maker;
  }

  /**
   * Sets a layer's thumbnail (Layer data `thumbnail`) to a picture of the layer as drawn now, one undo
   * step; false when no canvas can draw it (no view, or a group member).
   */
  updateLayerThumbnail(uid: string): boolean {
    const thumbnail = this.layerThumbnailMaker?.(uid) ?? null;
    return thumbnail !== null && this.setLayerData(uid, { thumbnail });
  }

  renameLayer(uid: string, name: string): boolean {
    return this.change((model) => renameLayer(model, uid, name));
  }

  setLocked(uids: readonly string[], locked: boolean): boolean {
    const applied = this.change((model) => setLayersLocked(model, uids, locked));
    if (applied && locked) this.select(this.selectionUids.filter((uid) => !uids.includes(uid)));
    return applied;
  }

  setHidden(uids: readonly string[], hidden: boolean): boolean {
    return this.change((model) => setLayersHidden(model, uids, hidden));
  }

  /** One step up (drawn later) or down. */
  moveLayer(uid: string, direction: 'up' | 'down'): boolean {
    return this.change((model) => (direction === 'up' ? bringForward(model, uid) : sendBackward(model, uid)));
  }

  /** Moves a layer to an index among its siblings (0: the bottom), e.g. a drop in the layers panel. */
  moveLayerTo(uid: string, index: number): boolean {
    return this.change((model) => moveLayer(model, uid, index));
  }

  /** Moves a group's member to an index among the group's members (0: the bottom). */
  moveGroupMember(groupUid: string, uid: string, index: number): boolean {
    return this.change((model) => moveGroupMember(model, groupUid, uid, index));
  }

  setDocument(settings: DocumentSettings): boolean {
    return this.change((model) => setDocumentSettings(model, settings));
  }

  /** Removes layers (a group with its members). */
  removeLayers(uids: readonly string[]): boolean {
    return this.change((model) => removeLayers(model, uids));
  }

  /** Removes the selected layers. */
  deleteSelection(): void {
    if (this.selectionUids.length > 0) this.removeLayers(this.selectionUids);
  }

  undo(): void {
    if (this.history.undo() === undefined) return;
    this.keepSelectionInDocument();
    this.emit();
  }

  redo(): void {
    if (this.history.redo() === undefined) return;
    this.keepSelectionInDocument();
    this.emit();
  }

  // -------------------------------------------------------------------------------------------------
  // Selection, clipboard, nudge

  /** Selects layers (unknown and locked uids are left out). */
  select(uids: readonly string[]): void {
    const next = uids.filter((uid) => {
      const layer = findLayer(this.model, uid);
      return layer !== undefined && !layer.locked;
    });
    if (next.length === this.selectionUids.length && next.every((uid, i) => uid === this.selectionUids[i]))
      return;
    this.selectionUids = next;
    this.emit();
  }

  private keepSelectionInDocument(): void {
    const uids = new Set(allLayers(this.model.layers).map((layer) => layer.uid));
    if (this.selectionUids.every((uid) => uids.has(uid))) return;
    this.selectionUids = this.selectionUids.filter((uid) => uids.has(uid));
  }

  /** Copies the selected layers to the editor's clipboard. */
  copy(): void {
    const layers = this.selectedLayers();
    if (layers.length === 0) return;
    this.clipboard = layers;
    this.emit();
  }

  /** Pastes the clipboard: copies with new uids and ids, moved by 10, selected; fires object-modified. */
  paste(): void {
    if (this.clipboard.length === 0) return;
    let uids: string[] = [];
    const applied = this.change((model) => {
      const pasted = pasteLayers(model, this.clipboard, { offset: PASTE_OFFSET });
      uids = pasted.uids;
      return pasted.model;
    });
    if (!applied) return;
    // The next paste lands one offset further, as in other design tools.
    this.clipboard = uids.map((uid) => findLayer(this.model, uid)).filter((layer) => layer !== undefined);
    this.selectionUids = uids;
    this.emit({ type: 'object-modified', uids });
  }

  /** Moves the selection for an arrow key (1 unit, 10 with shift); fires object-modified. */
  nudge(key: string, shift: boolean): void {
    const plan = nudgePlan(this.selectedLayers(), key, shift);
    if (plan.length === 0) return;
    this.updateLayers(new Map(plan.map(({ uid, left, top }) => [uid, { left, top }])), true);
  }

  // -------------------------------------------------------------------------------------------------
  // View state (not part of the document or its history)

  get zoom(): number {
    return this.zoomValue;
  }

  /** Sets the zoom within `floor`..2 (floor: the spec's 0.25; fit and the wheel may go lower, workspace.ts). */
  setZoom(zoom: number, floor = ZOOM_MIN): void {
    const next = Math.min(ZOOM_MAX, Math.max(floor, zoom));
    if (next === this.zoomValue) return;
    this.zoomValue = next;
    this.emit();
  }

  get canZoomIn(): boolean {
    return canZoomIn(this.zoomValue);
  }

  get canZoomOut(): boolean {
    return canZoomOut(this.zoomValue);
  }

  zoomIn(): void {
    if (this.canZoomIn) this.setZoom(zoomIn(this.zoomValue));
  }

  zoomOut(): void {
    if (this.canZoomOut) this.setZoom(zoomOut(this.zoomValue));
  }

  resetZoom(): void {
    this.setZoom(resetZoom());
  }

  get editingText(): boolean {
    return this.editingTextFlag;
  }

  /** The canvas started or stopped editing a text (shortcuts are off meanwhile). */
  setEditingText(editing: boolean): void {
    if (editing === this.editingTextFlag) return;
    this.editingTextFlag = editing;
    this.emit();
  }

  /** Shows the ad drawn with the preview item, or the fields (view state: no history, not dirty). */
  setCanvasView(view: CanvasView): void {
    if (view === this.canvasViewValue) return;
    this.canvasViewValue = view;
    this.emit();
  }

  setSafeZone(type: SafeZoneType | null): void {
    if (type === this.safeZoneType) return;
    this.safeZoneType = type;
    this.emit();
  }
}
