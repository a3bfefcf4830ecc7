/** Builder constants of spec section 9; builder, renderer and server read them from here. */
export const BUILDER = {
  defaultWidth: 1080,
  defaultHeight: 1080,
  minSize: 50,
  maxSize: 3000,
  maxNameLength: 100,
  zoom: { min: 0.25, max: 2, step: 0.1 },
  undoSteps: 50,
  pollMs: 1000,
  fontPreloadTimeoutMs: 3000,
  defaultFontPreloadTimeoutMs: 10000,
  snapDistance: 4,
  guideMargin: 5,
  arrowMove: 1,
} as const;

/** Application constants of spec section 9. */
export const APPLICATION = {
  notificationDisappearAfterMs: 10000,
  sidebarExpandedByDefault: true,
} as const;
