/**
 * The side panels fold so that the canvas gets the room (issue 16): the tabs' panel on the left keeps its
 * tab list (a click on a tab opens it again, as in Canva), the properties on the right go entirely. Both
 * are the editor workspace's state, switched by commands (toolbar buttons, ctrl/cmd+\) and remembered per
 * template (rememberedView.ts). In a window narrower than 1200 px there is room for one of them beside a
 * usable canvas: opening one folds the other.
 */
import { Box } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { BuilderEditor } from '../engine/BuilderEditor';
import { useWorkspace } from '../engine/useEditorState';

/** The side tabs' panel width while it is open. */
export const SIDE_PANEL_WIDTH = 320;
/** The properties' width. */
export const PROPERTIES_WIDTH = 240;

const selectLeft = (state: { leftPanel: boolean }) => state.leftPanel;
const selectRight = (state: { rightPanel: boolean }) => state.rightPanel;

/**
 * Props for the side Tabs: the open tab (none while folded) and its width; a click on a tab while the
 * panel is folded opens it at that tab.
 */
export function useSideTabs(editor: BuilderEditor, first: string) {
  const open = useWorkspace(editor, selectLeft);
  const [tab, setTab] = useState(first);
  return {
    value: open ? tab : null,
    onChange: (next: string | null) => {
      if (next === null) return;
      setTab(next);
      if (!open) editor.workspace.openPanel('left');
    },
    w: open ? SIDE_PANEL_WIDTH : undefined,
  };
}

/** The properties panel's column, or nothing while it is folded. */
export function PropertiesSide({ editor, children }: { editor: BuilderEditor; children: ReactNode }) {
  const open = useWorkspace(editor, selectRight);
  if (!open) return null;
  return (
    <Box w={PROPERTIES_WIDTH} style={{ flexShrink: 0 }} aria-label="Properties panel" component="section">
      {children}
    </Box>
  );
}
