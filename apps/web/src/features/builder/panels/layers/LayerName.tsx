import { Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';

/** Renaming a layer: Enter or leaving the field saves, Escape cancels. Mounted afresh for each rename. */
function RenameField({
  name,
  onRename,
  onEnd,
}: {
  name: string;
  onRename: (name: string) => void;
  onEnd: () => void;
}) {
  const [typed, setTyped] = useState(name);
  // Enter or Escape ends the edit; the blur that follows when the field goes away must not save again.
  const ended = useRef(false);
  const finish = (saving: boolean) => {
    if (ended.current) return;
    ended.current = true;
    if (saving && typed !== name) onRename(typed);
    onEnd();
  };
  return (
    <TextInput
      size="xs"
      style={{ flex: 1 }}
      aria-label={`Name of ${name}`}
      value={typed}
      autoFocus
      onFocus={(event) => event.currentTarget.select()}
      onChange={(event) => setTyped(event.currentTarget.value)}
      onBlur={() => finish(true)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') finish(true);
        if (event.key === 'Escape') finish(false);
      }}
    />
  );
}

/**
 * A layer's name in the list: a click selects (shift or ctrl/cmd adds to the selection or takes the layer
 * out of it), a double-click or F2 starts renaming.
 */
export function LayerName({
  name,
  renaming,
  muted,
  size = 'sm',
  onSelect,
  onStartRename,
  onRename,
  onEndRename,
}: {
  name: string;
  renaming: boolean;
  muted: boolean;
  size?: 'sm' | 'xs';
  onSelect: (adding: boolean) => void;
  onStartRename: () => void;
  onRename: (name: string) => void;
  onEndRename: () => void;
}) {
  if (renaming) return <RenameField name={name} onRename={onRename} onEnd={onEndRename} />;
  return (
    <Text
      size={size}
      c={muted ? 'dimmed' : undefined}
      style={{ cursor: 'pointer', flex: 1, minWidth: 0, userSelect: 'none' }}
      role="button"
      tabIndex={0}
      aria-label={`Select ${name}`}
      title="Click to select, shift-click to add, double-click to rename"
      onClick={(event) => onSelect(event.shiftKey || event.ctrlKey || event.metaKey)}
      onDoubleClick={onStartRename}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onSelect(event.shiftKey || event.ctrlKey || event.metaKey);
        }
        if (event.key === 'F2') onStartRename();
      }}
      truncate
    >
      {name || 'Unnamed layer'}
    </Text>
  );
}
