import {
  Box,
  Button,
  CheckIcon,
  ColorPicker,
  ColorSwatch,
  Group,
  Popover,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconBookmarkPlus } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { normalizeHexColor, paintOf, paintText, type BrandSwatch, type Paint } from './paint';
import { useBrandColors } from './useBrandColors';

export interface ColorFieldProps {
  label: string;
  /** A CSS colour (#rrggbb), a gradient `url(#id)`, or null for none. */
  value: string | null;
  /**
   * A colour was chosen: a swatch, the end of a drag in the picker, a typed hex colour. Always #rrggbb
   * (or #rrggbbaa), lower case.
   */
  onChange: (value: string) => void;
  /** The colour while the picker is being dragged (onChange follows at the drag's end). */
  onPreview?: (value: string) => void;
  /** When given, the field offers 'None' (no paint) and calls this when it is chosen. */
  onClear?: () => void;
  /**
   * The field's edit session began (it took focus) and ended (it lost focus): the owner brackets them
   * with the editor's mark() and commit() so everything done in the field is one undo step.
   */
  onEditStart?: () => void;
  onEditEnd?: () => void;
}

/** Hex digits typed so far, when they make a whole 6- or 8-digit colour (applied while typing). */
function isWholeHex(text: string): boolean {
  return /^#?([0-9a-f]{6}|[0-9a-f]{8})$/i.test(text.trim());
}

function PaintPreview({ paint }: { paint: Paint }) {
  if (paint.kind === 'gradient')
    return (
      <Box
        aria-hidden
        w={16}
        h={16}
        style={{ borderRadius: 4, background: 'linear-gradient(135deg, #228be6, #fab005)' }}
      />
    );
  if (paint.kind === 'color') return <ColorSwatch color={paint.hex} size={16} radius="sm" />;
  // None (or a value the field cannot draw): a white swatch crossed out.
  return (
    <Box
      aria-hidden
      w={16}
      h={16}
      style={{
        borderRadius: 4,
        border: '1px solid var(--mantine-color-gray-4)',
        background:
          'linear-gradient(to top right, transparent calc(50% - 1px), var(--mantine-color-red-6) 50%, transparent calc(50% + 1px))',
      }}
    />
  );
}

function BrandSwatches({
  swatches,
  current,
  onPick,
}: {
  swatches: readonly BrandSwatch[];
  current: string | null;
  onPick: (hex: string) => void;
}) {
  return (
    <Group gap={6} role="group" aria-label="Brand colours">
      {swatches.map((swatch) => (
        <ColorSwatch
          key={swatch.key}
          component="button"
          type="button"
          color={swatch.hex}
          size={22}
          radius="sm"
          title={`${swatch.name} ${swatch.hex}${swatch.pending ? ' (saving)' : ''}`}
          aria-label={`${swatch.name} ${swatch.hex}`}
          data-pending={swatch.pending || undefined}
          style={{ cursor: 'pointer', opacity: swatch.pending ? 0.6 : 1 }}
          tabIndex={-1}
          onClick={() => onPick(swatch.hex)}
        >
          {current === swatch.hex && <CheckIcon size={10} color="var(--mantine-color-white)" />}
        </ColorSwatch>
      ))}
    </Group>
  );
}

/**
 * The one colour field of the builder's panels (fills, strokes, text colour, rating colours, the canvas
 * background), in the manner of Mantine's ColorInput: a hex input whose dropdown holds the picker, the
 * brand kit's colours as swatches, and saving the current colour to the kit as 'New Color' (spec section
 * 7 rows 5 and 8, section 8). A gradient is shown as its `url(#id)` and left alone until a colour is
 * chosen.
 */
