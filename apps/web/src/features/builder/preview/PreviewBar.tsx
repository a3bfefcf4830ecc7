import {
  ActionIcon,
  Box,
  Collapse,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { LiveImage } from './LiveImage';
import { LiveItemStepper } from './LivePreview';
import { barItemIndexes, itemLabel } from './previewBar';
import type { PreviewSession } from './usePreviewSession';

type BarView = 'next' | 'large';

const THUMB_SIZE = 168;

/**
 * The bottom preview bar (spec section 2: "A bottom preview bar can expand, and there is a live preview").
 * Collapsed, a thin bar under the canvas with the live preview's item and the buttons to step and expand;
 * expanded, the item and the next few drawn live side by side (picking one previews it), or the one item
 * large. It shares the Preview state with the PREVIEW tab, where the catalogue and items are chosen.
 */
export function PreviewBar({
  preview,
  notice = null,
}: {
  preview: PreviewSession;
  /** Why the canvas could not draw the ad with the item (the product view's message), under the bar's title. */
  notice?: string | null;
}) {
  const { state, dispatch, renderLive } = preview;
  const [expanded, setExpanded] = useState(false);
  const [view, setView] = useState<BarView>('next');
  const items = state.previewItems;
  const item = items[state.liveIndex] ?? null;
  const step = (by: 1 | -1) => dispatch({ type: 'stepLiveIndex', step: by });

  return (
    <Paper withBorder radius="md" mt="md" component="section" aria-label="Preview bar">
      <Group justify="space-between" wrap="nowrap" gap="sm" px="sm" py={6}>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconPhoto size={16} aria-hidden />
          <Text size="sm" fw={600}>
            Preview
          </Text>
          <Text size="sm" c={item ? undefined : 'dimmed'} truncate data-testid="preview-bar-item">
            {item
              ? itemLabel(item)
              : state.catalogId
                ? 'No items to preview'
                : 'Choose a catalogue in the PREVIEW tab to see the template with its items.'}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {item && <LiveItemStepper index={state.liveIndex} count={items.length} onStep={step} />}
          <ActionIcon
            variant="subtle"
            aria-label={expanded ? 'Collapse the preview bar' : 'Expand the preview bar'}
            aria-expanded={expanded}
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded ? <IconChevronDown size={16} /> : <IconChevronUp size={16} />}
          </ActionIcon>
        </Group>
      </Group>
      {notice && (
        <Text size="xs" c="red" px="sm" pb={6} role="alert" data-testid="product-view-message">
          {notice}
        </Text>
      )}
      <Collapse expanded={expanded}>
        {/* Drawn only while open: the renderer loads when a live preview is first shown. */}
        {expanded && (
          <Stack gap="xs" px="sm" pb="sm">
            {item ? (
              <>
                <SegmentedControl
                  size="xs"
                  w="fit-content"
                  aria-label="Preview bar view"
                  value={view}
                  onChange={(value) => setView(value as BarView)}
                  data={[
                    { value: 'next', label: 'Next items' },
                    { value: 'large', label: 'Large' },
                  ]}
                />
                {view === 'large' ? (
                  <Box maw={560}>
                    <LiveImage renderLive={renderLive} item={item} maxHeight={560} />
                  </Box>
                ) : (
                  <ScrollArea type="auto" offsetScrollbars>
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      {barItemIndexes(items.length, state.liveIndex).map((index) => {
                        const entry = items[index]!;
                        const current = index === state.liveIndex;
                        return (
                          <UnstyledButton
                            key={entry.productCatalogItemId}
                            w={THUMB_SIZE}
                            aria-label={`Preview ${itemLabel(entry)}`}
                            aria-current={current || undefined}
                            onClick={() => dispatch({ type: 'selectItem', item: entry })}
                            style={{
                              borderRadius: 'var(--mantine-radius-sm)',
                              outline: current ? '2px solid var(--mantine-color-blue-filled)' : undefined,
                            }}
                          >
                            <Stack gap={4}>
                              <Box h={THUMB_SIZE} bg="var(--mantine-color-gray-light)">
                                <LiveImage
                                  renderLive={renderLive}
                                  item={entry}
                                  compact
                                  maxHeight={THUMB_SIZE}
                                />
                              </Box>
                              <Text size="xs" truncate>
                                {itemLabel(entry)}
                              </Text>
                            </Stack>
                          </UnstyledButton>
                        );
                      })}
                    </Group>
                  </ScrollArea>
                )}
              </>
            ) : (
              <Text size="sm" c="dimmed">
                Open the PREVIEW tab and choose a catalogue (and, if you like, a product set or a search): its
                items are drawn here with the template as you edit it.
              </Text>
            )}
          </Stack>
        )}
      </Collapse>
    </Paper>
  );
}
