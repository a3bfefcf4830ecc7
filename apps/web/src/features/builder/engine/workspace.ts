/**
 * The builder's workspace around the document (ARCHITECTURE.md, `engine/`): the canvas's viewport (its
 * room on screen and the canvas point at its centre), zoom to fit, the side panels, the shortcut sheet and
 * the screen's save action. None of it is part of the document, its history or the SVG. The editor owns
 * one (`editor.workspace`), so that commands reach it; panels read it with `useWorkspace`
 * (useEditorState.ts).
 */
import type { Point } from '../geometry/viewport';
import type { Size } from '../geometry/types';
import { FIT_ZOOM_MIN, zoomToFit } from '../geometry/zoom';
import type { BuilderEditor } from './BuilderEditor';

/** Screen pixels left free around a fitted canvas. */
export const FIT_PADDING = 24;

/** The canvas's viewport as the canvas panel measures it. */
export interface CanvasViewport {
  /** The room the canvas has, in screen pixels. */
  size(): Size;
  /** The canvas point (canvas units) at the centre of what is visible. */
  centre(): Point;
}

/** The side panels: the tabs' panel on the left (its tab list stays), the properties on the right. */
export type SidePanel = 'left' | 'right';

export interface WorkspaceState {
  readonly leftPanel: boolean;
  readonly rightPanel: boolean;
  readonly shortcutsOpen: boolean;
  /** The canvas panel is measured: fit can run. */
  readonly viewportReady: boolean;
  /** The zoom the last fit chose; the editor's zoom equals it while the canvas is fitted. */
  readonly fittedZoom: number | null;
  /** The screen offers a save (Save button and ctrl/cmd+s run the same action). */
  readonly canSave: boolean;
}

export class EditorWorkspace {
  private viewport: CanvasViewport | null = null;
  private saveAction: (() => void) | null = null;
  private narrow = false;
  private state: WorkspaceState = {
    leftPanel: true,
    rightPanel: true,
    shortcutsOpen: false,
    viewportReady: false,
    fittedZoom: null,
    canSave: false,
  };
  private readonly listeners = new Set<() => void>();

  constructor(private readonly editor: BuilderEditor) {}

  readonly getState = (): WorkspaceState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private update(patch: Partial<WorkspaceState>): void {
    const next = { ...this.state, ...patch };
    const keys = Object.keys(patch) as (keyof WorkspaceState)[];
    if (keys.every((key) => Object.is(next[key], this.state[key]))) return;
    this.state = next;
    for (const listener of [...this.listeners]) listener();
  }

  // -------------------------------------------------------------------------------------------------
  // Viewport and fit

  /** The canvas panel offers its viewport (null when it goes away). */
  setViewport(viewport: CanvasViewport | null): void {
    this.viewport = viewport;
    this.update({ viewportReady: viewport !== null });
  }

  /** The viewport changed size (a window resize, a panel shown or hidden): a fitted canvas fits again. */
  viewportResized(): void {
    if (this.isFitted) this.fit();
  }

  /** Whether the zoom is the last fit's. */
  get isFitted(): boolean {
    return this.state.fittedZoom !== null && this.editor.zoom === this.state.fittedZoom;
  }

  /** Zooms so that the whole canvas shows in the viewport (below 0.25 when the canvas needs it). */
  fit(): void {
    const viewport = this.viewport;
    if (!viewport) return;
    const { width, height } = this.editor.model;
    const zoom = zoomToFit({ width, height }, viewport.size(), FIT_PADDING);
    this.editor.setZoom(zoom, FIT_ZOOM_MIN);
    this.update({ fittedZoom: this.editor.zoom });
  }

  /** The canvas point at the centre of the visible canvas; the canvas's centre before it is measured. */
  visibleCentre(): Point {
    const { width, height } = this.editor.model;
    return this.viewport?.centre() ?? { x: width / 2, y: height / 2 };
  }

  // -------------------------------------------------------------------------------------------------
  // Panels and the shortcut sheet

  setPanels(panels: { left: boolean; right: boolean }): void {
    this.update({ leftPanel: panels.left, rightPanel: panels.right });
  }

  /**
   * A narrow window (set by the screen) has room for the canvas and one side panel: opening one folds the
   * other, like an accordion.
   */
  setNarrow(narrow: boolean): void {
    this.narrow = narrow;
  }

  /** Shows a side panel (folding the other one in a narrow window). */
  openPanel(panel: SidePanel): void {
    const other = this.narrow ? false : undefined;
    if (panel === 'left') this.update({ leftPanel: true, rightPanel: other ?? this.state.rightPanel });
    else this.update({ rightPanel: true, leftPanel: other ?? this.state.leftPanel });
  }

  togglePanel(panel: SidePanel): void {
    const open = panel === 'left' ? this.state.leftPanel : this.state.rightPanel;
    if (!open) this.openPanel(panel);
    else if (panel === 'left') this.update({ leftPanel: false });
    else this.update({ rightPanel: false });
  }

  /** Hides both side panels, or shows them when both are hidden (only the side panel in a narrow window). */
  togglePanels(): void {
    if (this.state.leftPanel || this.state.rightPanel) this.setPanels({ left: false, right: false });
    else this.setPanels({ left: true, right: !this.narrow });
  }

  setShortcutsOpen(open: boolean): void {
    this.update({ shortcutsOpen: open });
  }

  // -------------------------------------------------------------------------------------------------
  // Save

  /** The screen's save (the Save button's action), or null when it goes away. */
  setSaveAction(action: (() => void) | null): void {
    this.saveAction = action;
    this.update({ canSave: action !== null });
  }

  save(): void {
    this.saveAction?.();
  }
}