export function ColorField({
  label,
  value,
  onChange,
  onPreview,
  onClear,
  onEditStart,
  onEditEnd,
}: ColorFieldProps) {
  const paint = paintOf(value);
  const current = paint.kind === 'color' ? paint.hex : null;
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const brand = useBrandColors();
  const inKit = current !== null && brand.swatches.some((swatch) => swatch.hex === current);
  const limitNote = brand.limit
    ? `The brand kit can hold at most ${brand.limit.maxItems} colours. Delete one to add another.`
    : null;

  const choose = (hex: string) => {
    setDraft(null);
    setSaveError(null);
    if (hex !== current) onChange(hex);
  };

  /** Applies a typed colour; false when the text is not one. */
  const applyDraft = (): boolean => {
    if (draft === null) return true;
    const hex = normalizeHexColor(draft);
    if (hex === null) return false;
    choose(hex);
    return true;
  };

  const open = () => {
    if (!opened) setOpened(true);
  };

  const saveToKit = async () => {
    if (current === null) return;
    setSaving(true);
    setSaveError(null);
    const outcome = await brand.save(current);
    setSaving(false);
    if (!outcome.ok) setSaveError(outcome.limitReached && limitNote ? limitNote : outcome.reason);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      setDraft(null);
      setOpened(false);
    } else if (event.key === 'Enter') {
      if (applyDraft()) setOpened(false);
    }
  };

  const note = saveError ?? (brand.hasRoom ? null : limitNote);

  return (
    <Popover
      opened={opened}
      position="bottom-start"
      offset={5}
      withRoles={false}
      trapFocus={false}
      returnFocus={false}
      transitionProps={{ duration: 0 }}
    >
      <Popover.Target>
        <TextInput
          size="xs"
          label={label}
          description={paint.kind === 'gradient' ? 'A gradient: choose a colour to replace it.' : undefined}
          placeholder={paint.kind === 'none' ? 'None' : undefined}
          value={draft ?? paintText(paint)}
          spellCheck={false}
          autoComplete="off"
          leftSection={<PaintPreview paint={draft !== null ? paintOf(normalizeHexColor(draft)) : paint} />}
          leftSectionPointerEvents="none"
          onFocus={() => {
            onEditStart?.();
            open();
          }}
          onClick={open}
          onBlur={() => {
            applyDraft();
            setDraft(null);
            setOpened(false);
            onEditEnd?.();
          }}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            const text = event.currentTarget.value;
            setDraft(text);
            open();
            const hex = normalizeHexColor(text);
            if (hex !== null && isWholeHex(text) && hex !== current) onChange(hex);
          }}
        />
      </Popover.Target>
      <Popover.Dropdown
        role="dialog"
        aria-label={`${label} colour`}
        // Clicks inside keep the focus in the input, as in Mantine's ColorInput: the edit stays open.
        onMouseDown={(event) => event.preventDefault()}
      >
        <Stack gap="xs" w={220}>
          <ColorPicker
            size="sm"
            format="hex"
            fullWidth
            focusable={false}
            value={current ?? '#ffffff'}
            onChange={(next) => {
              setDraft(null);
              const hex = normalizeHexColor(next);
              if (hex !== null) onPreview?.(hex);
            }}
            onChangeEnd={(next) => {
              const hex = normalizeHexColor(next);
              if (hex !== null) choose(hex);
            }}
          />
          {onClear && (
            <Button
              size="compact-xs"
              variant={paint.kind === 'none' ? 'filled' : 'default'}
              tabIndex={-1}
              onClick={() => {
                setDraft(null);
                if (paint.kind !== 'none') onClear();
              }}
            >
              None
            </Button>
          )}
          <Text size="xs" fw={500}>
            Brand colours
          </Text>
          {brand.loadFailed ? (
            <Text size="xs" c="dimmed">
              The brand kit could not be loaded. Reopen the builder to try again.
            </Text>
          ) : brand.swatches.length === 0 ? (
            <Text size="xs" c="dimmed">
              No brand colours yet.
            </Text>
          ) : (
            <BrandSwatches swatches={brand.swatches} current={current} onPick={choose} />
          )}
          <Button
            size="compact-xs"
            variant="light"
            tabIndex={-1}
            leftSection={<IconBookmarkPlus size={14} />}
            loading={saving}
            disabled={current === null || inKit || !brand.hasRoom}
            title={inKit ? 'This colour is in the brand kit.' : undefined}
            onClick={() => void saveToKit()}
          >
            Save to brand kit
          </Button>
          {note && (
            <Text size="xs" c="red.7" role="note">
              {note}
            </Text>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
