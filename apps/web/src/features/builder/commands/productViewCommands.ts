/** What the canvas shows: the ad drawn with the preview item ("Product") or the fields (ARCHITECTURE.md). */
import type { ProductViewCommandArgs } from './commandArgs';
import type { BuilderCommandTable } from './registry';

export const PRODUCT_VIEW_COMMANDS: Pick<BuilderCommandTable, keyof ProductViewCommandArgs> = {
  'toggle-product-view': {
    id: 'toggle-product-view',
    label: 'Switch between the product and the fields view',
    keys: ['shift+p'],
    isEnabled: () => true,
    run: (editor) => editor.setCanvasView(editor.getState().canvasView === 'product' ? 'fields' : 'product'),
  },
  'set-canvas-view': {
    id: 'set-canvas-view',
    label: 'Show the product or the fields',
    keys: [],
    isEnabled: () => true,
    run: (editor, args) => {
      if (args) editor.setCanvasView(args.view);
    },
  },
};
